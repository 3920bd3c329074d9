import { sql } from "drizzle-orm";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO } from "../../contracts/data-room.ts";
import { ACCESS_AUDIT_EVENTS, ACCESS_AUDIT_HEADERS, accessAuditFilename, getAccessAuditEndpoint, pageRangesText, type AccessAuditEvent } from "../../contracts/seller-analytics.ts";
import type { Database } from "../db/open.ts";
import { intArrayOf, intOrNullOf, rowsOf, textOf, textOrNullOf, type Row } from "../db/rows.ts";
import { MEXICO_CITY_TIME_ZONE } from "../db/weeks.ts";
import { fail } from "../http/router.ts";
import { csvDocument } from "./csv.ts";

/**
 * GET /companies/{id}/access_audit (issue 31, docs/decisions/049-access-audit-export.md):
 * every access event of a company that the database holds, oldest first, in
 * Mexico City time, one statement:
 * - each access request's creation (with the buyer's message);
 * - each NDA acceptance (its version, the address it came from, and the
 *   SHA-256 of the accepted text);
 * - each request's approval (`approved_at`), and its rejection or revocation
 *   (`decided_at`, `decided_by`). A request keeps only its last decision's
 *   author: after a revocation, who approved is not on record, and the row
 *   says so rather than guess;
 * - each lapse (decision 050): an approved request whose `access_ends_at`
 *   has passed, at that instant (or a revoked one whose end had passed
 *   before the revocation). The status stays `approved`, so the lapse is
 *   read from the time, as every access check reads it;
 * - each open of a data-room document (file_views), by anyone, the owner's
 *   and admins' included (an audit lists every access, not only buyers'),
 *   with the pages a buyer's open reported and their seconds (decision 051;
 *   the owner's and admins' opens are never read page by page);
 * - each download (file_downloads), by anyone, marked the same way.
 *
 * Later events are new branches of the same union: new `Evento` values, and
 * new columns at the end when they carry new facts.
 */

export interface AccessAudit {
  readonly filename: string;
  readonly csv: string;
}

/** Events that happen at the same instant keep the order of a request's life. */
const RANK: Readonly<Record<AccessAuditEvent, number>> = {
  requested: 1,
  ndaAccepted: 2,
  approved: 3,
  rejected: 4,
  lapsed: 5,
  revoked: 6,
  documentOpened: 7,
  documentDownloaded: 8,
};
const isEvent = (value: string): value is AccessAuditEvent => value in RANK;

