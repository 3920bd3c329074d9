import { useLocation, useSearch } from "wouter";
import { LoginRequest } from "../../../../contracts/sessions.ts";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { FORM_ERROR, useForm } from "../../../lib/form.ts";
import { schemaValidator } from "../../../lib/form-schema.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { signOutNoticeFrom } from "../../../lib/sign-out-notice.ts";
import { safeRedirect } from "../../../utils/safe-redirect.ts";
import { useCreateSession } from "../api/create-session.ts";
import { landingAfterLogin } from "../api/landing-after-login.ts";
import * as styles from "./LoginPage.css.ts";

const validateLogin = schemaValidator(LoginRequest);

export default function LoginPage() {
  const send = useSessionSend();
  const [, navigate] = useLocation();
  const search = useSearch();
  const notice = signOutNoticeFrom(search);
  const createSession = useCreateSession();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: validateLogin,
    // Where to land is decided before signing in (the button stays busy meanwhile), so the signed-out guard never moves the page first.
    submit: async (body: typeof LoginRequest.Encoded) => {
      const { access_token } = await createSession.mutateAsync(body);
      return { access_token, target: safeRedirect(search) ?? (await landingAfterLogin(access_token)) };
    },
    // Wrong credentials (401) or a deactivated account (403) are about what
    // was typed: said in the form, by the button, not in a toast over the header.
    mapApiError: (error) => (error.status === 401 || error.status === 403 ? { [FORM_ERROR]: error.message } : null),
    onSuccess: ({ access_token, target }) => {
      navigate(target, { replace: true });
      send({ type: "session.login", token: access_token });
    },
  });

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          Iniciar sesión
        </h1>
        {notice === null ? null : (
          // Said as the page opens (role alert): the app just signed this person out.
          <div role="alert" className={styles.notice}>
            <p>{notice}</p>
            <Link href="/contacto">Escríbenos</Link>
          </div>
        )}
        <form ref={form.formRef} className={styles.form} noValidate onSubmit={form.onSubmit}>
          <TextField {...form.field("email", { label: "Email" })} type="email" autoComplete="email" />
          <PasswordField {...form.field("password", { label: "Contraseña" })} autoComplete="current-password" />
          <Link href="/recuperar-contrasena" className={styles.forgot}>
            ¿Olvidaste tu contraseña?
          </Link>
          <FormAlert message={form.formError} />
          <Button type="submit" fullWidth isPending={form.isSubmitting}>
            Iniciar sesión
          </Button>
        </form>
        <p className={styles.footer}>
          <Link href="/comprador-o-vendedor">¿No tienes cuenta? Regístrate</Link>
        </p>
      </section>
    </div>
  );
}
