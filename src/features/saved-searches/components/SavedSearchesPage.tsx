import { useEffect, useRef, useState } from "react";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, type SavedSearch } from "../../../../contracts/saved-searches.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Page, pageActions } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { formatDay } from "../../../utils/dates.ts";
import { useSavedSearches } from "../api/list-saved-searches.ts";
import { DeleteSavedSearchDialog } from "./DeleteSavedSearchDialog.tsx";
import { alertsText, cataloguesFor, criteriaOf, filtersText, quotedText, type NameOf, type SearchCriteria } from "./search-summary.ts";
import { useFilterNames } from "./use-filter-names.ts";
import * as styles from "./SavedSearchesPage.css.ts";

const TITLE = "Búsquedas guardadas";
const LEAD = "Te enviamos un correo cuando se publica en el marketplace una empresa que coincide con alguna de tus búsquedas.";

export interface SavedSearchesPageProps {
  /** The marketplace's address for a search (its "Ver resultados"): the app composes it from the marketplace feature. */
  readonly resultsHref: (criteria: SearchCriteria) => string;
  /** The marketplace without filters. */
  readonly marketplaceHref: string;
}

interface SearchCardProps {
  readonly search: SavedSearch;
  readonly nameOf: NameOf;
  readonly resultsHref: string;
  readonly onDelete: (search: SavedSearch) => void;
}

function SearchCard({ search, nameOf, resultsHref, onDelete }: SearchCardProps) {
  const criteria = criteriaOf(search);
  return (
    <li className={styles.card}>
      <h3 className={styles.name}>{search.name}</h3>
      <dl className={styles.details}>
        <dt className={styles.term}>Filtros</dt>
        <dd className={styles.definition}>{filtersText(criteria.filters, nameOf)}</dd>
        <dt className={styles.term}>Texto</dt>
        <dd className={styles.definition}>{criteria.q === undefined ? "Sin texto" : quotedText(criteria.q)}</dd>
        <dt className={styles.term}>Guardada el</dt>
        <dd className={styles.definition}>{formatDay(search.created_at)}</dd>
        <dt className={styles.term}>Alertas enviadas</dt>
        <dd className={styles.definition}>{alertsText(search.alerts_sent)}</dd>
        <dt className={styles.term}>Última alerta</dt>
        <dd className={styles.definition}>{search.last_alert_at === null ? "Aún ninguna" : formatDay(search.last_alert_at)}</dd>
      </dl>
      <div className={styles.actions}>
        <Link href={resultsHref} variant="secondary">
          Ver resultados<span className={visuallyHidden}> de {search.name}</span>
        </Link>
        <Button variant="ghost" onPress={() => onDelete(search)}>
          Eliminar<span className={visuallyHidden}> {search.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** /busquedas-guardadas: the buyer's saved searches, each with its results and its deletion; an empty state that explains the alerts. */
export default function SavedSearchesPage({ resultsHref, marketplaceHref }: SavedSearchesPageProps) {
  const searches = useSavedSearches();
  const loadError = useLoadError([searches]);
  const items = searches.data?.items;
  const names = useFilterNames(cataloguesFor((items ?? []).map((search) => criteriaOf(search).filters)));
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [focusList, setFocusList] = useState(0);
  const listTitleRef = useRef<HTMLHeadingElement>(null);

  // After a deletion the card and its button are gone: focus the list's heading, after the dialog gave the focus back.
  useEffect(() => {
    if (focusList === 0) return;
    const frame = requestAnimationFrame(() => listTitleRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusList]);

  if (searches.isError && isApiError(searches.error) && searches.error.status === 403) {
    return (
      <Page title={TITLE} description={SAVED_SEARCH_MESSAGES.notBuyer}>
        <div className={pageActions}>
          <Link href={marketplaceHref} variant="primary">
            Ir al marketplace
          </Link>
        </div>
      </Page>
    );
  }
  if (loadError.show) {
    return (
      <Page title={TITLE} description={LEAD}>
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar tus búsquedas guardadas." />
      </Page>
    );
  }
  if (items === undefined || !names.isReady) {
    return (
      <Page title={TITLE} description={LEAD}>
        <Spinner label="Cargando tus búsquedas guardadas" />
      </Page>
    );
  }
  return (
    <Page title={TITLE} description={LEAD}>
      <h2 ref={listTitleRef} tabIndex={-1} className={styles.listTitle}>
        {items.length === 0 ? "Aún no tienes búsquedas guardadas" : `Tus búsquedas (${items.length} de ${MAX_SAVED_SEARCHES})`}
      </h2>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>
            En el marketplace, filtra por industria, tipo de transacción, tipo de empresa o EBITDA, o escribe lo que buscas, y elige «Guardar búsqueda».
            Cuando se publique una empresa que coincida, te avisaremos por correo.
          </p>
          <p className={styles.muted}>Puedes guardar hasta {MAX_SAVED_SEARCHES} búsquedas.</p>
          <Link href={marketplaceHref} variant="primary">
            Ir al marketplace
          </Link>
        </div>
      ) : (
        <ul className={styles.list}>
          {items.map((search) => (
            <SearchCard key={search.id} search={search} nameOf={names.nameOf} resultsHref={resultsHref(criteriaOf(search))} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <DeleteSavedSearchDialog
        search={deleting}
        onClose={(deleted) => {
          setDeleting(null);
          if (deleted) setFocusList((count) => count + 1);
        }}
      />
    </Page>
  );
}