const mexicoCityDate = new Intl.DateTimeFormat("en-CA", { timeZone: MEXICO_CITY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

const categoryLabel = (category: string): string => {
  const known = DATA_ROOM_CATEGORIES.find((key) => key === category);
  return known === undefined ? category : DATA_ROOM_CATEGORY_INFO[known].label;
};

/** "Ana López (ana@ejemplo.mx)"; empty when the account is gone or not on record. */
const person = (name: string | null, email: string | null): string | null => (name === null ? null : `${name} (${email ?? ""})`);

const LAPSE_DETAIL = "Terminó el último día de acceso que fijó la empresa.";

const fileDetail = (row: Row, verb: "Abierto" | "Descargado"): string => {
  const category = `Categoría: ${categoryLabel(textOrNullOf(row, "category") ?? "")}`;
  const role = textOrNullOf(row, "viewer_role");
  return role === "owner" ? `${verb} por el propietario. ${category}` : role === "admin" ? `${verb} por un administrador. ${category}` : category;
};

const UNKNOWN_APPROVER = "Quién aprobó no consta: la solicitud guarda solo el autor de su última decisión.";

function detailOf(event: AccessAuditEvent, row: Row): string | null {
  switch (event) {
    case "requested":
      return textOrNullOf(row, "message");
    case "ndaAccepted": {
      const sha = textOrNullOf(row, "text_sha256");
      return sha === null ? null : `SHA-256 del texto aceptado: ${sha}`;
    }
    case "approved":
      return textOf(row, "status") === "approved" ? null : UNKNOWN_APPROVER;
    case "rejected":
    case "revoked":
      return null;
    case "lapsed":
      return LAPSE_DETAIL;
    case "documentOpened":
      return fileDetail(row, "Abierto");
    case "documentDownloaded":
      return fileDetail(row, "Descargado");
  }
}

/** A buyer's open with page reports: its pages as ranges and its seconds; empty otherwise (no report, or not a buyer's open). */
function readingOf(row: Row): readonly [string | null, number | null] {
  const pages = intArrayOf(row, "pages");
  if (pages.length === 0) return [null, null];
  return [pageRangesText(pages), Math.round((intOrNullOf(row, "reading_ms") ?? 0) / 1000)];
}

/** The audit's rows as the database holds them at `now`, oldest first (also what the tests compare the file with). */
export async function accessAuditRows(db: Database, companyId: number, ownerUserId: number | null, now: Date): Promise<ReadonlyArray<ReadonlyArray<string | number | null>>> {
  const local = (instant: string) => sql.raw(`to_char(${instant} AT TIME ZONE '${MEXICO_CITY_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`);
  // Who (`v`) opened or downloaded a file: its owner, an admin, or a buyer (then named, with their request at the time).
  const role = sql`CASE WHEN v.id = ${ownerUserId}::int THEN 'owner' WHEN 'admin' = ANY(v.roles) THEN 'admin' ELSE 'buyer' END`;
  const requestAt = (instant: string) => sql`
        LEFT JOIN LATERAL (
          SELECT x.id FROM access_requests x
          WHERE role.kind = 'buyer' AND x.company_id = ${companyId} AND x.buyer_user_id = v.id AND x.created_at <= ${sql.raw(instant)}
          ORDER BY x.created_at DESC, x.id DESC LIMIT 1
        ) req ON true`;
  const rows = rowsOf(
    await db.execute(sql`
      WITH r AS (
        SELECT ar.id, ar.status, ar.message, ar.created_at, ar.approved_at, ar.decided_at, ar.decided_by, ar.access_ends_at,
               b.name AS buyer_name, b.email AS buyer_email
        FROM access_requests ar JOIN users b ON b.id = ar.buyer_user_id
        WHERE ar.company_id = ${companyId}
      )
      SELECT event, at, ${local("at")} AS local_at, request_id, buyer_name, buyer_email, actor_name, actor_email,
             document, nda_version, ip, message, text_sha256, status, category, viewer_role, pages, reading_ms
      FROM (
        SELECT 'requested' AS event, ${RANK.requested} AS rank, r.id AS row_id, r.created_at AS at, r.id AS request_id,
               r.buyer_name, r.buyer_email, r.buyer_name AS actor_name, r.buyer_email AS actor_email,
               NULL::text AS document, NULL::text AS nda_version, NULL::text AS ip, r.message, NULL::text AS text_sha256,
               r.status, NULL::text AS category, NULL::text AS viewer_role, NULL::int[] AS pages, NULL::bigint AS reading_ms
        FROM r
        UNION ALL
        SELECT 'ndaAccepted', ${RANK.ndaAccepted}, n.id, n.accepted_at, r.id, r.buyer_name, r.buyer_email, u.name, u.email,
               NULL, n.version, n.ip, NULL, n.text_sha256, r.status, NULL, NULL, NULL, NULL
        FROM nda_acceptances n JOIN r ON r.id = n.access_request_id LEFT JOIN users u ON u.id = n.user_id
        UNION ALL
        SELECT 'approved', ${RANK.approved}, r.id, r.approved_at, r.id, r.buyer_name, r.buyer_email,
               CASE WHEN r.status = 'approved' THEN d.name END, CASE WHEN r.status = 'approved' THEN d.email END,
               NULL, NULL, NULL, NULL, NULL, r.status, NULL, NULL, NULL, NULL
        FROM r LEFT JOIN users d ON d.id = r.decided_by
        WHERE r.approved_at IS NOT NULL
        UNION ALL
        SELECT CASE WHEN r.status = 'rejected' THEN 'rejected' ELSE 'revoked' END,
               CASE WHEN r.status = 'rejected' THEN ${RANK.rejected} ELSE ${RANK.revoked} END, r.id, r.decided_at, r.id,
               r.buyer_name, r.buyer_email, d.name, d.email, NULL, NULL, NULL, NULL, NULL, r.status, NULL, NULL, NULL, NULL
        FROM r LEFT JOIN users d ON d.id = r.decided_by
        WHERE r.status IN ('rejected', 'revoked') AND r.decided_at IS NOT NULL
        UNION ALL
        -- The lapse is nobody's act: the day the company fixed ran out (decision 050).
        SELECT 'lapsed', ${RANK.lapsed}, r.id, r.access_ends_at, r.id, r.buyer_name, r.buyer_email,
               NULL, NULL, NULL, NULL, NULL, NULL, NULL, r.status, NULL, NULL, NULL, NULL
        FROM r
        WHERE r.access_ends_at IS NOT NULL AND r.access_ends_at <= ${now.toISOString()}::timestamptz
          AND (r.status = 'approved' OR (r.status = 'revoked' AND r.decided_at IS NOT NULL AND r.access_ends_at <= r.decided_at))
        UNION ALL
        SELECT 'documentOpened', ${RANK.documentOpened}, fv.id, fv.viewed_at, req.id,
               CASE WHEN role.kind = 'buyer' THEN v.name END, CASE WHEN role.kind = 'buyer' THEN v.email END,
               v.name, v.email, f.filename, NULL, NULL, NULL, NULL, NULL, f.category, role.kind, reading.pages, reading.milliseconds
        FROM file_views fv
        JOIN company_files f ON f.id = fv.file_id
        JOIN users v ON v.id = fv.viewer_user_id
        CROSS JOIN LATERAL (SELECT ${role} AS kind) role
        ${requestAt("fv.viewed_at")}
        LEFT JOIN LATERAL (
          SELECT array_agg(p.page ORDER BY p.page) AS pages, sum(p.milliseconds)::bigint AS milliseconds
          FROM file_view_pages p WHERE p.view_id = fv.id
        ) reading ON true
        WHERE f.company_id = ${companyId}
        UNION ALL
        SELECT 'documentDownloaded', ${RANK.documentDownloaded}, fd.id, fd.downloaded_at, req.id,
               CASE WHEN role.kind = 'buyer' THEN v.name END, CASE WHEN role.kind = 'buyer' THEN v.email END,
               v.name, v.email, f.filename, NULL, NULL, NULL, NULL, NULL, f.category, role.kind, NULL, NULL
        FROM file_downloads fd
        JOIN company_files f ON f.id = fd.file_id
        JOIN users v ON v.id = fd.viewer_user_id
        CROSS JOIN LATERAL (SELECT ${role} AS kind) role
        ${requestAt("fd.downloaded_at")}
        WHERE f.company_id = ${companyId}
      ) events
      ORDER BY at, rank, row_id`),
  );
  return rows.map((row) => {
    const kind = textOf(row, "event");
    if (!isEvent(kind)) throw new Error(`access audit: unknown event ${kind}`);
    return [
      textOf(row, "local_at"),
      ACCESS_AUDIT_EVENTS[kind],
      intOrNullOf(row, "request_id"),
      textOrNullOf(row, "buyer_name"),
      textOrNullOf(row, "buyer_email"),
      person(textOrNullOf(row, "actor_name"), textOrNullOf(row, "actor_email")),
      textOrNullOf(row, "document"),
      textOrNullOf(row, "nda_version"),
      textOrNullOf(row, "ip"),
      detailOf(kind, row),
      ...readingOf(row),
    ];
  });
}

/** The company's audit as a CSV file named after its reference and today's Mexico City date. */
export async function accessAudit(db: Database, companyId: number, now: Date): Promise<AccessAudit> {
  const [company] = rowsOf(await db.execute(sql`SELECT id, human_id, owner_user_id FROM companies WHERE id = ${companyId}`));
  if (company === undefined) throw fail(getAccessAuditEndpoint.errors.notFound);
  const rows = await accessAuditRows(db, companyId, intOrNullOf(company, "owner_user_id"), now);
  return { filename: accessAuditFilename(textOf(company, "human_id"), mexicoCityDate.format(now)), csv: csvDocument(ACCESS_AUDIT_HEADERS, rows) };
}
