import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, money } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { companies } from "../companies/schema.ts";

// --- Deal room (issue 16; docs/decisions/023-deal-room.md) ---------------------------

/**
 * A buyer's request for a listed company's full profile. Its status follows
 * machines/deal-room/access-request.machine.ts (pending -> approved | rejected; approved ->
 * revoked). At most one open (pending or approved) request per buyer and
 * company, enforced by a partial unique index.
 */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerUserId: integer("buyer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected", "revoked"] })
      .notNull()
      .default("pending"),
    message: text("message").notNull(),
    /** The last approval, rejection or revocation: when, and by whom (the owner or an admin). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The first approval: a connection made (the home page counts these). */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /**
     * When an approval ends (decision 050): null, never. Past it an approved
     * request lapses, counted from the time at every check (no worker needed
     * for access to end). The owner may move it later or remove it.
     */
    accessEndsAt: timestamp("access_ends_at", { withTimezone: true }),
    /** When the week-before reminder was queued for the current end (reset when the end moves). */
    lapseWarnedAt: timestamp("lapse_warned_at", { withTimezone: true }),
    /** When the lapse notice was queued for the current end (reset when the end moves). */
    lapseNoticedAt: timestamp("lapse_noticed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("access_requests_status_check", sql`${table.status} in ('pending', 'approved', 'rejected', 'revoked')`),
    uniqueIndex("access_requests_one_open_idx").on(table.companyId, table.buyerUserId).where(sql`status in ('pending', 'approved')`),
    index("access_requests_company_idx").on(table.companyId, table.createdAt),
    index("access_requests_buyer_idx").on(table.buyerUserId, table.createdAt),
    // The lapse worker's scan: approved requests with an end.
    index("access_requests_ends_idx").on(table.accessEndsAt).where(sql`status = 'approved' and access_ends_at is not null`),
  ],
);

/**
 * Each acceptance of the NDA: who, which version, the exact text they
 * accepted (its placeholders filled), when and from which address. The
 * latest one of a request is the one that counts.
 */
export const ndaAcceptances = pgTable(
  "nda_acceptances",
  {
    id: serial("id").primaryKey(),
    accessRequestId: integer("access_request_id")
      .notNull()
      .references(() => accessRequests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    /** The agreement as accepted, with the parties and the listing's reference written in. */
    acceptedText: text("accepted_text").notNull(),
    /** SHA-256 (hex) of `accepted_text`, for proof that it was not changed. */
    textSha256: text("text_sha256").notNull(),
    ip: text("ip").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("nda_acceptances_request_idx").on(table.accessRequestId, table.acceptedAt)],
);

/** The private thread of a request: only its buyer and the company's owner write; `read_at` is set when the other party reads. */
export const dealMessages = pgTable(
  "deal_messages",
  {
    id: serial("id").primaryKey(),
    accessRequestId: integer("access_request_id")
      .notNull()
      .references(() => accessRequests.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("deal_messages_request_idx").on(table.accessRequestId, table.createdAt)],
);

/** A letter of intent: the buyer's offer on an approved request; the owner accepts or declines it. One pending at a time per request. */
export const lettersOfIntent = pgTable(
  "letters_of_intent",
  {
    id: serial("id").primaryKey(),
    accessRequestId: integer("access_request_id")
      .notNull()
      .references(() => accessRequests.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    currency: text("currency", { enum: ["MXN", "USD"] }).notNull(),
    stakePercentage: numeric("stake_percentage", { precision: 5, scale: 2, mode: "number" }).notNull(),
    terms: text("terms").notNull(),
    status: text("status", { enum: ["pending", "accepted", "declined"] })
      .notNull()
      .default("pending"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("letters_of_intent_amount_check", sql`${table.amount} > 0`),
    check("letters_of_intent_currency_check", sql`${table.currency} in ('MXN', 'USD')`),
    check("letters_of_intent_stake_check", sql`${table.stakePercentage} between 0 and 100`),
    check("letters_of_intent_status_check", sql`${table.status} in ('pending', 'accepted', 'declined')`),
    index("letters_of_intent_request_idx").on(table.accessRequestId, table.createdAt),
    uniqueIndex("letters_of_intent_one_pending_idx").on(table.accessRequestId).where(sql`status = 'pending'`),
  ],
);

/**
 * Views of a company's public profile: one row per viewer (`viewer_key`:
 * "u:<user id>", or "a:<keyed hash of the address>" for visitors) per
 * company per Mexico City day. The owner's and admins' views are not written.
 */
export const companyProfileViews = pgTable(
  "company_profile_views",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    viewerUserId: integer("viewer_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.viewerKey] })],
);
