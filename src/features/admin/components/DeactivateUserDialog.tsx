import { useState } from "react";
import { ADMIN_MESSAGES, type AdminUserRow } from "../../../../contracts/admin.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useDeactivateUser } from "../api/deactivate-user.ts";
import * as styles from "./AdminDashboard.css.ts";

export const deactivateTitle = (name: string): string => `¿Desactivar a ${name}?`;

export interface DeactivateUserDialogProps {
  /** The user to confirm; null: closed. */
  readonly user: AdminUserRow | null;
  /** Closed: `deactivated` says whether the user was deactivated. */
  readonly onClose: (deactivated: boolean) => void;
}

/**
 * The confirmation before a deactivation, naming the user and what it does.
 * While the request runs the dialog stays (Escape and the backdrop do
 * nothing); it closes once the table already shows the change.
 */
export function DeactivateUserDialog({ user, onClose }: DeactivateUserDialogProps) {
  const deactivate = useDeactivateUser();
  // The last user asked about, so the dialog keeps its text while it closes.
  const [shown, setShown] = useState(user);
  if (user !== null && user !== shown) setShown(user);
  if (shown === null) return null;
  const confirm = () =>
    deactivate.mutate(shown.id, {
      onSuccess: () => {
        toastSuccess(ADMIN_MESSAGES.deactivated);
        onClose(true);
      },
      onError: (error) => {
        toastApiError(error);
        onClose(false);
      },
    });
  return (
    <Modal
      title={deactivateTitle(shown.name)}
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open && !deactivate.isPending) onClose(false);
      }}
    >
      <div className={styles.modalBody}>
        <p>
          {shown.name} ({shown.email}) ya no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato. Sus empresas dejarán de mostrarse en
          el marketplace. No se borra ningún dato.
        </p>
        <div className={styles.actions}>
          <Button onPress={confirm} isPending={deactivate.isPending}>
            Sí, desactivar
          </Button>
          <Button variant="secondary" isDisabled={deactivate.isPending} onPress={() => onClose(false)}>
            Cancelar
          </Button>
        </div>
      </div>
    </Modal>
  );
}
