import { INTEREST_MESSAGES } from "../../../../contracts/marketplace-constants.ts";
import { useLocation } from "wouter";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { useForm } from "../../../lib/form.ts";
import { useSession } from "../../../lib/session.tsx";
import { toastSuccess } from "../../../lib/toast.ts";
import { loginPathFor } from "../../../utils/safe-redirect.ts";
import { useCreateInterestMessage } from "../api/create-interest-message.ts";
import * as styles from "./BusinessProfilePage.css.ts";

interface InterestMessageProps {
  readonly companyId: number;
  readonly humanId: string;
}

/**
 * The interest message (spec: name, email, human_id, summary). Only a
 * signed-in person may send one (the server answers a visitor 401): a
 * visitor on the public profile (decision 043) is offered to sign in and
 * come back, instead of a form that could only fail after being filled in.
 */
export function InterestMessageForm(props: InterestMessageProps) {
  const session = useSession();
  const [location] = useLocation();
  if (!session.isSignedIn) {
    return (
      <section className={styles.formCard} aria-labelledby="interest-title">
        <h2 id="interest-title" className={styles.sectionTitle}>
          Me interesa esta empresa
        </h2>
        <p className={styles.hint}>Inicia sesión para enviar un mensaje directo al contacto de la empresa; la comunicación es 1 a 1.</p>
        <Link href={loginPathFor(location)} variant="primary">
          Inicia sesión para escribirle
        </Link>
      </section>
    );
  }
  return <SignedInInterestForm {...props} />;
}

/**
 * The form itself. Name and e-mail start from the session; the reference is
 * the company's. An empty message is never sent: the field says so instead.
 */
function SignedInInterestForm({ companyId, humanId }: InterestMessageProps) {
  const session = useSession();
  const send = useCreateInterestMessage(companyId);
  const form = useForm({
    // The company's reference is shown read-only and sent with the message.
    initialValues: { name: session.name ?? "", email: session.email ?? "", human_id: humanId, summary: "" },
    // The contract's schema (and Effect with it) loads on the first submit, not with the profile (decision 047).
    validate: async (values: { name: string; email: string; human_id: string; summary: string }) => {
      const [{ validateForm }, { InterestMessageRequest }] = await Promise.all([import("../../../lib/form-schema.ts"), import("../../../../contracts/marketplace.ts")]);
      return validateForm(InterestMessageRequest, { ...values, human_id: humanId });
    },
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
