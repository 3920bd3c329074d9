import { useState, type FormEvent } from "react";
import { INTEREST_MESSAGES, InterestMessageRequest } from "../../../../contracts/companies.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useValidatedForm } from "../../../lib/form.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useCreateInterestMessage } from "../api/create-interest-message.ts";
import * as styles from "./BusinessProfilePage.css.ts";

/**
 * The interest message (spec: name, email, human_id, summary). Name and
 * e-mail start from the session; the reference is the company's. An empty
 * message is never sent: the field says so instead.
 */
export function InterestMessageForm({ companyId, humanId }: { readonly companyId: number; readonly humanId: string }) {
  const session = useSession();
  const send = useCreateInterestMessage(companyId);
  const [name, setName] = useState(session.name ?? "");
  const [email, setEmail] = useState(session.email ?? "");
  const [summary, setSummary] = useState("");
  const { errors, formRef, validate } = useValidatedForm(InterestMessageRequest);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const value = validate({ name, email, human_id: humanId, summary });
    if (value === null) return;
    send.mutate(value, {
      onSuccess: () => {
        toastSuccess(INTEREST_MESSAGES.sent);
        setSummary("");
      },
      onError: (error) => toastApiError(error),
    });
  };

  return (
    <section className={styles.formCard} aria-labelledby="interest-title">
      <h2 id="interest-title" className={styles.sectionTitle}>
        Me interesa esta empresa
      </h2>
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        <p className={styles.hint}>Tu mensaje llega directo al contacto de la empresa; la comunicación es 1 a 1.</p>
        <TextField label="Nombre" name="name" autoComplete="name" value={name} onChange={setName} errorMessage={errors["name"]} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} errorMessage={errors["email"]} />
        <TextField label="Referencia de la empresa" name="human_id" value={humanId} isReadOnly />
        <TextAreaField
          label="Mensaje"
          name="summary"
          rows={5}
          placeholder="Cuéntale a la empresa quién eres y qué te interesa"
          value={summary}
          onChange={setSummary}
          errorMessage={errors["summary"]}
        />
        <Button type="submit" fullWidth isPending={send.isPending}>
          Enviar mensaje
        </Button>
      </form>
    </section>
  );
}
