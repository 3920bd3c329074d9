import { useRef, useState, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { TOTAL_COUNT_CAP, type FilterKey } from "../../../../contracts/marketplace-constants.ts";
import type { CatalogueList } from "../../../../contracts/catalogues.ts";
import { DebouncedSearchField } from "../../../components/DebouncedSearchField.tsx";
import { LoadError, QueryLoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Page } from "../../../components/Page.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Disclosure } from "../../../components/ui/Disclosure.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Modal } from "../../../components/ui/Modal.tsx";
import { RadioGroup } from "../../../components/ui/RadioGroup.tsx";
import { DeferredSelect } from "../../../components/ui/DeferredSelect.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { useCatalogue } from "../../../lib/api/get-catalogue.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { usePageHead } from "../../../hooks/useRouteMeta.ts";
import { useCompanies, type CompanyFilters } from "../api/get-companies.ts";
import { marketplaceHead } from "../marketplace-head.ts";
import {
  hasFilters,
  marketplaceHref,
  parseMarketplaceSearch,
  withFilter,
  withoutFilters,
  withSearch,
} from "../marketplace-url.ts";
import { CompanyCard } from "./CompanyCard.tsx";
import * as styles from "./MarketplacePage.css.ts";

export const EMPTY_RESULTS_MESSAGE = "No se encontraron resultados, por favor ajusta tu búsqueda";
const ALL = "Todas";

/** 'Todas' first, as id 0 (the dropdowns' "no filter"). */
const withAll = (items: CatalogueList | undefined) => [{ id: 0, name: ALL }, ...(items ?? [])];
const fromSelect = (id: number | null): number | null => (id === null || id === 0 ? null : id);

/** A `?page=` past the last page: say so instead of a count beside the empty state. */
export const pastLastPageText = (pages: number): string =>
  `Esta página no existe: hay ${pages} ${pages === 1 ? "página" : "páginas"} de resultados.`;

const countText = (total: number, capped: boolean): string => {
  if (capped) return `Más de ${TOTAL_COUNT_CAP.toLocaleString("es-MX")} empresas`;
  return total === 1 ? "1 empresa encontrada" : `${total.toLocaleString("es-MX")} empresas encontradas`;
};

interface FilterControlsProps {
  readonly filters: CompanyFilters;
  readonly onChange: (key: FilterKey, value: number | null) => void;
}

function IndustrySelect({ filters, onChange }: FilterControlsProps) {
  const industries = useCatalogue("industries");
  return (
    <DeferredSelect
      label="Industria"
      options={withAll(industries.data)}
      value={filters.industry_id ?? 0}
      onChange={(id) => onChange("industry_id", fromSelect(id))}
    />
  );
}

function InterestSelect({ filters, onChange }: FilterControlsProps) {
  const interests = useCatalogue("interests");
  return (
    <DeferredSelect
      label="Tipo de transacción"
      options={withAll(interests.data)}
      value={filters.interest_id ?? 0}
      onChange={(id) => onChange("interest_id", fromSelect(id))}
    />
  );
}

/** Desktop side panel: collapsible radio groups for company type and EBITDA. */
function SidePanel({ filters, onChange }: FilterControlsProps) {
  const companyTypes = useCatalogue("company_types");
  const ebitdaRanges = useCatalogue("ebitda_ranges");
  return (
    <aside className={styles.sidePanel} aria-labelledby="filters-title">
      <h2 id="filters-title" className={styles.panelTitle}>
        Filtros
      </h2>
      <Disclosure title="Tipo de empresa">
        <RadioGroup
          label="Tipo de empresa"
          hideLabel
          noneLabel={ALL}
          options={companyTypes.data ?? []}
          value={filters.company_type_id ?? null}
          onChange={(id) => onChange("company_type_id", id)}
        />
      </Disclosure>
      <Disclosure title="EBITDA">
        <RadioGroup
          label="Rango de EBITDA"
          hideLabel
          noneLabel={ALL}
          options={ebitdaRanges.data ?? []}
          value={filters.ebitda_id ?? null}
          onChange={(id) => onChange("ebitda_id", id)}
        />
      </Disclosure>
    </aside>
  );
}

