import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { RecoverPasswordRequest, ResetPasswordForm } from "../../../../contracts/accounts.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useForm } from "../../../lib/form.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { DEFAULT_AFTER_LOGIN } from "../../../utils/safe-redirect.ts";
import { schemaValidator } from "../../../lib/form-schema.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { useRequestPasswordRecovery } from "../api/request-password-recovery.ts";
import { useResetPassword } from "../api/reset-password.ts";
import * as styles from "./LoginPage.css.ts";

const validateRequest = schemaValidator(RecoverPasswordRequest);
const validateReset = schemaValidator(ResetPasswordForm);

/** Step 1: ask for the e-mail; the answer is the same whether or not it has an account. */
function RequestLinkForm() {
  const request = useRequestPasswordRecovery();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: "" },
    validate: validateRequest,
    submit: (value) => request.mutateAsync({ email: value.email.toLowerCase() }),
    onSuccess: ({ message }) => {
      toastSuccess("Se envió el correo electrónico correctamente");
      setSentMessage(message);
    },
  });

  return (
    <>
      <p className={styles.lead}>Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      {sentMessage === null ? null : (
        <p role="status" className={styles.notice}>
          {sentMessage}
        </p>
      )}
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <TextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
        <Button type="submit" fullWidth isPending={form.isSubmitting}>
          {sentMessage === null ? "Enviar enlace" : "Enviar de nuevo"}
        </Button>
      </form>
    </>
  );
}

/** Step 2 (the link from the e-mail): choose the new password. */
function NewPasswordForm({ token }: { readonly token: string }) {
  const [, navigate] = useLocation();
  const send = useSessionSend();
  const reset = useResetPassword();
  const [linkFailed, setLinkFailed] = useState(false);
  const form = useForm({
    initialValues: { password: "", password_confirmation: "" },
    validate: validateReset,
    submit: (value) => reset.mutateAsync({ recover_token: token, password: value.password, password_confirmation: value.password_confirmation }),
    // Every other session ended on the server; the person who proved the e-mail is signed in afresh.
    onSuccess: ({ access_token }) => {
      toastSuccess("Contraseña actualizada con éxito");
      send({ type: "session.login", token: access_token });
      navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    },
    // An invalid or used link (400): offer a new one beside the toast.
    onError: (error) => {
      if (isApiError(error) && error.status === 400) setLinkFailed(true);
    },
  });

  return (
    <>
      <p className={styles.lead}>Elige una nueva contraseña de al menos 8 caracteres.</p>
      <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
        <PasswordField {...form.field("password", { label: "Nueva contraseña" })} autoComplete="new-password" />
        <PasswordField {...form.field("password_confirmation", { label: "Confirmar contraseña" })} autoComplete="new-password" />
        <Button type="submit" fullWidth isPending={form.isSubmitting}>
          Guardar contraseña
        </Button>
      </form>
      {linkFailed ? (
        <p className={styles.footer}>
          <Link href="/recuperar-contrasena">Solicitar un nuevo enlace</Link>
        </p>
      ) : null}
    </>
  );
}

/** /recuperar-contrasena: without `token` asks for the e-mail; with it, for the new password. */
export default function RecoverPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  const hasToken = token !== null && token.trim() !== "";
  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="recuperar-title">
        <h1 id="recuperar-title" className={styles.title}>
          {hasToken ? "Crea una nueva contraseña" : "Recupera tu contraseña"}
        </h1>
        {/* A new key per mode: leaving the link for the e-mail form starts clean. */}
        {hasToken ? <NewPasswordForm key="reset" token={token} /> : <RequestLinkForm key="request" />}
        <p className={styles.footer}>
          <Link href="/iniciar-sesion">Volver a iniciar sesión</Link>
        </p>
      </section>
    </div>
  );
}
