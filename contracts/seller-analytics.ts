import { Schema } from "effect";
import { CompanyIdParams, COMPANY_NOT_FOUND_MESSAGE } from "./companies.ts";
import { defineEndpoint } from "./endpoint.ts";

/**
 * A seller's analytics of one company (issue 16): how many people looked at
 * its public profile, wrote interest messages, asked for access (by status)
 * and opened its shared documents (by document and by buyer), with a weekly
 * chart. For the company's owner and admins.
 *
 * A profile view is one viewer (an account, or else an address) per company
 * per day; the owner's and admins' own views are not counted.
 */

/** The chart's span: this many weeks (Monday, Mexico City time), the current one last. */
export const ANALYTICS_WEEKS = 12;

export const AnalyticsWeek = Schema.Struct({
  /** YYYY-MM-DD, a Monday. */
  week_start: Schema.String,
  profile_views: Schema.Int,
  interest_messages: Schema.Int,
  access_requests: Schema.Int,
  document_opens: Schema.Int,
});
export type AnalyticsWeek = typeof AnalyticsWeek.Type;

export const AccessRequestCounts = Schema.Struct({
  pending: Schema.Int,
  approved: Schema.Int,
  rejected: Schema.Int,
  revoked: Schema.Int,
});

/** A shared document and how often buyers opened it. */
export const DocumentOpens = Schema.Struct({
  file_id: Schema.Int,
  filename: Schema.String,
  category: Schema.String,
  shared: Schema.Boolean,
  opens: Schema.Int,
  /** Distinct buyers who opened it. */
  buyers: Schema.Int,
  last_opened_at: Schema.NullOr(Schema.String),
});
export type DocumentOpens = typeof DocumentOpens.Type;

/** A buyer with a request and how often they opened the company's documents. */
export const BuyerOpens = Schema.Struct({
  access_request_id: Schema.Int,
  buyer_name: Schema.String,
  status: Schema.Literal("pending", "approved", "rejected", "revoked"),
  opens: Schema.Int,
  last_opened_at: Schema.NullOr(Schema.String),
});
export type BuyerOpens = typeof BuyerOpens.Type;

/** One page's time, in seconds (milliseconds summed, then rounded). */
export const PageSeconds = Schema.Struct({ page: Schema.Int, seconds: Schema.Int });
export type PageSeconds = typeof PageSeconds.Type;

/** One page of a document: buyers' seconds on it, and how many distinct buyers saw it. */
export const PageReading = Schema.Struct({ page: Schema.Int, seconds: Schema.Int, readers: Schema.Int });
export type PageReading = typeof PageReading.Type;

/**
 * What one buyer read of one document (decision 051's page reports): opens,
 * downloads, distinct pages seen (a page with a report, even of 0 ms), time.
 * The e-mail only once one of their requests was approved (decision 023:
 * contacts after approval), like the audit's.
 */
export const BuyerReading = Schema.Struct({
  buyer_user_id: Schema.Int,
  buyer_name: Schema.String,
  buyer_email: Schema.NullOr(Schema.String),
  /** Their latest request for the company; null when there is none (an admin removed it). */
  access_request_id: Schema.NullOr(Schema.Int),
  opens: Schema.Int,
  downloads: Schema.Int,
  pages_seen: Schema.Int,
  seconds: Schema.Int,
  /** Their latest open of the document; null when they only downloaded it. */
  last_read_at: Schema.NullOr(Schema.String),
  /** The pages they saw, in order (pages without a report are not listed). */
  pages: Schema.Array(PageSeconds),
});
export type BuyerReading = typeof BuyerReading.Type;

/** A data-room document that buyers opened or downloaded, page by page and buyer by buyer. */
export const DocumentReading = Schema.Struct({
  file_id: Schema.Int,
  filename: Schema.String,
  /** Null for a file stored before page counts were (until its next open reads it). */
  page_count: Schema.NullOr(Schema.Int),
  /** Every page 1..page_count (or up to the last page seen), zero-filled. */
  pages: Schema.Array(PageReading),
  /** Most seconds first. */
  buyers: Schema.Array(BuyerReading),
});
export type DocumentReading = typeof DocumentReading.Type;

