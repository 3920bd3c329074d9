import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The database schema. drizzle-kit turns it into SQL under server/migrations
 * (`npm run db:generate`); the migrator applies those files on start.
 *
 * Catalogue tables use explicit integer ids written by the seed
 * (server/seed/catalogue-data.ts), so an id means the same row on every
 * database: state 19 is Nuevo León (its INEGI code), verification level 1 is
 * 'Pendiente', company status 1 is 'Created'.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A plain {id, name} catalogue with a unique name. */
const catalogue = (name: string) =>
  pgTable(name, {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
  });

// --- Catalogues (19, one per CATALOGUE_PATHS entry) -------------------------

export const industries = catalogue("industries");
export const companyTypes = catalogue("company_types");
export const interests = catalogue("interests");
export const userCompanyRoles = catalogue("user_company_roles");
export const ebitdaRanges = catalogue("ebitda_ranges");
export const buyerDescriptions = catalogue("buyer_descriptions");
export const investmentSizes = catalogue("investment_sizes");
export const referers = catalogue("referers");
export const servicesInterested = catalogue("services_interested");
export const companyStatuses = catalogue("company_statuses");
export const verificationLevels = catalogue("verification_levels");
export const yearlySalesRanges = catalogue("yearly_sales_ranges");
export const companyCharacteristics = catalogue("company_characteristics");
export const companyAttributes = catalogue("company_attributes");

/** The 32 federal entities; `inegi_code` is the two-digit INEGI key ("19"). */
export const states = pgTable("states", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  inegiCode: text("inegi_code").notNull().unique(),
});

export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** ISO 3166-1 alpha-2, null for 'Otro'. */
  isoCode: text("iso_code").unique(),
});

/** Legal company forms; `name` is the abbreviation ("S.A. de C.V."). */
export const societies = pgTable("societies", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  fullName: text("full_name").notNull(),
});

/** SAT c_RegimenFiscal. Code 626 (RESICO) exists for both persona types. */
export const taxSystems = pgTable(
  "tax_systems",
  {
    id: integer("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    personaType: text("persona_type", { enum: ["moral", "fisica"] }).notNull(),
  },
  (table) => [
    unique("tax_systems_code_persona_type_unique").on(table.code, table.personaType),
    check("tax_systems_persona_type_check", sql`${table.personaType} in ('moral', 'fisica')`),
  ],
);

export const fundingStructures = pgTable(
  "funding_structures",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull().unique(),
    type: text("type", { enum: ["debt", "equity", "hybrid"] }).notNull(),
  },
  (table) => [check("funding_structures_type_check", sql`${table.type} in ('debt', 'equity', 'hybrid')`)],
);

// --- Users -------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    roles: text("roles", { enum: ["admin", "seller", "buyer"] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isOnboardingCompleted: boolean("is_onboarding_completed").notNull().default(false),
    /** When the user opened the verification link we e-mailed (null: not verified); a buyer needs it to ask for access (issue 16). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Set when an admin deactivates the account; such a user cannot log in. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("users_email_lowercase_check", sql`${table.email} = lower(${table.email})`),
    check("users_roles_check", sql`${table.roles} <@ array['admin', 'seller', 'buyer']::text[]`),
  ],
);

/**
 * One subscription record per user. A user without a paid plan has
 * status 'free' and is_paid false; `plan_id` is one of the spec's plan ids.
 * Written by the payment webhook (server/payments/apply-event.ts) and by a
 * cancellation; what a user may do right now is derived from it with the
 * clock (`subscriptionAccess`, server/auth/subscription-access.ts): a
 * cancelled plan past `cancel_at` is free whatever `status` says.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id"),
    nickname: text("nickname"),
    /** 'free', 'active', 'canceled' (paid until cancel_at), 'past_due' (a renewal failed), 'expired'. */
    status: text("status").notNull().default("free"),
    isPaid: boolean("is_paid").notNull().default(false),
    /** Whole pesos of the last charge, IVA included. */
    amount: integer("amount"),
    currency: text("currency").notNull().default("mxn"),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    /** Who charges it: 'local' (the offline checkout) or 'stripe'; null on the free plan. */
    provider: text("provider"),
    /** Stripe's customer (cus_…) and subscription (sub_…), when Stripe charges it. */
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("subscriptions_provider_subscription_id_idx").on(table.providerSubscriptionId),
    check("subscriptions_status_check", sql`${table.status} in ('free', 'active', 'canceled', 'past_due', 'expired')`),
    check("subscriptions_provider_check", sql`${table.provider} in ('local', 'stripe')`),
  ],
);

