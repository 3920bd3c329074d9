import { useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import * as styles from "./AccessPanel.css.ts";

export interface Confirmation {
  readonly title: string;
  readonly body: string;
  readonly confirmLabel: string;
}

export interface ConfirmDialogProps {
  /** What to ask; null: closed. */
  readonly confirmation: Confirmation | null;
  readonly isPending: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * A final decision, asked first: the consequence in words, the action named
 * on its button, 'Cancelar' beside it. react-aria's dialog keeps the focus
 * inside and gives it back on close; while the request runs, Escape, the
 * backdrop and 'Cerrar' do nothing.
 */
export function ConfirmDialog({ confirmation, isPending, onConfirm, onCancel }: ConfirmDialogProps) {
  // The last question asked, so the text stays while the dialog closes.
  const [shown, setShown] = useState(confirmation);
  if (confirmation !== null && confirmation !== shown) setShown(confirmation);
  if (shown === null) return null;
  return (
    <Modal
      title={shown.title}
      isOpen={confirmation !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <div className={styles.dialogBody}>
        <p className={styles.message}>{shown.body}</p>
        <div className={styles.actions}>
          <Button onPress={onConfirm} isPending={isPending}>
            {shown.confirmLabel}
          </Button>
          <Button variant="secondary" isDisabled={isPending} onPress={onCancel}>
            Cancelar
          </Button>
        </div>
      </div>
    </Modal>
  );
}
