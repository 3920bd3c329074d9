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
    // The company's reference is shown read-only and sent with the message.
    initialValues: { name: session.name ?? "", email: session.email ?? "", human_id: humanId, summary: "" },
    validate: (values: { name: string; email: string; human_id: string; summary: string }) => validateForm(InterestMessageRequest, { ...values, human_id: humanId }),
    submit: send.mutateAsync,
    onSuccess: (_result, _body, { setValues }) => {
      toastSuccess(INTEREST_MESSAGES.sent);
      setValues((current) => ({ ...current, summary: "" }));
    },
  });
  return (
    <section className={styles.formCard} aria-labelledby="interest-title">
      <h2 id="interest-title" className={styles.sectionTitle}>
        Me interesa esta empresa
      </h2>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <p className={styles.hint}>Tu mensaje llega directo al contacto de la empresa; la comunicación es 1 a 1.</p>
        <TextField {...form.field("name", { label: "Nombre" })} autoComplete="name" />
        <TextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
        <TextField {...form.field("human_id", { label: "Referencia de la empresa" })} isReadOnly />
        <TextAreaField {...form.field("summary", { label: "Mensaje" })} rows={5} placeholder="Cuéntale a la empresa quién eres y qué te interesa" />
        <Button type="submit" fullWidth isPending={form.isSubmitting}>
          Enviar mensaje
        </Button>
      </form>
    </section>
  );
}
