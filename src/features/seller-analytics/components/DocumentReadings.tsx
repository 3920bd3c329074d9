import { useId, useState } from "react";
import type { BuyerReading, CompanyAnalytics, DocumentReading } from "../../../../contracts/seller-analytics.ts";
import { NativeSelect } from "../../../components/ui/NativeSelect.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { formatCount } from "../../../components/weekly-chart.ts";
import { fieldsOf, NO_FIELD_MESSAGES } from "../../../lib/form-fields.ts";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { lastOpenText } from "./analytics-view.ts";
import { buyerBars, buyersText, chartAudience, documentBars, formatReadingTime, pagesSeenText, type PageBar } from "./reading-view.ts";
import * as styles from "./DocumentReadings.css.ts";

const buyerColumns = (pageCount: number | null): ReadonlyArray<TableColumn<BuyerReading>> => [
  {
    header: "Comprador",
    isRowHeader: true,
    cell: (buyer) => (
      <>
        {buyer.buyer_name}
        {buyer.buyer_email === null ? null : <span className={styles.buyerEmail}>{buyer.buyer_email}</span>}
      </>
    ),
  },
  { header: "Páginas vistas", numeric: true, cell: (buyer) => pagesSeenText(buyer.pages_seen, pageCount) },
  { header: "Tiempo de lectura", numeric: true, cell: (buyer) => formatReadingTime(buyer.seconds) },
  { header: "Descargas", numeric: true, cell: (buyer) => formatCount(buyer.downloads) },
  { header: "Última lectura", cell: (buyer) => lastOpenText(buyer.last_read_at) },
];

interface PageBarsProps {
  readonly filename: string;
  /** Whose reading: "todos los compradores" or a buyer's name. */
  readonly audience: string;
  readonly bars: ReadonlyArray<PageBar>;
}

/**
 * One bar per page (CSS, no chart library). Each bar is a list item whose
 * sentence ("Página 3: 1 min 20 s, 2 compradores") is read by screen
 * readers; the drawn bar is hidden from them. The list's name adds the
 * document's to the caption (the heading above already shows it).
 */
function PageBars({ filename, audience, bars }: PageBarsProps) {
  const titleId = useId();
  const last = bars.at(-1)?.page ?? 0;
  return (
    <figure className={styles.chart} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.chartTitle}>
        Tiempo de lectura por página, {audience}
      </figcaption>
      <ol className={styles.bars} aria-label={`Tiempo de lectura por página de ${filename}, ${audience}`}>
        {bars.map((bar) => (
          <li key={bar.page} className={styles.barSlot} title={bar.label}>
            <span className={bar.seen ? styles.bar : styles.barUnseen} style={{ height: `${bar.percent}%` }} aria-hidden="true" />
            <span className={visuallyHidden}>{bar.label}</span>
          </li>
        ))}
      </ol>
      <div className={styles.axis} aria-hidden="true">
        <span>Pág. 1</span>
        {last > 1 ? <span>Pág. {last}</span> : null}
      </div>
    </figure>
  );
}

/** A document: its pages' bars (every buyer's, or the chosen buyer's) and its buyers. */
function DocumentCard({ document }: { readonly document: DocumentReading }) {
  const [buyerId, setBuyerId] = useState<number | null>(null);
  // Local state, bound the one way fields are (decision 027).
  const fields = fieldsOf({ values: { reader: buyerId }, errors: NO_FIELD_MESSAGES, change: (_key, value) => setBuyerId(value) });
  const chosen = document.buyers.find((buyer) => buyer.buyer_user_id === buyerId) ?? null;
  const pages = document.page_count === null ? "Páginas sin contar" : document.page_count === 1 ? "1 página" : `${document.page_count} páginas`;
  return (
    <li className={styles.card}>
      <h3 className={styles.documentTitle}>
        {document.filename}
      </h3>
      <p className={styles.meta}>
        {pages} · Leído por {buyersText(document.buyers.length)}
      </p>
      {document.buyers.length > 1 ? (
        <div className={styles.chooser}>
          <NativeSelect
            {...fields.field("reader", { label: "Ver las páginas de" })}
            placeholder="Todos los compradores"
            options={document.buyers.map((buyer) => ({ id: buyer.buyer_user_id, name: buyer.buyer_name }))}
          />
        </div>
      ) : null}
      <PageBars filename={document.filename} audience={chartAudience(chosen?.buyer_name ?? null)} bars={chosen === null ? documentBars(document) : buyerBars(document, chosen)} />
      <Table
        caption={`Compradores que leyeron ${document.filename}`}
        hideCaption
        columns={buyerColumns(document.page_count)}
        rows={document.buyers}
        rowKey={(buyer) => buyer.buyer_user_id}
        emptyMessage="Ningún comprador ha leído este documento."
      />
    </li>
  );
}

/**
 * "Lectura de documentos" (decision 051): for each document buyers opened,
 * how long each page was on screen and who read it. Never the owner's or
 * the Puente team's opens.
 */
export function DocumentReadings({ readings }: { readonly readings: CompanyAnalytics["readings"] }) {
  return (
    <section className={styles.section} aria-labelledby="analitica-lectura">
      <h2 id="analitica-lectura" className={styles.sectionTitle}>
        Lectura de documentos
      </h2>
      <p className={styles.meta}>
        Cuánto tiempo estuvo en pantalla cada página de tus documentos en el visor de Puente, por comprador. No cuenta tus aperturas ni las del equipo de
        Puente.
      </p>
      {readings.length === 0 ? (
        <p className={styles.empty} role="status">
          Ningún comprador ha leído documentos todavía.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Documentos leídos">
          {readings.map((document) => (
            <DocumentCard key={document.file_id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}
