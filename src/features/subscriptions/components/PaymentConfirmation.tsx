import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { SUBSCRIPTION_TEXT } from "../../../../machines/subscription/selectors.ts";
import { pageActions } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useSubscription } from "../state/use-subscription.ts";
import * as styles from "./PaymentSuccessPage.css.ts";

type Outcome = "confirming" | "active" | "unconfirmed";

/**
 * /pago-exitoso signed in, back from the checkout: the plan as the server has
 * it. The payment webhook may land a moment after the user does, so the
 * machine checks a few times (`subscription.paymentReturned`) before it gives
 * up; 'Revisar de nuevo' starts the checks again. Its own chunk (the
 * subscription machine, XState, the API client), which ./PaymentSuccessPage.tsx
 * loads only for a signed-in person.
 */
export default function PaymentConfirmation({ isSeller }: { readonly isSeller: boolean }) {
  const { subscription, send } = useSubscription();
  const [retried, setRetried] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // Before the first paint, so a plan known from earlier never shows as the answer.
  useLayoutEffect(() => {
    send({ type: "subscription.paymentReturned" });
  }, [send]);

  const outcome: Outcome | null =
    subscription === null
      ? null
      : subscription.isConfirmingPayment || subscription.isLoading
        ? "confirming"
        : subscription.isPaid
          ? "active"
          : "unconfirmed";

  // 'Revisar de nuevo' goes away once the plan is active: keep the focus on the page (the answer).
  useEffect(() => {
    if (outcome !== "active" || !retried) return;
    const active = document.activeElement;
    if (active === null || active === document.body) statusRef.current?.focus();
  }, [outcome, retried]);

  if (subscription === null || outcome === null) return null;
  const text =
    outcome === "confirming"
      ? SUBSCRIPTION_TEXT.confirmingPayment
      : outcome === "active"
        ? subscription.statusText
        : (subscription.paymentText ?? SUBSCRIPTION_TEXT.paymentUnconfirmed);

  return (
    <>
      <div role="status" className={styles.status}>
        {outcome === "confirming" ? <Spinner size="large" /> : null}
        <p ref={statusRef} tabIndex={-1} className={styles.statusText}>
          {text}
        </p>
      </div>
      {outcome === "active" ? (
        <div className={pageActions}>
          <Link href="/mi-perfil?tab=configuracion" variant="primary">
            Ver mi plan
          </Link>
          {isSeller ? (
            <Link href="/mis-empresas" variant="secondary">
              Ir a Mis empresas
            </Link>
          ) : (
            <Link href="/compra-una-empresa" variant="secondary">
              Ir a Compra una empresa
            </Link>
          )}
        </div>
      ) : outcome === "unconfirmed" || retried ? (
        <div className={pageActions}>
          <Button
            isPending={outcome === "confirming"}
            onPress={() => {
              setRetried(true);
              send({ type: "subscription.paymentReturned" });
            }}
          >
            Revisar de nuevo
          </Button>
          <Link href="/contacto" variant="secondary">
            Contactar a soporte
          </Link>
        </div>
      ) : null}
    </>
  );
}
