import { useState } from "react";
import type { PaymentRow } from "../../../../contracts/subscriptions.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Pager } from "../../../components/Pager.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { usePayments } from "../api/list-payments.ts";
import { usePaging } from "../../../hooks/usePaging.ts";
import { formatPaymentAmount, formatPaymentDate, paymentStatusLabel } from "./payment-history.ts";
import * as styles from "./SubscriptionSettings.css.ts";

const TITLE_ID = "historial-pagos-title";

function PaymentRowView({ payment }: { readonly payment: PaymentRow }) {
  const date = formatPaymentDate(payment.paid_at);
  return (
    <tr>
      <td className={styles.cell}>{date}</td>
      <td className={styles.cell}>{payment.nickname}</td>
      <td className={styles.amountCell}>{formatPaymentAmount(payment.amount, payment.currency)}</td>
      <td className={styles.cell}>
        <span className={payment.status === "failed" ? styles.failed : undefined}>{paymentStatusLabel(payment.status)}</span>
      </td>
      <td className={styles.cell}>
        <Link href={payment.receipt_url} isExternal>
          Ver recibo<span className={visuallyHidden}> del {date} (se abre en una pestaña nueva)</span>
        </Link>
      </td>
    </tr>
  );
}

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
  } else if (data.total === 0) {
    content = <p className={styles.muted}>Aún no tienes pagos. Cuando pagues un plan, aquí verás cada cargo y su recibo.</p>;
  } else {
    content = (
      <>
        <div className={styles.tableScroller}>
          <table className={styles.table} aria-labelledby={TITLE_ID} aria-busy={payments.isPlaceholderData}>
            <thead>
              <tr>
                <th scope="col" className={styles.headerCell}>
                  Fecha
                </th>
                <th scope="col" className={styles.headerCell}>
                  Plan
                </th>
                <th scope="col" className={styles.amountHeader}>
                  Monto
                </th>
                <th scope="col" className={styles.headerCell}>
                  Estado
                </th>
                <th scope="col" className={styles.headerCell}>
                  Recibo
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((payment) => (
                <PaymentRowView key={payment.id} payment={payment} />
              ))}
            </tbody>
          </table>
        </div>
        {paging === null ? null : <Pager label="Páginas del historial de pagos" paging={paging} onPage={setPage} />}
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
