import { sql } from "drizzle-orm";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { humanIdFor } from "../../server/companies/create-company.ts";
import type { Database } from "../../server/db/open.ts";
import { companies, companyIndustries, companyInterests } from "../../server/companies/schema.ts";
import { demoCompany } from "../../server/seed/demo.ts";
import { createUser } from "../../server/auth/users.ts";
import { rowsOf, textOf } from "../../server/db/rows.ts";

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

/**
 * Grow a seeded catalogue of `base` companies to `total` by copying it
 * (ids and human ids shifted by `base` per copy) with triggers off: a
 * million companies through the triggers would take over an hour here, and
 * the copies' search rows are the originals' (the document has no id in it),
 * so the database stays exactly what the triggers would have written. The
 * vocabulary is the base's; posting sizes grow tenfold, as with real growth
 * of the same kinds of companies. PostgreSQL only (session_replication_role
 * needs a superuser; the benchmark runs as one).
 */
export async function replicateBenchCompanies(db: Database, base: number, total: number, log: (line: string) => void): Promise<void> {
  const columnsOf = async (table: string, skip: ReadonlyArray<string>): Promise<ReturnType<typeof sql.raw>> => {
    const rows = rowsOf(
      await db.execute(sql`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`),
    );
    const names = rows.map((row) => textOf(row, "name")).filter((name) => !skip.includes(name));
    return sql.raw(names.map((name) => `"${name}"`).join(", "));
  };
  const companyColumns = await columnsOf("companies", ["id", "human_id"]);
  const searchColumns = await columnsOf("company_search", ["company_id"]);
  const started = Date.now();
  for (let copy = 1; copy * base < total; copy += 1) {
    const shift = copy * base; // >= 1,000, so humanIdFor's padding does not apply
    const last = Math.min(base, total - shift);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO companies (id, human_id, ${companyColumns})
        SELECT id + ${shift}, 'PUE-' || (id + ${shift})::text, ${companyColumns} FROM companies WHERE id <= ${last}`);
      await tx.execute(sql`
        INSERT INTO company_search (company_id, ${searchColumns})
        SELECT company_id + ${shift}, ${searchColumns} FROM company_search WHERE company_id <= ${last}`);
      await tx.execute(sql`INSERT INTO company_industries (company_id, industry_id) SELECT company_id + ${shift}, industry_id FROM company_industries WHERE company_id <= ${last}`);
      await tx.execute(sql`INSERT INTO company_interests (company_id, interest_id) SELECT company_id + ${shift}, interest_id FROM company_interests WHERE company_id <= ${last}`);
    });
    log(`  ${(shift + last).toLocaleString("en-US")} companies (copy ${copy}, ${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('companies', 'id'), (SELECT max(id) FROM companies))`);
}
