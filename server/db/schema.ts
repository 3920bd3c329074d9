/**
 * The whole database schema, gathered for drizzle-kit (drizzle.config.ts),
 * which turns it into SQL under server/migrations (`npm run db:generate`);
 * the migrator applies those files on start. No table is defined here: each
 * lives in the schema.ts of the feature that writes it, and code imports a
 * table from there, never from this file (docs/decisions/011-server-by-feature.md).
 */
export * from "../catalogues/schema.ts";
export * from "../auth/schema.ts";
export * from "../accounts/schema.ts";
export * from "../payments/schema.ts";
export * from "../companies/schema.ts";
export * from "../marketplace/schema.ts";
export * from "../mail/schema.ts";
export * from "../leads/schema.ts";
export * from "../valuations/schema.ts";
export * from "../data-room/schema.ts";
export * from "../kyb/schema.ts";
export * from "../onboarding/schema.ts";
export * from "../audit/schema.ts";
export * from "../bot/schema.ts";
export * from "../deal-room/schema.ts";
export * from "../saved-searches/schema.ts";
export * from "../buyer-leads/schema.ts";