export const buyerProfiles = pgTable("buyer_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  buyerDescriptionId: integer("buyer_description_id")
    .notNull()
    .references(() => buyerDescriptions.id),
  stateId: integer("state_id")
    .notNull()
    .references(() => states.id),
  investmentDescriptionSummary: text("investment_description_summary").notNull(),
  investmentSizeId: integer("investment_size_id")
    .notNull()
    .references(() => investmentSizes.id),
  website: text("website"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// --- Companies ---------------------------------------------------------------

/** Ids of the rows the company form defaults to ('Created', 'Pendiente'). */
export const DEFAULT_COMPANY_STATUS_ID = 1;
export const DEFAULT_VERIFICATION_LEVEL_ID = 1;

/** PostgreSQL `tsvector`, maintained by triggers (migration 0004_marketplace_search_triggers). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The marketplace shows a company only when both flags are set; partial indexes repeat this predicate. */
const LISTED = sql`is_published AND is_active`;

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: "number" });
const percent = (name: string) => numeric(name, { precision: 7, scale: 2, mode: "number" });

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    /** Public reference shown on cards, "PUE-0001". */
    humanId: text("human_id").notNull().unique(),
    name: text("name").notNull(),
    legalName: text("legal_name"),
    comercialName: text("comercial_name"),
    rfc: text("rfc"),
    website: text("website"),
    /** Year of foundation. */
    foundationDate: integer("foundation_date"),
    headcount: integer("headcount"),
    // Plain text on purpose: a later migration adds Spanish full-text search.
    shortDescription: text("short_description"),
    longDescription: text("long_description"),
    companyTypeId: integer("company_type_id").references(() => companyTypes.id),
    stateId: integer("state_id").references(() => states.id),
    countryId: integer("country_id").references(() => countries.id),
    companyStatusId: integer("company_status_id")
      .notNull()
      .default(DEFAULT_COMPANY_STATUS_ID)
      .references(() => companyStatuses.id),
    verificationLevelId: integer("verification_level_id")
      .notNull()
      .default(DEFAULT_VERIFICATION_LEVEL_ID)
      .references(() => verificationLevels.id),
    ebitdaRangeId: integer("ebitda_range_id").references(() => ebitdaRanges.id),
    yearlySalesRangeId: integer("yearly_sales_range_id").references(() => yearlySalesRanges.id),
    userCompanyRoleId: integer("user_company_role_id").references(() => userCompanyRoles.id),
    /** MXN. */
    ebitda: money("ebitda"),
    /** Percent, e.g. 18.5. */
    ebitdaMargin: percent("ebitda_margin"),
    /** MXN. */
    yearlySales: money("yearly_sales"),
    /** Amount sought in the funding round (labelled USD in the UI). */
    fundingRound: money("funding_round"),
    /** Average yearly growth over 3 years, percent. */
    averageYearlyGrowth: percent("average_yearly_growth"),
    societyId: integer("society_id").references(() => societies.id),
    taxSystemId: integer("tax_system_id").references(() => taxSystems.id),
    pictureUrl: text("picture_url"),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    isPublished: boolean("is_published").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Spanish full-text document (unaccented): industry names (weight A),
     * short description and state (B), long description (C). Written only by
     * the trigger of migration 0004; never set it from code.
     */
    searchVector: tsvector("search_vector"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("companies_owner_user_id_idx").on(table.ownerUserId),
    index("companies_state_id_idx").on(table.stateId),
    index("companies_listed_idx").on(table.isPublished, table.isActive),
    // Marketplace (server/marketplace/list-companies.ts): every listing query
    // carries `is_published AND is_active` literally, so these partial
    // indexes apply; each filter reads its matches newest first.
    index("companies_listed_id_idx").on(table.id).where(LISTED),
    index("companies_listed_state_idx").on(table.stateId, table.id).where(LISTED),
    index("companies_listed_type_idx").on(table.companyTypeId, table.id).where(LISTED),
    index("companies_listed_verification_idx").on(table.verificationLevelId, table.id).where(LISTED),
    index("companies_listed_ebitda_idx").on(table.ebitdaRangeId, table.id).where(LISTED),
    index("companies_listed_sales_idx").on(table.yearlySalesRangeId, table.id).where(LISTED),
  ],
);

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

