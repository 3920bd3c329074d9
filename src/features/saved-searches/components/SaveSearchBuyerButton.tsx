import { useId, useState } from "react";
import { CreateSavedSearch, SAVED_SEARCH_MESSAGES, type SavedSearch } from "../../../../contracts/saved-searches.ts";
import { FormAlert } from "../../../components/FormAlert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { FORM_ERROR, useForm } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { useCreateSavedSearch } from "../api/create-saved-search.ts";
import { useSavedSearches } from "../api/list-saved-searches.ts";
import { DeleteSavedSearchDialog } from "./DeleteSavedSearchDialog.tsx";
import { cataloguesFor, defaultSearchName, filtersText, findSavedSearch, quotedText, savedSearchBody, type NameOf, type SearchCriteria } from "./search-summary.ts";
import { useFilterNames } from "./use-filter-names.ts";
import * as styles from "./SaveSearchButton.css.ts";

/** The server's refusals the buyer can act on (duplicate, too many, not a buyer, rate limit) are said in the dialog. */
const IN_FORM_STATUSES = new Set([400, 403, 409, 429]);

interface SaveSearchFormProps {
  readonly criteria: SearchCriteria;
  readonly nameOf: NameOf;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

function SaveSearchForm({ criteria, nameOf, onSaved, onCancel }: SaveSearchFormProps) {
  const create = useCreateSavedSearch();
  const form = useForm({
    initialValues: { name: defaultSearchName(criteria, nameOf) },
    validate: ({ name }: { name: string }) => validateForm(CreateSavedSearch, savedSearchBody(name, criteria)),
    submit: create.mutateAsync,
    mapApiError: (error) => (IN_FORM_STATUSES.has(error.status) ? { [FORM_ERROR]: error.message } : null),
    onSuccess: () => {
      toastSuccess(SAVED_SEARCH_MESSAGES.saved);
      onSaved();
    },
  });
  const text = criteria.q?.trim() ?? "";
  return (
    <form ref={form.formRef} className={styles.body} noValidate onSubmit={form.onSubmit}>
      <p className={styles.note}>Te enviaremos un correo cuando se publique una empresa que coincida con esta búsqueda.</p>
      <dl className={styles.criteria}>
        <dt className={styles.term}>Filtros</dt>
        <dd className={styles.definition}>{filtersText(criteria.filters, nameOf)}</dd>
        <dt className={styles.term}>Texto</dt>
        <dd className={styles.definition}>{text === "" ? "Sin texto" : quotedText(text)}</dd>
      </dl>
      <TextField {...form.field("name", { label: "Nombre de la búsqueda", description: "Para reconocerla en tu lista y en los correos." })} autoFocus />
      <FormAlert message={form.formError} />
      <div className={styles.actions}>
        <Button type="submit" isPending={form.isSubmitting}>
          Guardar búsqueda
        </Button>
        <Button variant="secondary" isDisabled={form.isSubmitting} onPress={onCancel}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/**
 * A signed-in buyer's "Guardar búsqueda" (SaveSearchButton.tsx loads it): the
 * buyer names the current filters and text and saves them for e-mail alerts. A toggle button
 * (`aria-pressed`): when the current search is one the buyer saved (the
 * server's own sameness, findSavedSearch), it reads "✓ Búsqueda guardada",
 * pressed, and pressing it offers to delete it; other filters, and it reads
 * "Guardar búsqueda" again. Both dialogs give the focus back to it.
 */
export default function SaveSearchBuyerButton({ criteria }: { readonly criteria: SearchCriteria }) {
  const [isOpen, setOpen] = useState(false);
  // Each opening starts from the current search's summary.
  const [opening, setOpening] = useState(0);
  const [removing, setRemoving] = useState<SavedSearch | null>(null);
  const names = useFilterNames(cataloguesFor([criteria.filters]));
  // Until the list answers (or if it fails), the search reads as not saved; saving it twice is refused in the dialog.
  const savedSearches = useSavedSearches();
  const descriptionId = useId();

  const saved = savedSearches.data === undefined ? undefined : findSavedSearch(savedSearches.data.items, criteria);
  return (
    <>
      <Button
        variant="secondary"
        aria-pressed={saved !== undefined}
        {...(saved === undefined ? {} : { "aria-describedby": descriptionId })}
        onPress={() => {
          if (saved !== undefined) {
            setRemoving(saved);
            return;
          }
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        {saved === undefined ? (
          "Guardar búsqueda"
        ) : (
          <>
            <span aria-hidden="true" className={styles.check}>
              ✓
            </span>
            Búsqueda guardada
          </>
        )}
      </Button>
      {saved === undefined ? null : (
        <span id={descriptionId} className={visuallyHidden}>
          Guardada como «{saved.name}». Púlsalo para dejar de guardarla.
        </span>
      )}
      <Modal title="Guardar búsqueda" isOpen={isOpen} onOpenChange={setOpen}>
        {names.isReady ? (
          <SaveSearchForm key={opening} criteria={criteria} nameOf={names.nameOf} onSaved={() => setOpen(false)} onCancel={() => setOpen(false)} />
        ) : (
          <Spinner label="Cargando los filtros" />
        )}
      </Modal>
      <DeleteSavedSearchDialog search={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