export const CompanyAnalytics = Schema.Struct({
  company_id: Schema.Int,
  human_id: Schema.String,
  /** ANALYTICS_WEEKS weeks, oldest first. */
  weeks: Schema.Array(AnalyticsWeek),
  /** Since the company was registered. */
  totals: Schema.Struct({
    profile_views: Schema.Int,
    interest_messages: Schema.Int,
    access_requests: AccessRequestCounts,
    document_opens: Schema.Int,
    letters_of_intent: Schema.Int,
  }),
  /** Every data-room document, most opened first. */
  documents: Schema.Array(DocumentOpens),
  /** Every buyer who asked for access, most opens first. */
  buyers: Schema.Array(BuyerOpens),
  /** The documents buyers opened or downloaded, read page by page (most readers first); never the owner's or admins' opens. */
  readings: Schema.Array(DocumentReading),
});
export type CompanyAnalytics = typeof CompanyAnalytics.Type;

/** GET /companies/{id}/analytics: the seller's figures of one company (owner or admin). */
export const getCompanyAnalyticsEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/analytics",
  summary: "A company's profile views, interest messages, access requests by status and document opens, with 12 weeks by week, and buyers' reading of each document page by page (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: CompanyAnalytics,
  errors: { notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } },
});

// --- The access audit (issue 31; docs/decisions/049-access-audit-export.md) -------------

/**
 * The audit's rows, one per access event, in this column order. New events
 * add `event` values and, when they carry new facts, columns at the end (a
 * spreadsheet built on the earlier columns keeps working).
 */
export const ACCESS_AUDIT_HEADERS = [
  "Fecha y hora (Ciudad de México)",
  "Evento",
  "Solicitud",
  "Comprador",
  "Correo del comprador",
  "Realizado por",
  "Documento",
  "Versión del NDA",
  "IP",
  "Detalle",
  /** A buyer's open: the pages it reported, as ranges ("1-3, 5"); empty without reports. */
  "Páginas vistas",
  /** A buyer's open: the seconds its pages were on screen; empty without reports. */
  "Segundos de lectura",
] as const;

/** The `Evento` column's values, by kind of event. */
export const ACCESS_AUDIT_EVENTS = {
  requested: "Solicitud de acceso",
  ndaAccepted: "NDA aceptado",
  approved: "Acceso aprobado",
  rejected: "Solicitud rechazada",
  revoked: "Acceso retirado",
  /** An approval's end day passed (decision 050): at `access_ends_at`. */
  lapsed: "Acceso terminado por fecha",
  documentOpened: "Documento abierto",
  /** decision 051: a download, a separate logged action. */
  documentDownloaded: "Documento descargado",
} as const;
export type AccessAuditEvent = keyof typeof ACCESS_AUDIT_EVENTS;

/** Page numbers as ranges, in order and once each: [1, 2, 3, 5] → "1-3, 5"; [] → "". */
export function pageRangesText(pages: ReadonlyArray<number>): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const ranges: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  const close = () => {
    if (start === undefined || previous === undefined) return;
    ranges.push(start === previous ? String(start) : previous === start + 1 ? `${start}, ${previous}` : `${start}-${previous}`);
  };
  for (const page of sorted) {
    if (previous !== undefined && page === previous + 1) {
      previous = page;
      continue;
    }
    close();
    start = page;
    previous = page;
  }
  close();
  return ranges.join(", ");
}

/** The file's text: UTF-8 with a BOM, CRLF lines, RFC 4180 quoting (text/csv; charset=utf-8, sent as an attachment). */
export const AccessAuditCsv = Schema.String.annotations({ identifier: "AccessAuditCsv", description: "CSV (UTF-8 with BOM, CRLF), one row per access event." });

export const ACCESS_AUDIT_MESSAGES = {
  tooMany: "Demasiadas descargas de la auditoría. Espera unos minutos e intenta de nuevo.",
  downloadFailed: "No pudimos descargar la auditoría. Intenta de nuevo.",
} as const;

/** The attachment's name: "auditoria-PUE-0001-2026-12-04.csv" (the company's reference and the Mexico City date of the download). */
export const accessAuditFilename = (humanId: string, mexicoCityDate: string): string => `auditoria-${humanId}-${mexicoCityDate}.csv`;

/**
 * GET /companies/{id}/access_audit: every access event of the company as a
 * CSV download (owner or admin): requests, NDA acceptances with version and
 * IP, approvals, rejections, revocations, lapses, document opens (with the
 * pages and seconds a buyer's open reported) and downloads; Mexico City time,
 * oldest first.
 */
export const getAccessAuditEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/access_audit",
  summary: "A CSV of every access event of a company (requests, NDA acceptances, decisions, lapses, document opens with pages and seconds, downloads), in Mexico City time (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: AccessAuditCsv,
  errors: {
    notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE },
    tooMany: { status: 429, message: ACCESS_AUDIT_MESSAGES.tooMany },
  },
});
