import { sql } from "drizzle-orm";
import { bigint, customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, tsvector } from "../db/columns.ts";
import { users } from "../auth/schema.ts";
import { companies } from "../companies/schema.ts";

/**
 * The marketplace's search side table (docs/performance/marketplace.md): one
 * narrow row per *listed* company (published and active) with its search
 * document and the columns the filters read, so ranking a search reads
 * ~1.2 kB per match instead of a page of the wide companies heap. Written
 * only by the trigger of migrations 0006/0008, at commit (a copy of
 * `companies.search_vector`); never write it from code. Holds no names: the
 * document has them cut out already.
 */
export const companySearch = pgTable(
  "company_search",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    searchVector: tsvector("search_vector").notNull(),
    stateId: integer("state_id"),
    companyTypeId: integer("company_type_id"),
    verificationLevelId: integer("verification_level_id").notNull(),
    ebitdaRangeId: integer("ebitda_range_id"),
    yearlySalesRangeId: integer("yearly_sales_range_id"),
  },
  (table) => [
    index("company_search_vector_idx").using("gin", table.searchVector),
    // A search with a selective filter ANDs two bitmaps instead of ranking
    // every match of the words and filtering afterwards.
    index("company_search_state_idx").on(table.stateId),
    index("company_search_type_idx").on(table.companyTypeId),
    index("company_search_verification_idx").on(table.verificationLevelId),
    index("company_search_ebitda_idx").on(table.ebitdaRangeId),
    index("company_search_sales_idx").on(table.yearlySalesRangeId),
  ],
);

// --- Marketplace: interest messages ------------------------------------------

export const interestMessages = pgTable(
  "interest_messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    senderUserId: integer("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    humanId: text("human_id").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("interest_messages_company_id_idx").on(table.companyId)],
);

// --- Marketplace: search support ---------------------------------------------

/**
 * Every unaccented lower-case word of the listed text (descriptions,
 * industry and state names), kept by triggers. A search word that is not
 * here is corrected to its nearest word by trigram similarity (typos).
 */
export const searchTerms = pgTable(
  "search_terms",
  { word: text("word").primaryKey() },
  (table) => [index("search_terms_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops"))],
);

/**
 * One row (id 1) whose `version` rises, by statement triggers, with every
 * write to companies, their industries/interests or the catalogues a card
 * shows. The marketplace result cache is keyed on it.
 */
export const marketplaceState = pgTable("marketplace_state", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), as text on the wire. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * The marketplace's change log: which listed companies (and which new
 * vocabulary words) a transaction touched, stamped with its transaction id.
 * Written only by the triggers of migration 0021; each server process keeps
 * its in-memory search index (server/marketplace/search-index) in step by
 * reading the rows committed since its last snapshot
 * (`NOT pg_visible_in_snapshot(txid, last)`), so no commit is missed
 * whatever order transactions commit in. Rows older than a day are pruned.
 */
export const marketplaceChanges = pgTable(
  "marketplace_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    txid: xid8("txid").notNull().default(sql`pg_current_xact_id()`),
    companyId: integer("company_id"),
    word: text("word"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("marketplace_changes_txid_idx").on(table.txid), index("marketplace_changes_at_idx").on(table.at)],
);

/**
 * The companies columns a marketplace card reads, besides its `id`: the one
 * definition of them (docs/decisions/038). The card's SELECT is built from
 * it (server/marketplace/cards.ts `CARD_COLUMNS`), and so is the trigger
 * that logs a change of any of them to marketplace_changes
 * (`companies_log_card_change`, rewritten from this list after every
 * migration by server/db/card-change-trigger.ts). Add a column here and both
 * follow; a test updates each column in turn and expects the change in a
 * second process's index.
 */
export const CARD_COMPANY_COLUMNS = [
  companies.humanId,
  companies.pictureUrl,
  companies.shortDescription,
  companies.verificationLevelId,
  companies.companyTypeId,
  companies.stateId,
  companies.yearlySalesRangeId,
  companies.ebitdaRangeId,
  // Read only to mask the company's names in the description (contracts/confidential-text.ts).
  companies.name,
  companies.legalName,
  companies.comercialName,
] as const;
