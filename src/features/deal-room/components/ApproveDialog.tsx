import { useState } from "react";
import type { DecideAccessRequest } from "../../../../contracts/deal-room.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { useForm } from "../../../lib/form.ts";
import { accessEndFieldErrors, APPROVAL_END_HELP, APPROVAL_END_LABEL, approvalBody, NO_ACCESS_END } from "./access-end-form.ts";
import type { DecisionConfirmation } from "./request-view.ts";
import * as panel from "./AccessPanel.css.ts";

export interface ApproveDialogProps {
  /** The approval's question; null: closed. */
  readonly confirmation: DecisionConfirmation | null;
  readonly isPending: boolean;
  /** Sends the approval (the decision mutation's `mutateAsync`). */
  readonly approve: (body: DecideAccessRequest) => Promise<unknown>;
  readonly onApproved: () => void;
  readonly onCancel: () => void;
}

interface ApproveFormProps extends Omit<ApproveDialogProps, "confirmation" | "isPending"> {
  readonly confirmation: DecisionConfirmation;
}

/** The question, the optional last day and the buttons; mounted afresh on every opening, so a cancelled day is not kept. */
function ApproveForm({ confirmation, approve, onApproved, onCancel }: ApproveFormProps) {
  const form = useForm({
    initialValues: NO_ACCESS_END,
    validate: approvalBody,
    submit: approve,
    // A day the server refuses (not after today) is said under the field; anything else is the toast, and the dialog closes.
    mapApiError: accessEndFieldErrors,
    onSuccess: onApproved,
    onError: (error) => {
      if (!isApiError(error) || accessEndFieldErrors(error) === null) onCancel();
    },
  });
  return (
    <form ref={form.formRef} className={panel.dialogBody} noValidate onSubmit={form.onSubmit}>
      <p className={panel.message}>{confirmation.body}</p>
      <TextField {...form.field("access_ends_on", { label: APPROVAL_END_LABEL, description: APPROVAL_END_HELP })} type="date" />
      <div className={panel.actions}>
        <Button type="submit" isPending={form.isSubmitting}>
          {confirmation.confirmLabel}
        </Button>
        <Button variant="secondary" isDisabled={form.isSubmitting} onPress={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/**
 * Approving an access request asks first, like every decision
 * (ConfirmDialog), and takes an optional last day of access (decision 050):
 * empty, the access does not end. The day is checked on submit with the
 * contract's schema; the server's refusal of a day that is not after today
 * is said under the field and the focus goes to it. react-aria's dialog
 * keeps the focus inside, closes on Escape and gives it back to 'Aprobar';
 * while the request runs, Escape, the backdrop and 'Cerrar' do nothing.
 */
export function ApproveDialog({ confirmation, isPending, approve, onApproved, onCancel }: ApproveDialogProps) {
  // The last question asked, so the text stays while the dialog closes; each opening mounts a new form.
  const [shown, setShown] = useState(confirmation);
  const [opening, setOpening] = useState(0);
  if (confirmation !== null && confirmation !== shown) {
    setShown(confirmation);
    setOpening(opening + 1);
  }
  if (shown === null) return null;
  return (
    <Modal
      title={shown.title}
      isOpen={confirmation !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <ApproveForm key={opening} confirmation={shown} approve={approve} onApproved={onApproved} onCancel={onCancel} />
    </Modal>
  );
}
