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
});
export type CompanyAnalytics = typeof CompanyAnalytics.Type;

/** GET /companies/{id}/analytics: the seller's figures of one company (owner or admin). */
export const getCompanyAnalyticsEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/analytics",
  summary: "A company's profile views, interest messages, access requests by status and document opens, with 12 weeks by week (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: CompanyAnalytics,
  errors: { notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } },
});

// --- The access audit (issue 31; docs/decisions/049-access-audit-export.md) -------------

/**
 * The audit's rows, one per access event, in this column order. Later
 * events (a view's pages and seconds, downloads, lapses) add `event` values
 * and, when they carry new facts, columns at the end.
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
] as const;

/** The `Evento` column's values, by kind of event. */
export const ACCESS_AUDIT_EVENTS = {
  requested: "Solicitud de acceso",
  ndaAccepted: "NDA aceptado",
  approved: "Acceso aprobado",
  rejected: "Solicitud rechazada",
  revoked: "Acceso retirado",
  documentOpened: "Documento abierto",
} as const;
export type AccessAuditEvent = keyof typeof ACCESS_AUDIT_EVENTS;

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
 * IP, approvals, rejections, revocations, document opens; Mexico City time,
 * oldest first.
 */
export const getAccessAuditEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/access_audit",
  summary: "A CSV of every access event of a company (requests, NDA acceptances, decisions, document opens), in Mexico City time (owner or admin).",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: AccessAuditCsv,
  errors: {
    notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE },
    tooMany: { status: 429, message: ACCESS_AUDIT_MESSAGES.tooMany },
  },
});
