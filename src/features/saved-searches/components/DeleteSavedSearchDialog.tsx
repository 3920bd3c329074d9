import { useState } from "react";
import { SAVED_SEARCH_MESSAGES, type SavedSearch } from "../../../../contracts/saved-searches.ts";
import { pageActions } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { toastApiError, toastSuccess } from "../../../lib/toast.ts";
import { useDeleteSavedSearch } from "../api/delete-saved-search.ts";
import * as styles from "./DeleteSavedSearchDialog.css.ts";

export interface DeleteSavedSearchDialogProps {
  /** The search to ask about; null: closed. */
  readonly search: Pick<SavedSearch, "id" | "name"> | null;
  /** Closed: `deleted` says whether the search is gone. */
  readonly onClose: (deleted: boolean) => void;
}

/**
 * The confirmation before a saved search is deleted (Búsquedas guardadas,
 * and the marketplace's "Búsqueda guardada"): it stays while the request
 * runs and closes once the list no longer shows the search; react-aria
 * gives the focus back to the button that opened it.
 */
export function DeleteSavedSearchDialog({ search, onClose }: DeleteSavedSearchDialogProps) {
  const remove = useDeleteSavedSearch();
  // The last search asked about, so the dialog keeps its text while it closes.
  const [shown, setShown] = useState(search);
  if (search !== null && search !== shown) setShown(search);
  if (shown === null) return null;
  const confirm = () =>
    remove.mutate(shown.id, {
      onSuccess: () => {
        toastSuccess(SAVED_SEARCH_MESSAGES.deleted);
        onClose(true);
      },
      onError: (error) => {
        toastApiError(error);
        // Already gone (deleted in another tab): the list is refreshed all the same.
        onClose(isApiError(error) && error.status === 404);
      },
    });
  return (
    <Modal
      title={`¿Eliminar la búsqueda «${shown.name}»?`}
      isOpen={search !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose(false);
      }}
    >
      <div className={styles.body}>
        <p>Dejarás de recibir correos cuando se publiquen empresas que coincidan con ella. Puedes volver a guardarla desde el marketplace.</p>
        <div className={pageActions}>
          <Button onPress={confirm} isPending={remove.isPending}>
            Sí, eliminar
          </Button>
          <Button variant="secondary" isDisabled={remove.isPending} onPress={() => onClose(false)}>
            Cancelar
          </Button>
        </div>
      </div>
    </Modal>
  );
}
