import { useRef, useState, type FormEvent } from "react";
import { Either, Schema } from "effect";
import { useLocation, useSearch } from "wouter";
import { LoginRequest } from "../../../../contracts/sessions.ts";
import { fieldErrors, type FieldErrors } from "../../../../contracts/fields.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { PasswordField } from "../../../components/ui/PasswordField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { GENERIC_ERROR_MESSAGE, isApiError } from "../../../lib/api-client.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { toastError } from "../../../lib/toast.ts";
import { DEFAULT_AFTER_LOGIN, safeRedirect } from "../../../utils/safe-redirect.ts";
import { useCreateSession } from "../api/create-session.ts";
import * as styles from "./LoginPage.css.ts";

const decodeLogin = Schema.decodeUnknownEither(LoginRequest, { errors: "all" });

export default function LoginPage() {
  const send = useSessionSend();
  const [, navigate] = useLocation();
  const search = useSearch();
  const createSession = useCreateSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createSession.isPending) return;
    const decoded = decodeLogin({ email, password });
    if (Either.isLeft(decoded)) {
      const next = fieldErrors(decoded.left);
      setErrors(next);
      (next["email"] ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    createSession.mutate(decoded.right, {
      onSuccess: ({ access_token }) => {
        navigate(safeRedirect(search) ?? DEFAULT_AFTER_LOGIN, { replace: true });
        send({ type: "session.login", token: access_token });
      },
      onError: (error) => toastError(isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE),
    });
  };

  return (
    <div className={styles.wrapper}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          Iniciar sesión
        </h1>
        <form className={styles.form} noValidate onSubmit={onSubmit}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputRef={emailRef}
            value={email}
            onChange={setEmail}
            errorMessage={errors["email"]}
          />
          <PasswordField
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            inputRef={passwordRef}
            value={password}
            onChange={setPassword}
            errorMessage={errors["password"]}
          />
          <Link href="/recuperar-contrasena" className={styles.forgot}>
            ¿Olvidaste tu contraseña?
          </Link>
          <Button type="submit" fullWidth isPending={createSession.isPending}>
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
