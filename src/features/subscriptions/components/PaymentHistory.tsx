import { useEffect, useRef, useState } from "react";
import type { PaymentRow } from "../../../../contracts/subscriptions.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { visuallyHidden } from "../../../styles/utils.css.ts";
import { usePayments } from "../api/list-payments.ts";
import { formatPaymentAmount, formatPaymentDate, pagingOf, paymentStatusLabel } from "./payment-history.ts";
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

interface PagerProps {
  readonly label: string;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
}

/**
 * 'Anterior' / 'Siguiente' and "Página X de Y" (announced). A button that
 * becomes disabled at the first or last page would drop the focus, so it
 * moves to the other one.
 */
function Pager({ label, hasPrevious, hasNext, onPrevious, onNext }: PagerProps) {
  const navRef = useRef<HTMLElement>(null);
  const pressed = useRef<"previous" | "next" | null>(null);
  useEffect(() => {
    const [previous, next] = navRef.current?.querySelectorAll("button") ?? [];
    if (pressed.current === "next" && !hasNext) previous?.focus();
    if (pressed.current === "previous" && !hasPrevious) next?.focus();
    pressed.current = null;
  }, [hasPrevious, hasNext]);
  return (
    <nav ref={navRef} className={styles.pager} aria-label="Páginas del historial de pagos">
      <Button
        variant="secondary"
        isDisabled={!hasPrevious}
        onPress={() => {
          pressed.current = "previous";
          onPrevious();
        }}
      >
        Anterior
      </Button>
      <p aria-live="polite">{label}</p>
      <Button
        variant="secondary"
        isDisabled={!hasNext}
        onPress={() => {
          pressed.current = "next";
          onNext();
        }}
      >
        Siguiente
      </Button>
    </nav>
  );
}

/** Historial: the user's payments, newest first, 5 a page (paid users only; spec sections 2 and 9). */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const payments = usePayments(page, true);
  const loadError = useLoadError([payments]);
  const data = payments.data;
  // From the page asked for: "Página 2 de 3" shows at once, while the rows of page 1 stay (dimmed) until page 2 arrives.
  const paging = data === undefined ? null : pagingOf(page, data.total, data.per_page);

  // Rows went away and this page is past the last: show the last.
  const lastPage = data === undefined || payments.isPlaceholderData ? null : paging?.pageCount ?? null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

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
        {paging !== null && paging.pageCount > 1 ? (
          <Pager
            label={paging.label}
            hasPrevious={paging.hasPrevious}
            hasNext={paging.hasNext}
            onPrevious={() => setPage(paging.page - 1)}
            onNext={() => setPage(paging.page + 1)}
          />
        ) : null}
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
