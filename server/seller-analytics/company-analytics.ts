import { sql, type SQL } from "drizzle-orm";
import {
  ANALYTICS_WEEKS,
  getCompanyAnalyticsEndpoint,
  type BuyerOpens,
  type BuyerReading,
  type CompanyAnalytics,
  type DocumentOpens,
  type DocumentReading,
} from "../../contracts/seller-analytics.ts";
import type { Database } from "../db/open.ts";
import { boolOf, intArrayOf, intOf, intOrNullOf, rowsOf, textOf, textOrNullOf, type Row } from "../db/rows.ts";
import { mexicoCityMidnight, mexicoCityWeekOf, weekOfDay, weekSpan } from "../db/weeks.ts";
import { fail } from "../http/router.ts";

/**
 * GET /companies/{id}/analytics (issue 16, docs/decisions/023-deal-room.md):
 * what buyers did with one company, for its owner and admins. Six grouped
 * statements, whatever the company's size:
 * - totals since the company was registered;
 * - ANALYTICS_WEEKS weeks (Monday, Mexico City; server/db/weeks.ts) of
 *   profile views, interest messages, access requests and document opens;
 * - every data-room document with its opens, most opened first;
 * - every access request with its buyer's opens, most opens first;
 * - the documents buyers opened or downloaded, page by page and buyer by
 *   buyer (decision 051's page reports, file_view_pages).
 *
 * Only buyers count: a profile view or a document open by the company's
 * owner or by an admin is never counted (the writers skip them too; reading
 * them out again keeps an admin's or the owner's row, however it got there,
 * out of the seller's figures).
 */

type AccessRequestStatus = BuyerOpens["status"];
const STATUSES: ReadonlyArray<AccessRequestStatus> = ["pending", "approved", "rejected", "revoked"];
const isStatus = (value: string): value is AccessRequestStatus => STATUSES.some((status) => status === value);

/** An instant as ISO 8601 in UTC, written by the database so both drivers answer the same text. */
const isoText = (instant: SQL): SQL => sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whether an account's action counts for the company: anyone but its owner and the admins (null: a visitor). */
const countedViewer = (viewerUserId: SQL, ownerUserId: number | null): SQL =>
  sql`(${viewerUserId} IS NULL OR NOT EXISTS (
        SELECT 1 FROM users viewer
        WHERE viewer.id = ${viewerUserId} AND (viewer.id = ${ownerUserId}::int OR 'admin' = ANY(viewer.roles))))`;

/** Buyers' opens of the company's data-room files (the open, file, viewer, when). */
const buyerOpens = (companyId: number, ownerUserId: number | null): SQL => sql`
  SELECT fv.id AS view_id, fv.file_id, fv.viewer_user_id, fv.viewed_at
  FROM file_views fv
  JOIN company_files f ON f.id = fv.file_id
  WHERE f.company_id = ${companyId} AND ${countedViewer(sql`fv.viewer_user_id`, ownerUserId)}`;

/** The company's counted profile views, as a condition on `company_profile_views v`. */
const countedProfileView = (companyId: number, ownerUserId: number | null): SQL =>
  sql`v.company_id = ${companyId} AND ${countedViewer(sql`v.viewer_user_id`, ownerUserId)}`;

