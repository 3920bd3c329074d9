import { usePaging, type PagedResult } from "../hooks/usePaging.ts";
import type { Retryable } from "./load-error-state.ts";
import { LoadError, useLoadError } from "./LoadError.tsx";
import { Pager } from "./Pager.tsx";
import { Spinner } from "./ui/Spinner.tsx";
import { Table, type TableColumn } from "./ui/Table.tsx";

/** A page of rows as the server answers it (Mis empresas, the admin's users and companies). */
export interface PagedList<Row> {
  readonly items: ReadonlyArray<Row>;
  readonly total: number;
  readonly per_page: number;
}

/** What the table needs of its query (TanStack Query's result with `keepPreviousData` fits). */
export type PagedQuery<Row> = Retryable & PagedResult & { readonly data?: PagedList<Row> | undefined };

export interface PagedTableProps<Row extends { readonly id: number }> {
  /** Names the table; for assistive technology only (a heading beside it says the same). */
  readonly caption: string;
  readonly columns: ReadonlyArray<TableColumn<Row>>;
  readonly query: PagedQuery<Row>;
  readonly page: number;
  /** A page chosen, or (`replace`) the last page in place of one past the end. */
  readonly onPage: (page: number, replace?: boolean) => void;
  /** The pager's accessible name: "Páginas de usuarios". */
  readonly pagerLabel: string;
  /** The spinner's announcement: "Cargando usuarios". */
  readonly loadingLabel: string;
  readonly loadErrorMessage: string;
  /** Said when there are no rows (for the search, or at all). */
  readonly emptyMessage: string;
}

/**
 * A server-paged table with its states: the load error with 'Reintentar',
 * a spinner until the first page, a sentence when there are no rows, then
 * the rows (the previous page dimmed and `aria-busy` while the next loads)
 * and the pager.
 */
export function PagedTable<Row extends { readonly id: number }>(props: PagedTableProps<Row>) {
  const { caption, columns, query, page, onPage, pagerLabel, loadingLabel, loadErrorMessage, emptyMessage } = props;
  const loadError = useLoadError([query]);
  const paging = usePaging(page, onPage, query);
  const data = query.data;
  if (loadError.show) return <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message={loadErrorMessage} />;
  if (data === undefined) return <Spinner label={loadingLabel} />;
  return (
    <>
      <Table
        caption={caption}
        hideCaption
        columns={columns}
        rows={data.items}
        rowKey={(row) => row.id}
        emptyMessage={emptyMessage}
        isBusy={query.isPlaceholderData}
      />
      {paging === null || data.total === 0 ? null : <Pager label={pagerLabel} paging={paging} onPage={onPage} />}
    </>
  );
}
