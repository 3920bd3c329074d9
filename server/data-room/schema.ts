import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { companies } from "../companies/schema.ts";

// --- Data room -------------------------------------------------------------------

/**
 * A data-room file: metadata only; the bytes live in storage (server/storage)
 * under `storage_key`, 128 random bits, never derived from a name or an id.
 */
export const companyFiles = pgTable(
  "company_files",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** One of contracts/data-room.ts DATA_ROOM_CATEGORIES. */
    category: text("category").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** Sanitised, shown to people only (server/data-room/content.ts). */
    filename: text("filename").notNull(),
    /** Sniffed from the bytes: application/pdf, image/jpeg or image/png. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** A CIF's issue date; null for other categories. */
    issuedOn: date("issued_on", { mode: "string" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Shared with buyers whose access request is approved (issue 16); private to the owner and admins otherwise. */
    shared: boolean("shared").notNull().default(false),
    /** Whether an approved buyer may download it (a separate, logged action); off until the owner allows it (decision 051). */
    downloadAllowed: boolean("download_allowed").notNull().default(false),
    /** A PDF's pages (1 for an image), read at upload; null for a file stored before it was (read at its next open). */
    pageCount: integer("page_count"),
    createdAt: createdAt(),
  },
  (table) => [index("company_files_company_category_idx").on(table.companyId, table.category, table.createdAt)],
);

/** Each open of a data-room file (who, when): its view count and audit list. */
export const fileViews = pgTable(
  "file_views",
  {
    id: serial("id").primaryKey(),
    fileId: integer("file_id")
      .notNull()
      .references(() => companyFiles.id, { onDelete: "cascade" }),
    viewerUserId: integer("viewer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("file_views_file_viewed_idx").on(table.fileId, table.viewedAt)],
);

/**
 * What a buyer's open read, page by page (decision 051): the viewer reports
 * the seconds each page was on screen, in batches, through the open's
 * signed reading token; the milliseconds add up per (view, page). The
 * owner's and admins' opens get no token, so they are never here.
 */
export const fileViewPages = pgTable(
  "file_view_pages",
  {
    viewId: integer("view_id")
      .notNull()
      .references(() => fileViews.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    /** Time on screen, summed over the batches; never more than the time since the open (the server clamps it). */
    milliseconds: integer("milliseconds").notNull(),
  },
  (table) => [primaryKey({ columns: [table.viewId, table.page] })],
);

/** Each download of a data-room file (who, when): a separate action from an open, logged for the audit. */
export const fileDownloads = pgTable(
  "file_downloads",
  {
    id: serial("id").primaryKey(),
    fileId: integer("file_id")
      .notNull()
      .references(() => companyFiles.id, { onDelete: "cascade" }),
    viewerUserId: integer("viewer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("file_downloads_file_idx").on(table.fileId, table.downloadedAt)],
);