export const companyIndustries = pgTable(
  "company_industries",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    industryId: integer("industry_id")
      .notNull()
      .references(() => industries.id),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.industryId] }),
    index("company_industries_industry_id_idx").on(table.industryId),
    // Lets the marketplace walk one industry's companies newest first.
    index("company_industries_industry_company_idx").on(table.industryId, table.companyId),
  ],
);

export const companyInterests = pgTable(
  "company_interests",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interestId: integer("interest_id")
      .notNull()
      .references(() => interests.id),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.interestId] }),
    index("company_interests_interest_id_idx").on(table.interestId),
    index("company_interests_interest_company_idx").on(table.interestId, table.companyId),
  ],
);

// --- Accounts: password recovery ----------------------------------------------

/**
 * Single-use password recovery links. Only a SHA-256 hash of the token is
 * kept, so a database leak does not hand out working links.
 */
/**
 * A signed-in session: every access token names one (`sid`). Logging out
 * revokes it; a password change or reset revokes all of the user's. The
 * token is accepted only while its session is neither revoked nor expired.
 */
export const sessions = pgTable(
  "sessions",
  {
    /** 128 random bits, base64url: never guessable, never reused. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

/** One-time e-mail verification links (issue 16): only the SHA-256 of the token is stored; a new link replaces the old. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_verification_tokens_user_id_idx").on(table.userId)],
);

// --- Payments -------------------------------------------------------------------

/**
 * A checkout we opened (docs/decisions/013-payments.md): who pays which plan
 * and how much. Only events about a checkout of ours activate a plan. `id`
 * is ours ("chk_" + 128 random bits), sent to Stripe as metadata; the local
 * checkout page is reached by it.
 */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    /** Stripe's cs_… id, or our own id for the local checkout; null until the provider answered. */
    providerSessionId: text("provider_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** Centavos, IVA included. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("mxn"),
    status: text("status", { enum: ["open", "completed", "failed", "expired"] })
      .notNull()
      .default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("checkout_sessions_user_id_idx").on(table.userId),
    check("checkout_sessions_provider_check", sql`${table.provider} in ('local', 'stripe')`),
    check("checkout_sessions_status_check", sql`${table.status} in ('open', 'completed', 'failed', 'expired')`),
  ],
);

/**
 * Every charge (Historial): one row per Stripe invoice, or per local
 * checkout. `provider_payment_id` makes recording a charge idempotent.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkoutSessionId: text("checkout_session_id").references(() => checkoutSessions.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    nickname: text("nickname").notNull(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    /** Stripe's invoice (in_…), or the checkout id when there is no invoice (local). */
    providerPaymentId: text("provider_payment_id").notNull(),
    /** Centavos, IVA included. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("mxn"),
    status: text("status", { enum: ["paid", "failed", "refunded"] }).notNull(),
    /** The period this charge pays for. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** Stripe's hosted invoice page; null means our own receipt page. */
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique("payments_provider_payment_unique").on(table.provider, table.providerPaymentId),
    // Historial: one user's payments newest first.
    index("payments_user_paid_at_idx").on(table.userId, table.paidAt.desc(), table.id.desc()),
    check("payments_provider_check", sql`${table.provider} in ('local', 'stripe')`),
    check("payments_status_check", sql`${table.status} in ('paid', 'failed', 'refunded')`),
    check("payments_amount_check", sql`${table.amountCents} >= 0`),
  ],
);

