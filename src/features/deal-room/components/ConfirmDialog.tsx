import { useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import * as panel from "./AccessPanel.css.ts";
import * as styles from "./ConfirmDialog.css.ts";

export interface Confirmation {
  readonly title: string;
  readonly body: string;
  /** What is being decided, restated (a letter's amount, stake and terms): label and value. */
  readonly details?: ReadonlyArray<readonly [string, string]>;
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
 * A decision with weight, asked first: what is decided restated, the
 * consequence in words, the action named on its button, 'Cancelar' beside
 * it. react-aria's dialog takes the focus, keeps it inside, closes on
 * Escape and gives the focus back to the button that opened it; while the
 * request runs, Escape, the backdrop and 'Cerrar' do nothing.
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
      <div className={panel.dialogBody}>
        {shown.details === undefined || shown.details.length === 0 ? null : (
          <dl className={styles.details}>
            {shown.details.map(([term, value]) => (
              <div key={term} className={styles.detailRow}>
                <dt className={styles.term}>{term}</dt>
                <dd className={styles.value}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className={panel.message}>{shown.body}</p>
        <div className={panel.actions}>
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
