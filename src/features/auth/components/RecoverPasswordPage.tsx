import { useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { RecoverPasswordRequest, ResetPasswordForm } from "../../../../contracts/accounts.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useValidatedForm } from "../../../lib/form.ts";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useRequestPasswordRecovery } from "../api/request-password-recovery.ts";
import { useResetPassword } from "../api/reset-password.ts";
import * as styles from "./LoginPage.css.ts";

/** Step 1: ask for the e-mail; the answer is the same whether or not it has an account. */
function RequestLinkForm() {
  const request = useRequestPasswordRecovery();
  const [email, setEmail] = useState("");
  const { errors, formRef, validate } = useValidatedForm(RecoverPasswordRequest);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const value = validate({ email });
    if (value === null) return;
    request.mutate(
      { email: value.email.toLowerCase() },
      {
        onSuccess: ({ message }) => {
          toastSuccess("Se envió el correo electrónico correctamente");
          setSentMessage(message);
        },
        onError: (error) => toastApiError(error),
      },
    );
  };

  return (
    <>
      <p className={styles.lead}>Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</p>
      {sentMessage === null ? null : (
        <p role="status" className={styles.notice}>
          {sentMessage}
        </p>
      )}
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} errorMessage={errors["email"]} />
        <Button type="submit" fullWidth isPending={request.isPending}>
          {sentMessage === null ? "Enviar enlace" : "Enviar de nuevo"}
        </Button>
      </form>
    </>
  );
}

/** Step 2 (the link from the e-mail): choose the new password. */
function NewPasswordForm({ token }: { readonly token: string }) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const { errors, formRef, validate } = useValidatedForm(ResetPasswordForm);
  const [linkFailed, setLinkFailed] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const value = validate({ password, password_confirmation: confirmation });
    if (value === null) return;
    reset.mutate(
      { recover_token: token, password: value.password, password_confirmation: value.password_confirmation },
      {
        onSuccess: () => {
          toastSuccess("Contraseña actualizada con éxito");
          navigate("/iniciar-sesion", { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400) setLinkFailed(true);
          toastApiError(error);
        },
      },
    );
  };

  return (
    <>
      <p className={styles.lead}>Elige una nueva contraseña de al menos 8 caracteres.</p>
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordField
          label="Nueva contraseña"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          errorMessage={errors["password"]}
        />
        <PasswordField
          label="Confirmar contraseña"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          errorMessage={errors["password_confirmation"]}
        />
        <Button type="submit" fullWidth isPending={reset.isPending}>
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
