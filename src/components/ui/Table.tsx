import { useEffect, useId, useState, type Key, type ReactNode } from "react";
import { visuallyHidden } from "../../styles/utils.css.ts";
import { cellKind, headerKind, scrollRegionProps, scrollsSideways, type ColumnLayout } from "./table-layout.ts";
import * as styles from "./Table.css.ts";

export interface TableColumn<Row> extends ColumnLayout {
  /** The column header's text (`<th scope="col">`). */
  readonly header: string;
  /** What a row shows in this column. */
  readonly cell: (row: Row) => ReactNode;
  /** The column's React key when two headers could be the same text (default: `header`). */
  readonly id?: string;
  /** A class for this column's body cells, beside the table's own (a file name that may break anywhere). */
  readonly cellClassName?: string;
}

export interface TableProps<Row> {
  /** Names the table (its accessible name) and, when it scrolls, its scroll region. */
  readonly caption: string;
  /** Keep the caption for assistive technology only, when a heading beside the table already says it. */
  readonly hideCaption?: boolean;
  readonly columns: ReadonlyArray<TableColumn<Row>>;
  readonly rows: ReadonlyArray<Row>;
  readonly rowKey: (row: Row, index: number) => Key;
  /** Said instead of the table when there are no rows ("Ninguna empresa coincide con tu búsqueda."). */
  readonly emptyMessage: ReactNode;
  /** The rows are a previous page's while the next one loads: dimmed and `aria-busy`. */
  readonly isBusy?: boolean;
}

const BODY_CELL: Record<ReturnType<typeof cellKind>, string> = { rowHeader: styles.rowHeader, numeric: styles.numberCell, text: styles.cell };
const HEADER_CELL: Record<ReturnType<typeof headerKind>, string> = { numeric: styles.numberHeader, text: styles.headerCell };

/** Whether `element` is narrower than what it holds (measured again whenever either resizes). */
function useScrollsSideways(element: HTMLElement | null): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (element === null || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(scrollsSideways(element.scrollWidth, element.clientWidth));
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

/**
 * A data table, semantic HTML written once: a caption (shown, or for
 * assistive technology only), `<th scope="col">` headers, the row-naming
 * column as `<th scope="row">`, figures right-aligned with tabular digits,
 * and a sentence instead of an empty body. On a narrow screen the table
 * scrolls sideways inside a container that is then a focusable region named
 * by the caption, so a keyboard can scroll it too.
 */
export function Table<Row>({ caption, hideCaption = false, columns, rows, rowKey, emptyMessage, isBusy = false }: TableProps<Row>) {
  const captionId = useId();
  // A callback ref: the container comes and goes with the rows (the empty sentence has none).
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrolls = useScrollsSideways(scroller);
  if (rows.length === 0) {
    return (
      <p className={styles.empty} role="status">
        {emptyMessage}
      </p>
    );
  }
  return (
    <div ref={setScroller} className={styles.scroller} {...scrollRegionProps(scrolls, captionId)}>
      <table className={styles.table} aria-busy={isBusy || undefined}>
        <caption id={captionId} className={hideCaption ? visuallyHidden : styles.caption}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id ?? column.header} scope="col" className={HEADER_CELL[headerKind(column)]}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => {
                const kind = cellKind(column);
                const className = column.cellClassName === undefined ? BODY_CELL[kind] : `${BODY_CELL[kind]} ${column.cellClassName}`;
                return kind === "rowHeader" ? (
                  <th key={column.id ?? column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id ?? column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
