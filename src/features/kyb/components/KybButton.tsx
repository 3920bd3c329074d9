import { useSelector, useActorRef } from "@xstate/react";
import { inspectOption } from "../../../lib/xstate-inspect.ts";
import { useEffect, useId, useRef, type FormEvent, type JSX } from "react";
import { Focusable, Tooltip, TooltipTrigger } from "react-aria-components";
import { KYB_MESSAGES } from "../../../../contracts/kyb.ts";
import { kybView, type KybView } from "../../../../machines/kyb/selectors.ts";
import type { KybSnapshot } from "../../../../machines/kyb/kyb.machine.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { fieldsOf } from "../../../lib/form-fields.ts";
import { useSession } from "../../../lib/session.tsx";
import { appKybMachine } from "../state/kyb-machine.ts";
import * as styles from "./KybButton.css.ts";

export const KYB_COPY = {
  button: "KYB básico",
  title: "KYB básico",
  intro: "Ingresa el RFC de la empresa para verificarla.",
  label: "RFC",
  hint: "12 caracteres para persona moral o 13 para persona física, como aparece en tu Constancia de Situación Fiscal.",
  submit: "Verificar",
  /** The button once the server accepted an RFC on this page. */
  verified: "KYB básico: RFC verificado",
  closing: "Esta ventana se cerrará en unos segundos.",
  plans: "Ver planes",
} as const;

const sameView = (a: KybView, b: KybView): boolean => (Object.keys(a) as Array<keyof KybView>).every((key) => Object.is(a[key], b[key]));
const selectView = (snapshot: KybSnapshot): KybView => kybView(snapshot.value, snapshot.context);

/**
 * 'KYB básico' (spec sections 2, 4, 6, 8, 9): paid users (and admins, who
 * need no plan: docs/decisions/016-kyb.md) open a dialog that asks for the
 * RFC; everyone else sees the button disabled with the spec's tooltip. Paid
 * comes from the session (`useSession().isPaidUser`), which follows the
 * subscription machine (src/app composes it with the subscriptions
 * feature's `useFreshPlan`, so a seller who just paid, in this tab or
 * another, gets the button without a reload). The dialog's
 * life is the KYB machine (machines/kyb/): success is said in the dialog
 * (once: no toast besides) and closes after 8 s, a failure closes after 2 s
 * without a message; afterwards the button shows the RFC verified. Focus
 * returns to the button on close.
 */
export function KybButton(props: { readonly companyId: number }): JSX.Element {
  const session = useSession();
  const isPaid = session.isPaidUser || session.isAdmin;
  const actor = useActorRef(appKybMachine, { input: { companyId: props.companyId, isPaid }, ...inspectOption });
  const view = useSelector(actor, selectView, sameView);
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();

  useEffect(() => {
    actor.send({ type: "kyb.paidChanged", isPaid });
  }, [actor, isPaid]);

  if (!isPaid) {
    return (
      <div className={styles.root}>
        <TooltipTrigger delay={300}>
          <Focusable>
            {/* A disabled button takes no focus: the wrapper does, so keyboard users get the tooltip too. */}
            <span className={styles.disabledWrapper} tabIndex={0} role="group" aria-label={KYB_COPY.button} aria-describedby={helpId}>
              <Button variant="secondary" isDisabled>
                {KYB_COPY.button}
              </Button>
            </span>
          </Focusable>
          <Tooltip className={styles.tooltip} placement="top">
            {KYB_MESSAGES.paidOnly}
          </Tooltip>
        </TooltipTrigger>
        <p id={helpId} className={styles.help}>
          {KYB_MESSAGES.paidOnly}. <Link href="/planes">{KYB_COPY.plans}</Link>
        </p>
      </div>
    );
  }

  // The machine keeps the RFC and says why it was refused.
  const fields = fieldsOf({
    values: { rfc: view.rfc },
    errors: { rfc: view.error ?? undefined },
    change: (_key, rfc) => actor.send({ type: "kyb.change", rfc }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: "kyb.submit" });
    // Refused: back to the field, whose message is announced with it.
    if (actor.getSnapshot().matches("editing")) inputRef.current?.focus();
  };

  return (
    <div className={styles.root}>
      <Button variant="secondary" onPress={() => actor.send({ type: "kyb.open" })}>
        {view.verifiedRfc === null ? (
          KYB_COPY.button
        ) : (
          <>
            <span aria-hidden="true" className={styles.check}>
              ✓
            </span>
            {KYB_COPY.verified}
          </>
        )}
      </Button>
      <Modal
        title={KYB_COPY.title}
        isOpen={view.isOpen}
        onOpenChange={(open) => {
          // Escape, the backdrop or 'Cerrar'; while the request is in flight the dialog stays.
          if (!open && view.canClose) actor.send({ type: "kyb.close" });
        }}
      >
        {view.status === "succeeded" ? (
          <div role="status" className={styles.success}>
            <p>{KYB_MESSAGES.verified}</p>
            <p className={styles.help}>{KYB_COPY.closing}</p>
          </div>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p className={styles.help}>{KYB_COPY.intro}</p>
            <TextField
              {...fields.field("rfc", { label: KYB_COPY.label, description: KYB_COPY.hint })}
              isReadOnly={!view.isEditable}
              inputRef={inputRef}
              autoComplete="off"
              spellCheck="false"
              maxLength={64}
              autoFocus
            />
            <Button type="submit" isPending={view.isSubmitting} isDisabled={view.status === "failed"}>
              {KYB_COPY.submit}
            </Button>
          </form>
        )}
      </Modal>
    </div>
  );
}