/** Mobile: the four dropdowns in a drawer, applied together with 'Aplicar filtros'. */
function FilterDrawer({ filters, onApply }: { readonly filters: CompanyFilters; readonly onApply: (next: CompanyFilters) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useState<CompanyFilters>(filters);
  const companyTypes = useCatalogue("company_types");
  const ebitdaRanges = useCatalogue("ebitda_ranges");
  const change = (key: FilterKey, value: number | null) => setDraft((current) => withFilter(current, key, value));
  return (
    <>
      <Button
        variant="secondary"
        className={styles.mobileOnly}
        onPress={() => {
          setDraft(filters);
          setOpen(true);
        }}
      >
        Filtros
      </Button>
      <Modal title="Filtros" variant="drawer" isOpen={isOpen} onOpenChange={setOpen}>
        <div className={styles.drawerBody}>
          <IndustrySelect filters={draft} onChange={change} />
          <InterestSelect filters={draft} onChange={change} />
          <DeferredSelect
            label="Tipo de empresa"
            options={withAll(companyTypes.data)}
            value={draft.company_type_id ?? 0}
            onChange={(id) => change("company_type_id", fromSelect(id))}
          />
          <DeferredSelect
            label="EBITDA"
            options={withAll(ebitdaRanges.data)}
            value={draft.ebitda_id ?? 0}
            onChange={(id) => change("ebitda_id", fromSelect(id))}
          />
          <Button
            fullWidth
            onPress={() => {
              onApply(draft);
              setOpen(false);
            }}
          >
            Aplicar filtros
          </Button>
        </div>
      </Modal>
    </>
  );
}

interface PaginationProps {
  readonly filters: CompanyFilters;
  readonly page: number;
  readonly pages: number;
  /** A page link was followed: take the reader back to the top of the results. */
  readonly onPage: () => void;
}

function Pagination({ filters, page, pages, onPage }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Páginas de resultados">
      {page > 1 ? (
        <Link href={marketplaceHref({ ...filters, page: page - 1 })} variant="secondary" onPress={onPage}>
          Anterior
        </Link>
      ) : null}
      <span>
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link href={marketplaceHref({ ...filters, page: page + 1 })} variant="secondary" onPress={onPage}>
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}

/** The search on screen: its filters and text (not the page), for what the app composes in. */
export interface MarketplaceCriteria {
  readonly filters: Readonly<Partial<Record<FilterKey, number>>>;
  readonly q?: string | undefined;
}

export interface MarketplacePageProps {
  /**
   * Beside 'Limpiar filtros': an action on the current search (the saved
   * searches' 'Guardar búsqueda', composed in by src/app/pages/MarketplaceRoute.tsx).
   */
  readonly searchAction?: (criteria: MarketplaceCriteria) => ReactNode;
  /**
   * Under the empty state's message: what the buyer can do when nothing
   * matches (the buyer mandates' 'Dime qué empresa buscas', composed in by
   * src/app/pages/MarketplaceRoute.tsx).
   */
  readonly emptyAction?: (criteria: MarketplaceCriteria) => ReactNode;
}

const criteriaOf = ({ q, page: _page, ...filters }: CompanyFilters): MarketplaceCriteria => ({ filters, ...(q === undefined ? {} : { q }) });

export default function MarketplacePage({ searchAction, emptyAction }: MarketplacePageProps = {}) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parseMarketplaceSearch(search);
  const companies = useCompanies(filters);
  const go = (next: CompanyFilters) => navigate(marketplaceHref(next));
  const onFilter = (key: FilterKey, value: number | null) => go(withFilter(filters, key, value));
  const filterCatalogues = [useCatalogue("industries"), useCatalogue("interests"), useCatalogue("company_types"), useCatalogue("ebitda_ranges")];
  usePageHead(marketplaceHead(filters, companies.isPlaceholderData ? undefined : companies.data, { industries: filterCatalogues[0]?.data, interests: filterCatalogues[1]?.data }));
  const listError = useLoadError([companies]);
  const data = companies.data;
  const pages = data === undefined ? 0 : Math.ceil(data.total / data.per_page);
  const pastLastPage = data !== undefined && data.items.length === 0 && data.total > 0 && data.page > pages;
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultsTitleRef = useRef<HTMLHeadingElement>(null);

  // Paging keeps the list's place on screen: back to the count, focus on the results heading.
  const toResultsTop = () => {
    resultsTitleRef.current?.focus({ preventScroll: true });
    summaryRef.current?.scrollIntoView({ block: "start" });
  };

  return (
    <Page title="Compra una empresa" description="Explora empresas verificadas y filtra por industria, tamaño, interés o ubicación.">
      <div className={styles.layout}>
        <SidePanel filters={filters} onChange={onFilter} />
        <section className={styles.main} aria-labelledby="results-title">
          <div className={styles.toolbar}>
            <DebouncedSearchField
              label="Buscar empresas"
              placeholder="Busca por industria, actividad o ubicación"
              maxLength={100}
              committed={filters.q ?? ""}
              onCommit={(text) => go(withSearch(filters, text))}
            />
            <div className={styles.desktopOnly}>
              <IndustrySelect filters={filters} onChange={onFilter} />
            </div>
            <div className={styles.desktopOnly}>
              <InterestSelect filters={filters} onChange={onFilter} />
            </div>
            <FilterDrawer filters={filters} onApply={(next) => go({ ...next, ...(filters.q === undefined ? {} : { q: filters.q }) })} />
          </div>
          <QueryLoadError compact message="No pudimos cargar los filtros." queries={filterCatalogues} />
          <h2 id="results-title" ref={resultsTitleRef} tabIndex={-1} className={visuallyHidden}>
            Resultados
          </h2>
          <div ref={summaryRef} className={styles.summary}>
            <p className={styles.count} role="status">
              {data === undefined || data.total === 0 || pastLastPage ? "" : countText(data.total, data.total_capped)}
              {companies.isPlaceholderData && companies.isFetching ? <Spinner label="Cargando empresas" /> : null}
            </p>
            <div className={styles.summaryActions}>
              {hasFilters(filters) ? (
                <Button variant="ghost" onPress={() => go(withoutFilters(filters))}>
                  Limpiar filtros
                </Button>
              ) : null}
              {searchAction?.(criteriaOf(filters))}
            </div>
          </div>
          {listError.show ? (
            <LoadError onRetry={listError.retry} isRetrying={listError.isRetrying} focusAfterRetry={resultsTitleRef} />
          ) : companies.isPending ? (
            <div className={styles.loading}>
              <Spinner size="large" label="Cargando empresas" />
            </div>
          ) : data === undefined ? null : pastLastPage ? (
            <div className={styles.pastLast}>
              <p>{pastLastPageText(pages)}</p>
              <Link href={marketplaceHref({ ...filters, page: pages })}>Ir a la última página</Link>
            </div>
          ) : data.items.length === 0 ? (
            <>
              <p className={styles.empty}>{EMPTY_RESULTS_MESSAGE}</p>
              {emptyAction?.(criteriaOf(filters))}
            </>
          ) : (
            <>
              <ul className={companies.isPlaceholderData ? `${styles.grid} ${styles.stale}` : styles.grid} aria-busy={companies.isFetching}>
                {data.items.map((company) => (
                  <li key={company.id} className={styles.gridItem}>
                    <CompanyCard company={company} />
                  </li>
                ))}
              </ul>
              <Pagination filters={filters} page={data.page} pages={pages} onPage={toResultsTop} />
            </>
          )}
        </section>
      </div>
    </Page>
  );
}
