import { useEffect, useRef, useState } from "react";
import { TabPanel, Tabs } from "../../../components/ui/Tabs.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useSubscription, type SubscriptionView } from "../state/use-subscription.ts";
import { formatAccessDate } from "../../../../machines/subscription/selectors.ts";
import type { SubscriptionEvent } from "../../../../machines/subscription/subscription.machine.ts";
import { toastApiError } from "../../../lib/toast.ts";
import { createBillingPortalSession } from "../api/create-billing-portal-session.ts";
import { usePlans } from "../api/plans-query.ts";
import { PaymentHistory } from "./PaymentHistory.tsx";
import * as styles from "./SubscriptionSettings.css.ts";

type SubTab = "planes" | "historial";

const PLANES = { id: "planes", label: "Planes" } as const;
const HISTORIAL = { id: "historial", label: "Historial" } as const;

/** The modal's copy: what cancelling means (spec section 4: access continues until the period paid for ends). */
export const CANCEL_COPY = {
  title: "¿Cancelar tu plan?",
  body: "Tu plan no se renovará y no se te volverá a cobrar. Conservas el acceso a todo lo que incluye hasta que termine el periodo que ya pagaste; después pasarás al plan gratuito.",
  confirm: "Sí, cancelar mi plan",
  keep: "Conservar mi plan",
} as const;

function planLabel(subscription: SubscriptionView): string {
  if (subscription.planNickname !== null) return subscription.planNickname;
  return subscription.isPaid ? "Plan de pago" : "Gratuito";
}

function CancelModal({ subscription, send }: { readonly subscription: SubscriptionView; readonly send: (event: SubscriptionEvent) => void }) {
  const isOpen = subscription.isConfirmingCancel || subscription.isCancelling;
  return (
    <Modal
      title={CANCEL_COPY.title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        // Escape, the backdrop or 'Cerrar' keep the plan; once the request is sent it runs to the end.
        if (!open && !subscription.isCancelling) send({ type: "subscription.cancelDismissed" });
      }}
    >
      <div className={styles.modalBody}>
        <p>{CANCEL_COPY.body}</p>
        <div className={styles.actions}>
          <Button onPress={() => send({ type: "subscription.cancelConfirmed" })} isPending={subscription.isCancelling}>
            {CANCEL_COPY.confirm}
          </Button>
          <Button variant="secondary" isDisabled={subscription.isCancelling} onPress={() => send({ type: "subscription.cancelDismissed" })}>
            {CANCEL_COPY.keep}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** 'Gestionar pago': Stripe's customer portal (card, invoices) in a new tab, opened inside the click so it is not blocked. */
function ManagePaymentButton() {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      isPending={pending}
      onPress={() => {
        const tab = window.open("about:blank", "_blank");
        if (tab !== null) tab.opener = null;
        setPending(true);
        createBillingPortalSession()
          .then(({ url }) => {
            if (tab === null) window.location.assign(url);
            else tab.location.href = url;
          })
          .catch((error: unknown) => {
            tab?.close();
            toastApiError(error);
          })
          .finally(() => setPending(false));
      }}
    >
      Gestionar pago
    </Button>
  );
}

/** Planes: the plan as it stands, 'Cambiar plan', 'Cancelar plan' through a confirmation, and 'Reanudar plan' while a cancelled one runs. */
function PlansPanel({ subscription, send }: { readonly subscription: SubscriptionView; readonly send: (event: SubscriptionEvent) => void }) {
  const plans = usePlans();
  const scheduled = subscription.isPaid ? plans.data?.find((plan) => plan.id === subscription.scheduledPlanId) : undefined;
  const statusRef = useRef<HTMLParagraphElement>(null);
  const wasCancelling = useRef(false);
  useEffect(() => {
    // The modal closed after cancelling: react-aria gives the focus back to
    // 'Cancelar plan', unless that button is gone (the plan is now cancelled);
    // then the focus goes to the new status line, which says until when.
    if (wasCancelling.current && !subscription.isCancelling) {
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) statusRef.current?.focus();
      }, 0);
    }
    wasCancelling.current = subscription.isCancelling;
  }, [subscription.isCancelling]);

  return (
    <section className={styles.section} aria-labelledby="plan-actual-title">
      <h2 id="plan-actual-title" className={styles.sectionTitle}>
        Tu plan
      </h2>
      <p ref={statusRef} tabIndex={-1} aria-live="polite" className={styles.status}>
        {subscription.statusText}
      </p>
      <dl className={styles.details}>
        <dt className={styles.term}>Plan</dt>
        <dd className={styles.definition}>{planLabel(subscription)}</dd>
        {subscription.periodEnd === null || subscription.isCancelled ? null : (
          <>
            <dt className={styles.term}>Periodo pagado hasta</dt>
            <dd className={styles.definition}>{formatAccessDate(subscription.periodEnd)}</dd>
          </>
        )}
        {scheduled === undefined ? null : (
          <>
            <dt className={styles.term}>Después</dt>
            <dd className={styles.definition}>{`${scheduled.nickname}, cuando termine tu plan actual (te pediremos su pago ese día)`}</dd>
          </>
        )}
      </dl>
      {subscription.isLoading && subscription.fromCache ? (
        <p className={styles.loading}>
          <Spinner />
          Actualizando tu plan…
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link href="/planes" variant="primary">
          Cambiar plan
        </Link>
        {subscription.managesPayment ? <ManagePaymentButton /> : null}
        {subscription.canResume || subscription.isResuming ? (
          // Nothing is charged: the period already paid for goes on and the plan renews at its end.
          <Button variant="secondary" isPending={subscription.isResuming} onPress={() => send({ type: "subscription.resumeRequested" })}>
            Reanudar plan
          </Button>
        ) : null}
        {subscription.canCancel || subscription.isConfirmingCancel || subscription.isCancelling ? (
          // Kept while the modal is open, so react-aria can give the focus back to it.
          <Button variant="secondary" onPress={() => send({ type: "subscription.cancelRequested" })}>
            Cancelar plan
          </Button>
        ) : null}
      </div>
      <CancelModal subscription={subscription} send={send} />
    </section>
  );
}

/**
 * Mi perfil › Configuración (spec section 2): sub-tabs Planes and Historial,
 * Historial only for paid users. Composed into the accounts feature's
 * MyProfilePage by src/app/pages/MyProfileRoute.tsx.
 */
export function SubscriptionSettings() {
  const { subscription, send } = useSubscription();
  const [selected, setSelected] = useState<SubTab>("planes");
  // Coming back to the tab shows the server's answer, not only what was known when the actor started.
  useEffect(() => {
    send({ type: "subscription.refresh" });
  }, [send]);
  if (subscription === null) return null;
  const tab: SubTab = subscription.canSeeHistory ? selected : "planes";
  return (
    <Tabs
      label="Configuración"
      variant="secondary"
      selectedKey={tab}
      onSelectionChange={setSelected}
      tabs={subscription.canSeeHistory ? [PLANES, HISTORIAL] : [PLANES]}
    >
      <TabPanel id="planes">
        <PlansPanel subscription={subscription} send={send} />
      </TabPanel>
      {subscription.canSeeHistory ? (
        <TabPanel id="historial">
          <PaymentHistory />
        </TabPanel>
      ) : null}
    </Tabs>
  );
}
