import { useEffect, useRef, useState } from "react";
import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS } from "../../../../contracts/accounts.ts";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { QueryLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { formatDay } from "../../../utils/dates.ts";
import { useEmailVerification } from "../api/get-email-verification.ts";
import { useRequestEmailVerification } from "../api/request-email-verification.ts";
import * as styles from "./MyProfilePage.css.ts";

/** The answers the user can act on (already verified, too many links) stay written in the section, not only in a toast. */
const IN_SECTION_STATUSES = new Set([409, 429]);

/**
 * Mi perfil's e-mail verification (decision 023: a buyer needs it to ask for
 * a company's full profile): verified, with the day, or not yet, with the
 * button that e-mails a new link. The state is said in words, with a mark
 * that is not only a colour.
 */
export function EmailVerificationSection() {
  const status = useEmailVerification();
  const request = useRequestEmailVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const verified = status.data?.verified === true;
  // A 409 (verified meanwhile, in another tab) swaps the button for the verified state: the focus goes to the section, not the page's top.
  useEffect(() => {
    if (verified && problem !== undefined) headingRef.current?.focus();
  }, [verified, problem]);

  const send = () => {
    setProblem(undefined);
    request.mutate(undefined, {
      onSuccess: () => {
        setSentTo(status.data?.email ?? null);
        toastSuccess(EMAIL_VERIFICATION_MESSAGES.sent);
      },
      onError: (error) => {
        if (isApiError(error) && IN_SECTION_STATUSES.has(error.status)) setProblem(error.message);
        else toastApiError(error);
      },
    });
  };

  const data = status.data;
  return (
    <section className={styles.section} aria-labelledby="perfil-correo-title">
      <h2 id="perfil-correo-title" ref={headingRef} tabIndex={-1} className={styles.sectionTitle}>
        Verificación de correo
      </h2>
      {status.isError ? (
        <QueryLoadError queries={[status]} message="No pudimos consultar si tu correo está verificado." compact />
      ) : data === undefined ? (
        <Spinner label="Consultando tu correo" />
      ) : data.verified ? (
        <>
          <p className={styles.verified}>
            <span aria-hidden="true">✓ </span>Correo verificado
          </p>
          <p className={styles.muted}>
            {data.email}
            {data.verified_at === null ? "" : `, verificado el ${formatDay(data.verified_at)}`}.
          </p>
        </>
      ) : (
        <>
          <p className={styles.unverified}>
            <span aria-hidden="true">! </span>Tu correo no está verificado
          </p>
          <p className={styles.muted}>
            Para pedir acceso al perfil completo de una empresa necesitas verificar tu correo. Te enviaremos a {data.email} un enlace que vale{" "}
            {EMAIL_VERIFICATION_TTL_HOURS} horas; si pides otro, el anterior deja de funcionar.
          </p>
          <Button variant="secondary" className={styles.submit} isPending={request.isPending} onPress={send}>
            Enviar enlace de verificación
          </Button>
          {/* The toast announces the sending; this stays for whoever looks for it later. */}
          {sentTo === null ? null : <p className={styles.muted}>Enlace enviado a {sentTo}. Revisa tu bandeja de entrada y la de correo no deseado.</p>}
        </>
      )}
      <FormAlert message={problem} />
    </section>
  );
}
