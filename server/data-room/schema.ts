import { boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
