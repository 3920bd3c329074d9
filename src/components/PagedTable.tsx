import { Fragment, type ReactNode } from "react";
import { usePaging, type PagedResult } from "../hooks/usePaging.ts";
import type { Retryable } from "./load-error-state.ts";
import { LoadError, useLoadError } from "./LoadError.tsx";
import { Pager } from "./Pager.tsx";
import { Spinner } from "./ui/Spinner.tsx";
import * as styles from "./ui/Table.css.ts";

/** A page of rows as the server answers it (Mis empresas, the admin's users and companies). */
export interface PagedList<Row> {
  readonly items: ReadonlyArray<Row>;
  readonly total: number;
  readonly per_page: number;
}

/** What the table needs of its query (TanStack Query's result with `keepPreviousData` fits). */
export type PagedQuery<Row> = Retryable & PagedResult & { readonly data?: PagedList<Row> | undefined };

export interface PagedTableProps<Row extends { readonly id: number }> {
  /** The id of the heading that names the table. */
  readonly labelledBy: string;
  readonly columns: ReadonlyArray<string>;
  readonly query: PagedQuery<Row>;
  readonly page: number;
  readonly onPage: (page: number) => void;
  /** The pager's accessible name: "Páginas de usuarios". */
  readonly pagerLabel: string;
  /** The spinner's announcement: "Cargando usuarios". */
  readonly loadingLabel: string;
  readonly loadErrorMessage: string;
  /** Said when there are no rows (for the search, or at all). */
  readonly emptyMessage: string;
  /** One `<tr>` per row. */
  readonly renderRow: (row: Row) => ReactNode;
}

/**
 * A server-paged table with its states: the load error with 'Reintentar',
 * a spinner until the first page, a sentence when there are no rows, then
 * the rows (the previous page dimmed and `aria-busy` while the next loads)
 * and the pager.
 */
export function PagedTable<Row extends { readonly id: number }>(props: PagedTableProps<Row>) {
  const { labelledBy, columns, query, page, onPage, pagerLabel, loadingLabel, loadErrorMessage, emptyMessage, renderRow } = props;
  const loadError = useLoadError([query]);
  const paging = usePaging(page, onPage, query);
  const data = query.data;
  if (loadError.show) return <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message={loadErrorMessage} />;
  if (data === undefined) return <Spinner label={loadingLabel} />;
  if (data.total === 0) {
    return (
      <p className={styles.empty} role="status">
        {emptyMessage}
      </p>
    );
  }
  return (
    <>
      <div className={styles.tableScroller}>
        <table className={styles.table} aria-labelledby={labelledBy} aria-busy={query.isPlaceholderData}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={styles.headerCell}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <Fragment key={row.id}>{renderRow(row)}</Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {paging === null ? null : <Pager label={pagerLabel} paging={paging} onPage={onPage} />}
    </>
  );
}
