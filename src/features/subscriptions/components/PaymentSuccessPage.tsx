import { lazy, Suspense } from "react";
import { useLocation, useSearch } from "wouter";
import { SUBSCRIPTION_TEXT } from "../../../../machines/subscription/selectors.ts";
import { Page, pageActions } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useHydrated } from "../../../hooks/useHydrated.ts";
import { useSession } from "../../../lib/session.tsx";
import { loginPathFor } from "../../../utils/safe-redirect.ts";
import * as styles from "./PaymentSuccessPage.css.ts";

// The subscription machine, XState and the API client load only for a signed-in person (decision 045).
const PaymentConfirmation = lazy(() => import("./PaymentConfirmation.tsx"));

const PAYMENT_SUCCESS_TITLE = "Tu pago fue procesado con éxito";

/**
 * Until the page knows who is here: the prerendered page (the build cannot
 * know whether the person who paid is signed in in this tab) and while the
 * confirmation's code loads.
 */
function Confirming() {
  return (
    <div role="status" className={styles.status}>
      <Spinner size="large" />
      <p className={styles.statusText}>{SUBSCRIPTION_TEXT.confirmingPayment}</p>
    </div>
  );
}

/** Signed out in this tab (the checkout tab shares localStorage, so this is rare): log in to see the plan. */
function SignInToSee() {
  const [location] = useLocation();
  const search = useSearch();
  return (
    <>
      <p>Inicia sesión con la cuenta con la que pagaste para ver el estado de tu plan.</p>
      <div className={pageActions}>
        <Link href={loginPathFor(search === "" ? location : `${location}?${search}`)} variant="primary">
          Iniciar sesión para ver mi plan
        </Link>
      </div>
    </>
  );
}

/** /pago-exitoso: where the checkout sends the user after paying (spec section 2). */
export default function PaymentSuccessPage() {
  const session = useSession();
  const hydrated = useHydrated();
  return (
    <Page title={PAYMENT_SUCCESS_TITLE} narrow>
      {!hydrated ? (
        <Confirming />
      ) : session.isSignedIn ? (
        <Suspense fallback={<Confirming />}>
          <PaymentConfirmation isSeller={session.isSeller} />
        </Suspense>
      ) : (
        <SignInToSee />
      )}
    </Page>
  );
}
