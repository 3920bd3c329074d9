import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../db/columns.ts";

// --- Users and their sessions -----------------------------------------------

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