/**
 * Webhook events already applied, by the provider's event id (evt_…): the
 * row is written in the same transaction as the event's effects, so a
 * replayed or concurrently redelivered event changes nothing.
 */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

// --- Mail ----------------------------------------------------------------------

/**
 * Every e-mail the product sends, whatever the transport: the offline
 * default only writes here (and to the log); with SMTP_URL the message is
 * also sent and `sent_at` set.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_outbox_recipient_idx").on(table.recipient)],
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

// --- Public site: contact leads ------------------------------------------------

export const leads = pgTable("leads", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  serviceInterestedId: integer("service_interested_id")
    .notNull()
    .references(() => servicesInterested.id),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  refererId: integer("referer_id")
    .notNull()
    .references(() => referers.id),
  createdAt: createdAt(),
});

// --- Free valuation tool (docs/decisions/018-valuation-engine.md) ------------------

/**
 * A valuation lead: what the visitor entered in the wizard and what the
 * engine answered, in one row (one statement, so atomically). Amounts are in
 * `currency` units as entered; the estimates are the engine's p10 / p50 / p90.
 * The team is not notified (the contact form is how an owner asks to be
 * called); the rows are there for the team to read.
 */
export const valuationRequests = pgTable(
  "valuation_requests",
  {
    id: serial("id").primaryKey(),
    // Set when a signed-in user asked; an account is deactivated, never deleted, but should one go, the lead stays.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    website: text("website"),
    industryId: integer("industry_id")
      .notNull()
      .references(() => industries.id),
    location: integer("location").notNull(),
    reason: integer("reason").notNull(),
    valuationType: text("valuation_type").notNull().default("default"),
    currency: text("currency", { enum: ["MXN", "USD"] }).notNull(),
    grossRevenue: money("gross_revenue").notNull(),
    netProfit: money("net_profit").notNull(),
    annualPercentageGrowth: numeric("annual_percentage_growth", { precision: 6, scale: 1, mode: "number" }).notNull(),
    valuationResult: doublePrecision("valuation_result").notNull(),
    lowerEstimate: doublePrecision("lower_estimate").notNull(),
    upperEstimate: doublePrecision("upper_estimate").notNull(),
    multiple: doublePrecision("multiple").notNull(),
    profitResult: doublePrecision("profit_result").notNull(),
    /** server/valuations/reference-data.ts ENGINE_VERSION: which method and figures gave the answer. */
    engineVersion: integer("engine_version").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("valuation_requests_email_idx").on(table.email),
    index("valuation_requests_created_at_idx").on(table.createdAt),
    check("valuation_requests_location_check", sql`${table.location} between 1 and 9`),
    check("valuation_requests_reason_check", sql`${table.reason} between 1 and 8`),
    check("valuation_requests_currency_check", sql`${table.currency} in ('MXN', 'USD')`),
    check("valuation_requests_amounts_check", sql`${table.grossRevenue} >= 1 and ${table.netProfit} between 0 and ${table.grossRevenue}`),
    check("valuation_requests_range_check", sql`${table.lowerEstimate} <= ${table.valuationResult} and ${table.valuationResult} <= ${table.upperEstimate}`),
  ],
);

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

// --- KYB: basic verification requests ------------------------------------------

/**
 * A KYB básico request (docs/decisions/016-kyb.md): the company's RFC as the
 * requester gave it (normalised, checked), waiting for the team's review.
 */
