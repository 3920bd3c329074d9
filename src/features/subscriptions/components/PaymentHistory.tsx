import { useState } from "react";
import type { PaymentRow } from "../../../../contracts/subscriptions.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Pager } from "../../../components/Pager.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Table, type TableColumn } from "../../../components/ui/Table.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { usePayments } from "../api/list-payments.ts";
import { usePaging } from "../../../hooks/usePaging.ts";
import { formatPaymentDate, paymentAmountText, paymentStatusText } from "./payment-history.ts";
import * as styles from "./SubscriptionSettings.css.ts";

const TITLE_ID = "historial-pagos-title";

const PAYMENT_COLUMNS: ReadonlyArray<TableColumn<PaymentRow>> = [
  { header: "Fecha", cell: (payment) => formatPaymentDate(payment.paid_at) },
  { header: "Plan", cell: (payment) => payment.nickname },
  { header: "Monto", numeric: true, cell: (payment) => paymentAmountText(payment) },
  {
    header: "Estado",
    cell: (payment) => <span className={payment.status === "failed" ? styles.failed : undefined}>{paymentStatusText(payment)}</span>,
  },
  {
    header: "Recibo",
    cell: (payment) => (
      <Link href={payment.receipt_url} isExternal>
        Ver recibo<span className={visuallyHidden}> del {formatPaymentDate(payment.paid_at)} (se abre en una pestaña nueva)</span>
      </Link>
    ),
  },
];

/** Historial: the user's payments, newest first, 5 a page (paid users only; spec sections 2 and 9). */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page, true);
  const loadError = useLoadError([payments]);
  const data = payments.data;
  const paging = usePaging(page, setPage, payments);

  let content;
  if (loadError.show) {
    content = <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} message="No pudimos cargar tu historial de pagos." />;
  } else if (data === undefined) {
    content = <Spinner label="Cargando tu historial de pagos" />;
  } else {
    content = (
      <>
        <Table
          caption="Historial de pagos"
          hideCaption
          columns={PAYMENT_COLUMNS}
          rows={data.items}
          rowKey={(payment) => payment.id}
          emptyMessage="Aún no tienes pagos. Cuando pagues un plan, aquí verás cada cargo y su recibo."
          isBusy={payments.isPlaceholderData}
        />
        {paging === null || data.total === 0 ? null : <Pager label="Páginas del historial de pagos" paging={paging} onPage={setPage} />}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className={styles.sectionTitle}>
        Historial de pagos
      </h2>
      {content}
    </section>
  );
}
