import type { Plan } from "../../contracts/subscriptions.ts";
import { htmlDocument } from "../http/html-document.ts";
import { IVA_PERCENT, formatMxn, splitIva } from "./plans.ts";

/**
 * The two pages the payments feature serves itself, for a browser tab
 * rather than the app: the local checkout and the printable receipt. Plain
 * server-rendered HTML in Spanish: no scripts (CSP script-src 'self'), one
 * inline stylesheet (allowed), landmarks, a heading per page, real buttons.
 * Every value is escaped.
 */

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside HTML text and double-quoted attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const DATE = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });
const DATE_TIME = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: "America/Mexico_City" });

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c2430; background: #f4f6f9; }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 34rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.brand { font-weight: 700; color: #0b4f8a; letter-spacing: .02em; margin: 0 0 1.5rem; }
.note { background: #fff8e1; border: 1px solid #f0c36d; border-radius: 8px; padding: .75rem 1rem; }
dl { display: grid; grid-template-columns: 1fr auto; gap: .5rem 1rem; margin: 1.5rem 0; }
dt { color: #4a5565; }
dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.total { font-weight: 700; font-size: 1.125rem; border-top: 1px solid #d7dce3; padding-top: .5rem; }
form { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
button { font: inherit; font-weight: 600; padding: .75rem 1.25rem; border-radius: 8px; border: 2px solid #0b4f8a; cursor: pointer; }
button.primary { background: #0b4f8a; color: #fff; }
button.secondary { background: #fff; color: #0b4f8a; }
button:focus-visible, a:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
a { color: #0b4f8a; }
@media print { body { background: #fff; padding: 0; } main { box-shadow: none; } .no-print { display: none; } }
`;

function page(title: string, body: string): string {
  return htmlDocument({ title: `${title} · Puente`, style: STYLE, body: `<main>\n<p class="brand">Puente</p>\n${body}\n</main>` });
}

const amountRows = (totalCents: number): string => {
  const { subtotal, iva } = splitIva(totalCents);
  return `<dt>Subtotal</dt><dd>${escapeHtml(formatMxn(subtotal))}</dd>
<dt>IVA (${IVA_PERCENT}%)</dt><dd>${escapeHtml(formatMxn(iva))}</dd>
<dt class="total">Total</dt><dd class="total">${escapeHtml(formatMxn(totalCents))}</dd>`;
};

/** An upgrade's credit, shown before what it leaves to pay (decision 013). */
const creditRows = (priceCents: number, creditCents: number): string =>
  creditCents <= 0
    ? ""
    : `<dt>Precio del plan (IVA incluido)</dt><dd>${escapeHtml(formatMxn(priceCents))}</dd>
<dt>Crédito por los días no usados de tu plan actual</dt><dd>−${escapeHtml(formatMxn(creditCents))}</dd>
`;

export interface LocalCheckoutView {
  readonly checkoutId: string;
  readonly plan: Plan;
  /** What is charged now: the plan's price less the credit. */
  readonly amountCents: number;
  readonly creditCents: number;
  readonly email: string;
  readonly expiresAt: Date;
}

/** The local checkout: what is bought, the amount with IVA, 'Pagar' and 'Simular pago rechazado'. */
export function localCheckoutPage(view: LocalCheckoutView): string {
  const every = view.plan.interval === "month" ? "cada mes" : "cada 3 meses";
  return page(
    `Pagar plan ${view.plan.nickname}`,
    `<h1>Pagar plan ${escapeHtml(view.plan.nickname)}</h1>
<p>Plan ${escapeHtml(view.plan.name)}, se cobra ${every}. Comisión de éxito: ${view.plan.success_fee_percent}% + IVA sobre la operación (no se cobra aquí).</p>
<p class="note" role="note">Pago de prueba: este entorno no está conectado a un procesador de pagos y no se hace ningún cargo.</p>
<dl aria-label="Resumen del pago">
<dt>Cuenta</dt><dd>${escapeHtml(view.email)}</dd>
${creditRows(view.amountCents + view.creditCents, view.creditCents)}${amountRows(view.amountCents)}
</dl>
<form method="post" action="/api/payments/local-checkout/${escapeHtml(view.checkoutId)}">
<button type="submit" class="primary" name="outcome" value="paid">Pagar</button>
<button type="submit" class="secondary" name="outcome" value="declined">Simular pago rechazado</button>
</form>
<p><small>Vigencia de este enlace: ${escapeHtml(DATE_TIME.format(view.expiresAt))} (hora del centro de México)</small></p>`,
  );
}

export interface ReceiptView {
  readonly paymentId: number;
  readonly nickname: string;
  readonly amountCents: number;
  /** An upgrade's credit, already taken off `amountCents`. */
  readonly creditCents: number;
  readonly status: string;
  readonly paidAt: Date;
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly reference: string;
}

const STATUS_LABELS: Readonly<Record<string, string>> = { paid: "Pagado", failed: "Rechazado", refunded: "Reembolsado" };

/** A printable receipt of one payment. */
export function receiptPage(view: ReceiptView): string {
  const period =
    view.periodStart === null || view.periodEnd === null
      ? ""
      : `<dt>Periodo</dt><dd>${escapeHtml(DATE.format(view.periodStart))} al ${escapeHtml(DATE.format(view.periodEnd))}</dd>`;
  return page(
    `Recibo de pago ${view.paymentId}`,
    `<h1>Recibo de pago</h1>
<p>Folio ${view.paymentId} · ${escapeHtml(DATE_TIME.format(view.paidAt))} (hora del centro de México)</p>
<dl aria-label="Detalle del pago">
<dt>Cliente</dt><dd>${escapeHtml(view.customerName)}</dd>
<dt>Email</dt><dd>${escapeHtml(view.customerEmail)}</dd>
<dt>Concepto</dt><dd>Plan ${escapeHtml(view.nickname)}</dd>
${period}
<dt>Estado</dt><dd>${escapeHtml(STATUS_LABELS[view.status] ?? view.status)}</dd>
<dt>Referencia</dt><dd>${escapeHtml(view.reference)}</dd>
${creditRows(view.amountCents + view.creditCents, view.creditCents)}${amountRows(view.amountCents)}
</dl>
<p>Este recibo no es un comprobante fiscal (CFDI).</p>
<p class="no-print">Para guardarlo, usa la opción Imprimir de tu navegador.</p>`,
  );
}

/** A page that only says what happened (an unknown or closed checkout, a receipt that is not yours). */
export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="/planes">Ver los planes</a></p>`);
}