export const kybRequests = pgTable(
  "kyb_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // Accounts are deactivated, not deleted; should one ever be deleted, the request stays for the review.
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    rfc: text("rfc").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (table) => [
    index("kyb_requests_company_id_idx").on(table.companyId),
    check("kyb_requests_status_check", sql`${table.status} in ('pending', 'verified', 'rejected')`),
    check("kyb_requests_rfc_length_check", sql`char_length(${table.rfc}) between 12 and 13`),
  ],
);

// --- Onboarding (docs/decisions/017-onboarding.md) ------------------------------

/**
 * The seller's onboarding answers, one row per company: the scalar answers
 * of every wizard step and which saves were made (`saved_steps`, the names
 * of contracts/onboarding.ts ONBOARDING_STEPS), so the wizard can resume.
 */
export const companyOnboardings = pgTable(
  "company_onboardings",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    legalName: text("legal_name"),
    name: text("name"),
    comercialName: text("comercial_name"),
    rfc: text("rfc"),
    website: text("website"),
    companyType: text("company_type", { enum: ["fisica", "moral"] }),
    societyId: integer("society_id").references(() => societies.id),
    taxSystemId: integer("tax_system_id").references(() => taxSystems.id),
    financialRecordsState: text("financial_records_state", {
      enum: ["has_financial_records", "has_some_financial_records", "has_excel_financial_records", "no_financial_records"],
    }),
    yearlySales: money("yearly_sales"),
    ebitdaMargin: percent("ebitda_margin"),
    secondLastYearYearlySales: money("second_last_year_yearly_sales"),
    secondLastYearEbitdaMargin: percent("second_last_year_ebitda_margin"),
    estimateYearlySales: money("estimate_yearly_sales"),
    companyUniquenessSummary: text("company_uniqueness_summary"),
    companyChallenges: text("company_challenges"),
    motivation: text("motivation"),
    valuationRangeNegotiation: text("valuation_range_negotiation"),
    fundingRoundUrgency: text("funding_round_urgency", { enum: ["asap", "moderate", "not_urgent"] }).notNull().default("not_urgent"),
    fundingRound: text("funding_round", { enum: ["pre_seed", "series_a", "series_b", "series_c", "series_d", "other"] }),
    fundingRoundAmount: money("funding_round_amount"),
    fundingRoundDone: money("funding_round_done"),
    investors: integer("investors"),
    savedSteps: text("saved_steps")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("company_onboardings_company_type_check", sql`${table.companyType} in ('fisica', 'moral')`),
    check(
      "company_onboardings_financial_records_state_check",
      sql`${table.financialRecordsState} in ('has_financial_records', 'has_some_financial_records', 'has_excel_financial_records', 'no_financial_records')`,
    ),
    check("company_onboardings_urgency_check", sql`${table.fundingRoundUrgency} in ('asap', 'moderate', 'not_urgent')`),
    check("company_onboardings_funding_round_check", sql`${table.fundingRound} in ('pre_seed', 'series_a', 'series_b', 'series_c', 'series_d', 'other')`),
  ],
);

/** Shareholders (step 2), in the order given; equity in hundredths of a percent (the total is 10 000). */
export const companyEquities = pgTable(
  "company_equities",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    shareholder: text("shareholder").notNull(),
    equityHundredths: integer("equity_hundredths").notNull(),
  },
  (table) => [
    unique("company_equities_company_position_unique").on(table.companyId, table.position),
    check("company_equities_equity_check", sql`${table.equityHundredths} between 0 and 10000`),
  ],
);

/** Uses of the capital (step 6), in the order given; hundredths of a percent (the total is 10 000). */
export const companyFundingRoundUses = pgTable(
  "company_funding_round_uses",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    useName: text("use_name").notNull(),
    percentageHundredths: integer("percentage_hundredths").notNull(),
  },
  (table) => [
    unique("company_funding_round_uses_company_position_unique").on(table.companyId, table.position),
    check("company_funding_round_uses_percentage_check", sql`${table.percentageHundredths} between 0 and 10000`),
  ],
);

