import { indexBotPassages } from "../bot/index-passages.ts";
import type { Database } from "../db/open.ts";
import { seedCatalogues } from "./catalogues.ts";
import { seedDemo, type SeedDemoOptions, type SeedDemoResult } from "./demo.ts";

export interface SeedOptions extends SeedDemoOptions {
  /** Seed demo users and companies (when no user exists yet). */
  readonly demo: boolean;
}

/** Catalogues and Puente Bot's passages always (idempotent), then demo data when asked and the database has no users. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedDemoResult> {
  await seedCatalogues(db);
  await indexBotPassages(db);
  if (!options.demo) return { seeded: false, companies: 0 };
  const { demo: _demo, ...demoOptions } = options;
  return seedDemo(db, demoOptions);
}
