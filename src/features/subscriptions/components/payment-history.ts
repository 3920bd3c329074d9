/**
 * The pure parts of Historial (./PaymentHistory.tsx): how a payment row reads
 * in es-MX, and the paging. No React, no styles: unit tested in node
 * (tests/unit/subscriptions/payment-history.test.ts).
 */

const paymentDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" });

/** "15 feb 2025": the calendar day in Mexico City. Text that is not a date is shown as it came. */
export function formatPaymentDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : paymentDate.format(date);
}

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
 * "$1,740.00 MXN": whole pesos (IVA included) in the es-MX currency format,
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
};

/** The payment's status in Spanish; a status we do not know yet is shown as the server sent it. */
export function paymentStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** How many pages `total` rows fill, at least one (an empty history is one empty page). */
export function pageCountOf(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

export interface Paging {
  /** The page shown, within 1..pageCount. */
  readonly page: number;
  readonly pageCount: number;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  /** "Página 2 de 3". */
  readonly label: string;
}

/** The pager for `page` of `total` rows, `perPage` a page; a page past the last is the last. */
export function pagingOf(page: number, total: number, perPage: number): Paging {
  const pageCount = pageCountOf(total, perPage);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  return {
    page: current,
    pageCount,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    label: `Página ${current} de ${pageCount}`,
  };
}