async function loadTotals(db: Database, companyId: number, ownerUserId: number | null): Promise<CompanyAnalytics["totals"]> {
  const byStatus = (status: AccessRequestStatus) => sql`count(*) FILTER (WHERE r.status = ${status})`;
  const [row] = rowsOf(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM company_profile_views v WHERE ${countedProfileView(companyId, ownerUserId)})::int AS profile_views,
        (SELECT count(*) FROM interest_messages m WHERE m.company_id = ${companyId})::int AS interest_messages,
        (SELECT count(*) FROM (${buyerOpens(companyId, ownerUserId)}) o)::int AS document_opens,
        (SELECT count(*) FROM letters_of_intent l JOIN access_requests lr ON lr.id = l.access_request_id WHERE lr.company_id = ${companyId})::int AS letters_of_intent,
        requests.pending, requests.approved, requests.rejected, requests.revoked
      FROM (
        SELECT ${byStatus("pending")}::int AS pending, ${byStatus("approved")}::int AS approved,
               ${byStatus("rejected")}::int AS rejected, ${byStatus("revoked")}::int AS revoked
        FROM access_requests r WHERE r.company_id = ${companyId}
      ) requests`),
  );
  const count = (key: string) => (row === undefined ? 0 : intOf(row, key));
  return {
    profile_views: count("profile_views"),
    interest_messages: count("interest_messages"),
    access_requests: { pending: count("pending"), approved: count("approved"), rejected: count("rejected"), revoked: count("revoked") },
    document_opens: count("document_opens"),
    letters_of_intent: count("letters_of_intent"),
  };
}

type WeeklyKind = "profile_views" | "interest_messages" | "access_requests" | "document_opens";

async function loadWeeks(db: Database, companyId: number, ownerUserId: number | null, now: Date): Promise<CompanyAnalytics["weeks"]> {
  const { starts, from, to } = weekSpan(now, ANALYTICS_WEEKS);
  const within = (instant: SQL) => sql`${instant} >= ${mexicoCityMidnight(from)} AND ${instant} < ${mexicoCityMidnight(to)}`;
  // A profile view's day is already a Mexico City calendar day.
  const rows = rowsOf(
    await db.execute(sql`
      SELECT e.kind, e.week, count(*)::int AS total
      FROM (
        SELECT 'profile_views' AS kind, ${weekOfDay(sql`v.day`)} AS week
          FROM company_profile_views v WHERE ${countedProfileView(companyId, ownerUserId)} AND v.day >= ${from}::date AND v.day < ${to}::date
        UNION ALL
        SELECT 'interest_messages', ${mexicoCityWeekOf(sql`m.created_at`)}
          FROM interest_messages m WHERE m.company_id = ${companyId} AND ${within(sql`m.created_at`)}
        UNION ALL
        SELECT 'access_requests', ${mexicoCityWeekOf(sql`r.created_at`)}
          FROM access_requests r WHERE r.company_id = ${companyId} AND ${within(sql`r.created_at`)}
        UNION ALL
        SELECT 'document_opens', ${mexicoCityWeekOf(sql`o.viewed_at`)}
          FROM (${buyerOpens(companyId, ownerUserId)}) o WHERE ${within(sql`o.viewed_at`)}
      ) e
      GROUP BY e.kind, e.week`),
  );
  const counts = new Map(rows.map((row) => [`${textOf(row, "kind")}|${textOf(row, "week")}`, intOf(row, "total")]));
  const at = (kind: WeeklyKind, week: string) => counts.get(`${kind}|${week}`) ?? 0;
  return starts.map((week) => ({
    week_start: week,
    profile_views: at("profile_views", week),
    interest_messages: at("interest_messages", week),
    access_requests: at("access_requests", week),
    document_opens: at("document_opens", week),
  }));
}

async function loadDocuments(db: Database, companyId: number, ownerUserId: number | null): Promise<ReadonlyArray<DocumentOpens>> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH opens AS (${buyerOpens(companyId, ownerUserId)}),
      per_file AS (
        SELECT file_id, count(*)::int AS opens, count(DISTINCT viewer_user_id)::int AS buyers, max(viewed_at) AS last_opened_at
        FROM opens GROUP BY file_id
      )
      SELECT f.id, f.filename, f.category, f.shared,
             coalesce(p.opens, 0) AS opens, coalesce(p.buyers, 0) AS buyers, ${isoText(sql`p.last_opened_at`)} AS last_opened_at
      FROM company_files f
      LEFT JOIN per_file p ON p.file_id = f.id
      WHERE f.company_id = ${companyId}
      ORDER BY coalesce(p.opens, 0) DESC, p.last_opened_at DESC NULLS LAST, f.id`),
  );
  return rows.map((row) => ({
    file_id: intOf(row, "id"),
    filename: textOf(row, "filename"),
    category: textOf(row, "category"),
    shared: boolOf(row, "shared"),
    opens: intOf(row, "opens"),
    buyers: intOf(row, "buyers"),
    last_opened_at: textOrNullOf(row, "last_opened_at"),
  }));
}

const toBuyer = (row: Row): BuyerOpens => {
  const status = textOf(row, "status");
  if (!isStatus(status)) throw new Error(`access request ${intOf(row, "id")}: unknown status ${status}`);
  return {
    access_request_id: intOf(row, "id"),
    buyer_name: textOf(row, "buyer_name"),
    status,
    opens: intOf(row, "opens"),
    last_opened_at: textOrNullOf(row, "last_opened_at"),
  };
};

