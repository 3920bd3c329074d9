import { INTEREST_MESSAGES, InterestMessageRequest } from "../../../../contracts/marketplace.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useForm } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
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
  const form = useForm({
    initialValues: { name: session.name ?? "", email: session.email ?? "", summary: "" },
    validate: (values: { name: string; email: string; summary: string }) => validateForm(InterestMessageRequest, { ...values, human_id: humanId }),
    submit: send.mutateAsync,
    onSuccess: (_result, _body, { setValues }) => {
      toastSuccess(INTEREST_MESSAGES.sent);
      setValues((current) => ({ ...current, summary: "" }));
    },
  });
  const { values, set, errors } = form;

  return (
    <section className={styles.formCard} aria-labelledby="interest-title">
      <h2 id="interest-title" className={styles.sectionTitle}>
        Me interesa esta empresa
      </h2>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <p className={styles.hint}>Tu mensaje llega directo al contacto de la empresa; la comunicación es 1 a 1.</p>
        <TextField label="Nombre" name="name" autoComplete="name" value={values.name} onChange={set("name")} errorMessage={errors["name"]} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} errorMessage={errors["email"]} />
        <TextField label="Referencia de la empresa" name="human_id" value={humanId} isReadOnly />
        <TextAreaField
          label="Mensaje"
          name="summary"
          rows={5}
          placeholder="Cuéntale a la empresa quién eres y qué te interesa"
          value={values.summary}
          onChange={set("summary")}
          errorMessage={errors["summary"]}
        />
        <Button type="submit" fullWidth isPending={form.isSubmitting}>
          Enviar mensaje
        </Button>
      </form>
    </section>
  );
}
