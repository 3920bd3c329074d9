import type { FullFinancials } from "../../../../contracts/marketplace.ts";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO, DATA_ROOM_GROUP_LABELS, type DataRoomCategory } from "../../../../contracts/data-room.ts";
import type { DealRole, LoiCurrency, NdaAcceptance } from "../../../../contracts/deal-room.ts";
import { FINANCIAL_RECORDS_STATES, FINANCIAL_RECORDS_STATE_LABELS, type FinancialRecordsState } from "../../../../contracts/onboarding.ts";
import { formatDay } from "../../../utils/dates.ts";
import { formatLongDay, parsed, TIME_ZONE } from "./deal-dates.ts";

/**
 * How the deal room writes dates, money, percentages and files in es-MX.
 * Pure (no React), unit tested in node (tests/unit/deal-room/).
 */

export { formatDay, formatLongDay };

/** Spec section 3: the fallback for any missing value. */
export const NOT_AVAILABLE = "No disponible";

// The calendar and the clock as people in Mexico read them, whatever the browser's zone (deal-dates.ts).
const dayAndTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });

/** "26 nov 2026, 12:05 p.m.": when a message was sent or the NDA accepted. */
export const formatDayTime = (value: string): string => {
  const date = parsed(value);
  return date === null ? value : dayAndTime.format(date);
};

const percentNumber = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 2 });
const mxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", maximumFractionDigits: 0 });

/** "25%", "12.5%" (the app writes percentages this way everywhere). */
export const formatPercent = (value: number): string => `${percentNumber.format(value)}%`;

/** A letter's stake: "60% de participación"; 0 is an offer of debt or a convertible (decision 023). */
export const formatStake = (stake: number): string => (stake === 0 ? "0% (oferta de deuda o convertible)" : `${formatPercent(stake)} de participación`);

/** A letter's amount in its own currency, with the code so pesos and dollars never look alike: "$2,500,000.00 USD". */
export function formatLoiAmount(amount: number, currency: LoiCurrency): string {
  const money = new Intl.NumberFormat("es-MX", { style: "currency", currency, currencyDisplay: "narrowSymbol" });
  return `${money.format(amount)} ${currency}`;
}

/** An amount of the company's own records (always MXN), or 'No disponible'. */
export const formatMxnOrNotAvailable = (value: number | null): string => (value === null ? NOT_AVAILABLE : mxn.format(value));

export const formatPercentOrNotAvailable = (value: number | null): string => (value === null ? NOT_AVAILABLE : formatPercent(value));

const fileSize = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 });
const KB = 1024;
const MB = KB * KB;

/** "820 bytes", "48 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${fileSize.format(bytes)} bytes`;
  if (bytes < MB) return `${fileSize.format(bytes / KB)} KB`;
  return `${fileSize.format(bytes / MB)} MB`;
}

const isCategory = (value: string): value is DataRoomCategory => (DATA_ROOM_CATEGORIES as ReadonlyArray<string>).includes(value);

/** "Acta constitutiva (Persona moral)"; a category this app does not know yet is shown as 'Documento'. */
export function documentCategoryLabel(category: string): string {
  if (!isCategory(category)) return "Documento";
  const info = DATA_ROOM_CATEGORY_INFO[category];
  return `${info.label} (${DATA_ROOM_GROUP_LABELS[info.group]})`;
}

const isRecordsState = (value: string): value is FinancialRecordsState => (FINANCIAL_RECORDS_STATES as ReadonlyArray<string>).includes(value);

/** The onboarding's answer about the financial statements, in its own words, or 'No disponible'. */
export const financialRecordsLabel = (state: string | null): string =>
  state !== null && isRecordsState(state) ? FINANCIAL_RECORDS_STATE_LABELS[state] : NOT_AVAILABLE;

/** The full financials as label and value, in reading order (all amounts MXN). */
export function fullFinancialRows(financials: FullFinancials): ReadonlyArray<readonly [string, string]> {
  return [
    ["Ventas anuales (último año)", formatMxnOrNotAvailable(financials.yearly_sales)],
    ["EBITDA (último año)", formatMxnOrNotAvailable(financials.ebitda)],
    ["Margen EBITDA (último año)", formatPercentOrNotAvailable(financials.ebitda_margin)],
    ["Ventas del año anterior", formatMxnOrNotAvailable(financials.second_last_year_yearly_sales)],
    ["Margen EBITDA del año anterior", formatPercentOrNotAvailable(financials.second_last_year_ebitda_margin)],
    ["Ventas estimadas del año en curso", formatMxnOrNotAvailable(financials.estimate_yearly_sales)],
    ["Estados financieros", financialRecordsLabel(financials.financial_records_state)],
  ];
}

/** Who wrote a message, as the thread labels it. */
export const DEAL_ROLE_LABELS: Readonly<Record<DealRole, string>> = {
  buyer: "Comprador",
  seller: "Empresa",
  admin: "Puente",
};

/** The verification badge of a buyer (a word, never a colour alone). */
export const verificationLabel = (verified: boolean): string => (verified ? "Correo verificado" : "Sin verificar");

/** "Acuerdo de confidencialidad versión 2026-11 aceptado por Daniela Fuentes el 26 nov 2026, 12:05 p.m. desde la IP 203.0.113.7." */
export const ndaRecordText = (nda: NdaAcceptance): string =>
  `Acuerdo de confidencialidad versión ${nda.version} aceptado por ${nda.accepted_by} el ${formatDayTime(nda.accepted_at)} desde la IP ${nda.ip}.`;

/** Said beside the record when a newer NDA version took effect. */
export const NDA_NOT_CURRENT_NOTE = "Hay una versión nueva del acuerdo: el comprador debe aceptarla para volver a ver el perfil completo.";

/**
 * A website as a link target: http(s) as written, a bare domain with
 * https://, anything else (another scheme, spaces) not linked at all.
 */
export function externalUrl(website: string): string | null {
  const text = website.trim();
  if (text === "" || /\s/.test(text)) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : /^[a-z][a-z\d+\-.]*:/i.test(text) ? null : `https://${text}`;
  if (candidate === null) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A phone number as a `tel:` link: its digits and a leading +. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The company's name as this viewer's screen shows it: masked for an admin in Incognito (src/lib/incognito.ts), absent when the server sent none. */
export const shownCompanyName = (name: string | null, viewer: { readonly isAdmin: boolean; readonly demoMode: boolean }, hidden: string): string | null =>
  name === null ? null : viewer.isAdmin && viewer.demoMode ? hidden : name;
