/**
 * The pure parts of Historial (./PaymentHistory.tsx): how a payment row reads
 * in es-MX (its paging is src/utils/paging.ts). No React, no styles: unit
 * tested in node (tests/unit/subscriptions/payment-history.test.ts).
 */
import { formatDay } from "../../../utils/dates.ts";

/** "15 feb 2025": the calendar day in Mexico City. Text that is not a date is shown as it came. */
export const formatPaymentDate = formatDay;

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(code: string): Intl.NumberFormat {
  let format = currencyFormats.get(code);
  if (format === undefined) {
    format = new Intl.NumberFormat("es-MX", { style: "currency", currency: code });
    currencyFormats.set(code, format);
  }
  return format;
}

/**
 * "$1,740.00 MXN": pesos (IVA included, to the centavo) in the es-MX currency format,
 * with the code so nobody reads dollars. The contract's currency is lower
 * case ("mxn"); anything that is not a currency code is treated as MXN.
 */
export function formatPaymentAmount(amount: number, currency: string): string {
  const code = /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : "MXN";
  return `${currencyFormat(code).format(amount)} ${code}`;
}

const STATUS_LABELS: Readonly<Record<string, string>> = {
  paid: "Pagado",
  failed: "Rechazado",
  refunded: "Reembolsado",
  partially_refunded: "Reembolso parcial",
  disputed: "En disputa",
};

/** The payment's status in Spanish; a status we do not know yet is shown as the server sent it. */
export function paymentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/**
 * What Historial's "Estado" column says: the status in Spanish and, for a
 * partial refund, how much came back ("Reembolso parcial de $600.00 MXN").
 */
export function paymentStatusText(payment: { readonly status: string; readonly currency: string; readonly refunded_amount?: number | null | undefined }): string {
  const label = paymentStatusLabel(payment.status);
  const refunded = payment.refunded_amount;
  if (payment.status !== "partially_refunded" || refunded === null || refunded === undefined) return label;
  return `${label} de ${formatPaymentAmount(refunded, payment.currency)}`;
}

/** What Historial's "Monto" column says: what was charged and, after an upgrade, the credit taken off it. */
export function paymentAmountText(payment: { readonly amount: number; readonly currency: string; readonly credit_amount?: number | null | undefined }): string {
  const charged = formatPaymentAmount(payment.amount, payment.currency);
  const credit = payment.credit_amount;
  return credit === null || credit === undefined ? charged : `${charged} (crédito de ${formatPaymentAmount(credit, payment.currency)} por días no usados)`;
}
