import { customType, numeric, timestamp } from "drizzle-orm/pg-core";

// Column helpers shared by the features' schema files (server/<feature>/schema.ts).

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL `tsvector`, maintained by triggers (migration 0004_marketplace_search_triggers). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: "number" });
export const percent = (name: string) => numeric(name, { precision: 7, scale: 2, mode: "number" });