export const companyOnboardingCharacteristics = pgTable(
  "company_onboarding_characteristics",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    characteristicId: integer("characteristic_id")
      .notNull()
      .references(() => companyCharacteristics.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.characteristicId] })],
);

export const companyOnboardingAttributes = pgTable(
  "company_onboarding_attributes",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => companyAttributes.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.attributeId] })],
);

export const companyFundingStructures = pgTable(
  "company_funding_structures",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fundingStructureId: integer("funding_structure_id")
      .notNull()
      .references(() => fundingStructures.id),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.fundingStructureId] })],
);

// --- Audit log ----------------------------------------------------------------

/**
 * Every admin action (issue 15): who did what to which record, when, with the
 * record's fields before and after. Written in the action's own transaction
 * (server/audit/audit-log.ts), so an action and its entry land together or
 * not at all. Never updated or deleted by the app.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** What was done, as "<feature>.<verb>": "user.deactivate", "company.update", "company.create". */
    action: text("action").notNull(),
    targetType: text("target_type", { enum: ["user", "company"] }).notNull(),
    targetId: integer("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetType, table.targetId), index("audit_log_created_at_idx").on(table.createdAt)],
);

// --- Puente Bot (docs/decisions/020-puente-bot.md) ---------------------------------

/**
 * The passages Puente Bot answers from: one row per answer, paragraph, list
 * or plan of our own content (content/ and the plan table), rewritten on
 * every start from that content (server/bot/index-passages.ts). The search
 * document is Spanish over the plain words: the title and the questions the
 * passage answers weigh A, its text B. `position` is the content's order,
 * the last tie-break.
 */
export const botPassages = pgTable(
  "bot_passages",
  {
    key: text("key").primaryKey(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    href: text("href").notNull(),
    searchVector: tsvector("search_vector").notNull(),
  },
  (table) => [index("bot_passages_search_idx").using("gin", table.searchVector)],
);

/** Every plain word of the passages (3+ letters): the vocabulary that corrects a question's typos (pg_trgm). */
export const botTerms = pgTable(
  "bot_terms",
  { word: text("word").primaryKey() },
  (table) => [index("bot_terms_word_trgm_idx").using("gin", table.word.op("gin_trgm_ops"))],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("access_requests_status_check", sql`${table.status} in ('pending', 'approved', 'rejected', 'revoked')`),
    uniqueIndex("access_requests_one_open_idx").on(table.companyId, table.buyerUserId).where(sql`status in ('pending', 'approved')`),
    index("access_requests_company_idx").on(table.companyId, table.createdAt),
    index("access_requests_buyer_idx").on(table.buyerUserId, table.createdAt),
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

/** A buyer's saved marketplace search: the filters (null: any) and the search text. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    stateId: integer("state_id"),
    industryId: integer("industry_id"),
    salesRangeId: integer("sales_range_id"),
    interestId: integer("interest_id"),
    companyTypeId: integer("company_type_id"),
    verificationLevelId: integer("verification_level_id"),
    ebitdaId: integer("ebitda_id"),
    q: text("q"),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    alertsSent: integer("alerts_sent").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("saved_searches_user_idx").on(table.userId)],
);

/** Which listing was e-mailed for which saved search: never twice for the same pair. */
export const savedSearchAlerts = pgTable(
  "saved_search_alerts",
  {
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.savedSearchId, table.companyId] })],
);

/**
 * An outbox of companies that became listed (published and active): a
 * trigger on companies writes a row when a company enters the marketplace;
 * the saved-search alerts worker (server/saved-searches) takes unprocessed
 * rows with FOR UPDATE SKIP LOCKED, so several server processes share it.
 */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("listing_events_unprocessed_idx").on(table.id).where(sql`processed_at IS NULL`)],
);