async function loadBuyers(db: Database, companyId: number, ownerUserId: number | null): Promise<ReadonlyArray<BuyerOpens>> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH opens AS (${buyerOpens(companyId, ownerUserId)}),
      per_buyer AS (
        SELECT viewer_user_id, count(*)::int AS opens, max(viewed_at) AS last_opened_at
        FROM opens GROUP BY viewer_user_id
      )
      SELECT r.id, r.status, b.name AS buyer_name,
             coalesce(p.opens, 0) AS opens, ${isoText(sql`p.last_opened_at`)} AS last_opened_at
      FROM access_requests r
      JOIN users b ON b.id = r.buyer_user_id
      LEFT JOIN per_buyer p ON p.viewer_user_id = r.buyer_user_id
      WHERE r.company_id = ${companyId}
      ORDER BY coalesce(p.opens, 0) DESC, r.created_at DESC, r.id DESC`),
  );
  return rows.map(toBuyer);
}

/** Buyers' downloads of the company's data-room files (file, viewer, when). */
const buyerDownloads = (companyId: number, ownerUserId: number | null): SQL => sql`
  SELECT d.file_id, d.viewer_user_id, d.downloaded_at
  FROM file_downloads d
  JOIN company_files f ON f.id = d.file_id
  WHERE f.company_id = ${companyId} AND ${countedViewer(sql`d.viewer_user_id`, ownerUserId)}`;

const secondsOf = (milliseconds: number): number => Math.round(milliseconds / 1000);

/** One row per (document, buyer) who opened or downloaded it, with their pages' milliseconds. */
interface ReadingRow {
  readonly fileId: number;
  readonly filename: string;
  readonly pageCount: number | null;
  readonly buyer: Omit<BuyerReading, "pages" | "seconds">;
  readonly milliseconds: number;
  readonly pages: ReadonlyArray<{ readonly page: number; readonly milliseconds: number }>;
}

function toReadingRow(row: Row): ReadingRow {
  const pages = intArrayOf(row, "pages");
  const pageMs = intArrayOf(row, "page_ms");
  return {
    fileId: intOf(row, "file_id"),
    filename: textOf(row, "filename"),
    pageCount: intOrNullOf(row, "page_count"),
    buyer: {
      buyer_user_id: intOf(row, "viewer_user_id"),
      buyer_name: textOf(row, "buyer_name"),
      buyer_email: textOrNullOf(row, "buyer_email"),
      access_request_id: intOrNullOf(row, "access_request_id"),
      opens: intOf(row, "opens"),
      downloads: intOf(row, "downloads"),
      pages_seen: pages.length,
      last_read_at: textOrNullOf(row, "last_read_at"),
    },
    milliseconds: intOf(row, "milliseconds"),
    pages: pages.map((page, index) => ({ page, milliseconds: pageMs[index] ?? 0 })),
  };
}

/** A document's rows (one per buyer) as its reading: every page zero-filled, its buyers most seconds first. */
function toDocumentReading(rows: ReadonlyArray<ReadingRow>): DocumentReading | null {
  const [first] = rows;
  if (first === undefined) return null;
  const totals = new Map<number, { milliseconds: number; readers: number }>();
  for (const row of rows) {
    for (const { page, milliseconds } of row.pages) {
      const total = totals.get(page) ?? { milliseconds: 0, readers: 0 };
      totals.set(page, { milliseconds: total.milliseconds + milliseconds, readers: total.readers + 1 });
    }
  }
  // A file without a page count still shows every page up to the last one seen.
  const lastPage = Math.max(first.pageCount ?? 0, ...totals.keys());
  const pages = Array.from({ length: lastPage }, (_, index) => {
    const total = totals.get(index + 1);
    return { page: index + 1, seconds: secondsOf(total?.milliseconds ?? 0), readers: total?.readers ?? 0 };
  });
  const buyers = rows
    .map((row) => ({ ...row.buyer, seconds: secondsOf(row.milliseconds), pages: row.pages.map(({ page, milliseconds }) => ({ page, seconds: secondsOf(milliseconds) })) }))
    .sort((a, b) => b.seconds - a.seconds || (b.last_read_at ?? "").localeCompare(a.last_read_at ?? "") || a.buyer_user_id - b.buyer_user_id);
  return { file_id: first.fileId, filename: first.filename, page_count: first.pageCount, pages, buyers };
}

/**
 * The documents buyers opened or downloaded, each page's seconds and
 * readers, and each buyer's opens, downloads, pages and seconds: one
 * statement grouped by (document, buyer), the pages as arrays; the page
 * totals are added up here from those rows.
 */
async function loadReadings(db: Database, companyId: number, ownerUserId: number | null): Promise<ReadonlyArray<DocumentReading>> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH opens AS (${buyerOpens(companyId, ownerUserId)}),
      downloads AS (${buyerDownloads(companyId, ownerUserId)}),
      per_page AS (
        SELECT o.file_id, o.viewer_user_id, p.page, sum(p.milliseconds)::bigint AS milliseconds
        FROM opens o JOIN file_view_pages p ON p.view_id = o.view_id
        GROUP BY o.file_id, o.viewer_user_id, p.page
      ),
      page_stats AS (
        SELECT file_id, viewer_user_id, sum(milliseconds)::bigint AS milliseconds,
               array_agg(page ORDER BY page) AS pages, array_agg(milliseconds ORDER BY page) AS page_ms
        FROM per_page GROUP BY file_id, viewer_user_id
      ),
      open_stats AS (SELECT file_id, viewer_user_id, count(*)::int AS opens, max(viewed_at) AS last_read_at FROM opens GROUP BY file_id, viewer_user_id),
      download_stats AS (SELECT file_id, viewer_user_id, count(*)::int AS downloads FROM downloads GROUP BY file_id, viewer_user_id),
      pairs AS (SELECT file_id, viewer_user_id FROM open_stats UNION SELECT file_id, viewer_user_id FROM download_stats)
      SELECT pr.file_id, f.filename, f.page_count, pr.viewer_user_id, u.name AS buyer_name,
             CASE WHEN req.ever_approved THEN u.email END AS buyer_email, req.id AS access_request_id,
             coalesce(os.opens, 0) AS opens, coalesce(ds.downloads, 0) AS downloads,
             coalesce(ps.milliseconds, 0) AS milliseconds, ps.pages, ps.page_ms,
             ${isoText(sql`os.last_read_at`)} AS last_read_at
      FROM pairs pr
      JOIN company_files f ON f.id = pr.file_id
      JOIN users u ON u.id = pr.viewer_user_id
      LEFT JOIN open_stats os ON os.file_id = pr.file_id AND os.viewer_user_id = pr.viewer_user_id
      LEFT JOIN download_stats ds ON ds.file_id = pr.file_id AND ds.viewer_user_id = pr.viewer_user_id
      LEFT JOIN page_stats ps ON ps.file_id = pr.file_id AND ps.viewer_user_id = pr.viewer_user_id
      LEFT JOIN LATERAL (
        SELECT x.id,
               EXISTS (SELECT 1 FROM access_requests y WHERE y.company_id = ${companyId} AND y.buyer_user_id = pr.viewer_user_id AND y.approved_at IS NOT NULL) AS ever_approved
        FROM access_requests x
        WHERE x.company_id = ${companyId} AND x.buyer_user_id = pr.viewer_user_id
        ORDER BY x.created_at DESC, x.id DESC LIMIT 1
      ) req ON true
      ORDER BY pr.file_id, pr.viewer_user_id`),
  ).map(toReadingRow);
  const byFile = new Map<number, ReadingRow[]>();
  for (const row of rows) byFile.set(row.fileId, [...(byFile.get(row.fileId) ?? []), row]);
  const documents = [...byFile.values()].map(toDocumentReading).filter((document): document is DocumentReading => document !== null);
  const secondsIn = (document: DocumentReading) => document.buyers.reduce((total, buyer) => total + buyer.seconds, 0);
  return documents.sort((a, b) => b.buyers.length - a.buyers.length || secondsIn(b) - secondsIn(a) || a.file_id - b.file_id);
}

/** The analytics of a company the caller may manage (checked before: authz.assertCompanyAccess). */
export async function companyAnalytics(db: Database, companyId: number, now: Date): Promise<CompanyAnalytics> {
  const [company] = rowsOf(await db.execute(sql`SELECT id, human_id, owner_user_id FROM companies WHERE id = ${companyId}`));
  if (company === undefined) throw fail(getCompanyAnalyticsEndpoint.errors.notFound);
  const ownerUserId = intOrNullOf(company, "owner_user_id");
  const [totals, weeks, documents, buyers, readings] = await Promise.all([
    loadTotals(db, companyId, ownerUserId),
    loadWeeks(db, companyId, ownerUserId, now),
    loadDocuments(db, companyId, ownerUserId),
    loadBuyers(db, companyId, ownerUserId),
    loadReadings(db, companyId, ownerUserId),
  ]);
  return { company_id: companyId, human_id: textOf(company, "human_id"), weeks, totals, documents, buyers, readings };
}
