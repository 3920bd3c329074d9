import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";
import { buyerDescriptions, investmentSizes, states } from "../catalogues/schema.ts";
import { users } from "../auth/schema.ts";

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

// --- Accounts: password recovery and e-mail verification ----------------------

/**
 * Single-use password recovery links. Only a SHA-256 hash of the token is
 * kept, so a database leak does not hand out working links.
 */
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
