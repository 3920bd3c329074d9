import { sql } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { humanIdFor } from "../../server/companies/create-company.ts";
import type { Database } from "../../server/db/open.ts";
import { companies, companyIndustries, companyInterests } from "../../server/companies/schema.ts";
import { demoCompany } from "../../server/seed/demo.ts";
import { createUser } from "../../server/auth/users.ts";

const BATCH = 1000;

/**
 * Seed `total` varied companies through the same generator as the demo data
 * (archetypes × 32 states × sales, EBITDA, interests, verification levels),
 * in batches of 1,000 rows (the search triggers run per batch). About 5%
 * are unpublished and 2% inactive, so the listing predicate matters.
 */
export async function seedBenchCompanies(db: Database, total: number, log: (line: string) => void): Promise<number> {
  const owner = { email: "vendedor.bench@puente.mx", name: "Vendedor Bench", phone: "8110000000" };
  const { id: ownerId } = await createUser(db, { ...owner, password: "Bench-2026-seguro", roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
  const started = Date.now();
  for (let from = 0; from < total; from += BATCH) {
    const rows: Array<typeof companies.$inferInsert> = [];
    const industries: Array<typeof companyIndustries.$inferInsert> = [];
    const interests: Array<typeof companyInterests.$inferInsert> = [];
    for (let index = from; index < Math.min(from + BATCH, total); index += 1) {
      const id = index + 1;
      const { industryIds = [], interestIds = [], ...fields } = demoCompany(index, ownerId, owner);
      rows.push({ ...fields, id, humanId: humanIdFor(id), isPublished: index % 20 !== 7, isActive: index % 50 !== 11 });
      for (const industryId of new Set(industryIds)) industries.push({ companyId: id, industryId });
      for (const interestId of new Set(interestIds)) interests.push({ companyId: id, interestId });
    }
    await db.transaction(async (tx) => {
      await tx.insert(companies).values(rows);
      await tx.insert(companyIndustries).values(industries);
      await tx.insert(companyInterests).values(interests);
    });
    if ((from / BATCH) % 10 === 9) log(`  ${from + BATCH} companies (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  // Ids were given explicitly: move the sequence past them.
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))`);
  // A catalogue that exists already, not 93,000 new listings: the
  // saved-search alerts (server/saved-searches) have nothing to announce, and
  // do not work through the backlog while a benchmark measures.
  await db.execute(sql`UPDATE listing_events SET processed_at = now() WHERE processed_at IS NULL`);
  return total;
}
