import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation, useSearch } from "wouter";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS } from "../../../../contracts/accounts.ts";
import { Page, pageActions } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { GENERIC_ERROR_MESSAGE, isApiError } from "../../../lib/api-error.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { DEFAULT_AFTER_LOGIN } from "../../../utils/safe-redirect.ts";
import { useVerifyEmail } from "../api/verify-email.ts";
import * as styles from "./VerifyEmailPage.css.ts";

const TITLE = "Verifica tu correo";

/** How to get a new link, said wherever the link did not work. */
const NEW_LINK_HOW = `Para recibir un enlace nuevo, inicia sesión y, en Mi perfil, elige «Enviar enlace de verificación». Cada enlace vale ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo se puede usar una vez.`;

function ProfileLink() {
  return (
    <Link href="/mi-perfil" variant="secondary">
      Ir a Mi perfil
    </Link>
  );
}

/** Said, in a toast, on the marketplace the verified link lands on. */
export const VERIFIED_TOAST = `${EMAIL_VERIFICATION_MESSAGES.verified} Ya puedes pedir acceso al perfil completo de las empresas que te interesen.`;

/**
 * /verificar-correo?token=…: the page the e-mailed link opens (no session
 * needed: it may open on another device). It sends the token once, when it
 * loads. Verified, the buyer is signed in (the answer's token, when this
 * browser had no session; a session it had is kept) and lands on the
 * marketplace with the news in a toast. An invalid or expired link says how
 * to ask for a new one; without a token, what to do.
 */
export default function VerifyEmailPage() {
  const token = (new URLSearchParams(useSearch()).get("token") ?? "").trim();
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const send = (value: string) =>
    mutate(value, {
      onSuccess: () => {
        toastSuccess(VERIFIED_TOAST);
        navigate(DEFAULT_AFTER_LOGIN, { replace: true });
      },
    });
  const sendOnLoad = useEffectEvent((value: string) => send(value));
  // Once per token: a re-render (or React's development double effects) must not spend the one-time link twice.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (token === "" || sentFor.current === token) return;
    sentFor.current = token;
    sendOnLoad(token);
  }, [token]);

  if (token === "") {
    return (
      <Page title={TITLE} narrow>
        <div className={styles.result}>
          <p>Para verificar tu correo, abre el enlace que te enviamos por correo electrónico desde Puente.</p>
          <p className={styles.muted}>Si no lo encuentras o ya venció, pide uno nuevo. {NEW_LINK_HOW}</p>
          <div className={pageActions}>
            <ProfileLink />
          </div>
        </div>
      </Page>
    );
  }
  if (verify.isSuccess) {
    return (
      <Page title={TITLE} narrow>
        <div className={styles.result}>
          <p role="status" className={styles.success}>
            <span aria-hidden="true">✓ </span>
            {EMAIL_VERIFICATION_MESSAGES.verified}
          </p>
          <p className={styles.muted}>Ya puedes pedir acceso al perfil completo de las empresas que te interesen.</p>
          <div className={pageActions}>
            <Link href="/compra-una-empresa" variant="primary">
              Explorar empresas
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  if (verify.isError) {
    const error = verify.error;
    const status = isApiError(error) ? error.status : 0;
    // 400: not valid, used or expired; 429: too many tries from here; anything else may work on a retry.
    const message = status === 400 ? EMAIL_VERIFICATION_MESSAGES.invalidLink : isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE;
    return (
      <Page title={TITLE} narrow>
        <div className={styles.result}>
          <p role="alert" className={styles.failure}>
            <span aria-hidden="true">! </span>
            {message}
          </p>
          {status === 400 ? <p className={styles.muted}>{NEW_LINK_HOW}</p> : null}
          <div className={pageActions}>
            {status === 400 ? null : <Button onPress={() => send(token)}>Intentar de nuevo</Button>}
            <ProfileLink />
          </div>
        </div>
      </Page>
    );
  }
  return (
    <Page title={TITLE} narrow>
      <Spinner size="large" label="Verificando tu correo" />
    </Page>
  );
}
