import { sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { companies, companyIndustries, companyInterests } from "./schema.ts";

export type NewCompanyFields = Omit<typeof companies.$inferInsert, "id" | "humanId" | "createdAt" | "updatedAt">;

export interface CreateCompanyInput extends NewCompanyFields {
  readonly industryIds?: ReadonlyArray<number>;
  readonly interestIds?: ReadonlyArray<number>;
}

/** "PUE-0001" from the company id. */
export const humanIdFor = (id: number): string => `PUE-${String(id).padStart(4, "0")}`;

/**
 * Insert a company with its industries and interests. The id is taken from
 * the sequence first so the human id ("PUE-0042") can be written in the same
 * insert. Status and verification level default to 'Created' / 'Pendiente'.
 * Pass a transaction as `db` to make it part of a larger one (seller
 * sign-up); drizzle runs the inner transaction as a savepoint.
 */
export async function createCompany(db: Database, input: CreateCompanyInput): Promise<{ id: number; humanId: string }> {
  const { industryIds = [], interestIds = [], ...fields } = input;
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('companies', 'id'))::int` })
      .from(sql`(select 1) as one`);
    if (next === undefined) throw new Error("createCompany: no id from the sequence");
    const humanId = humanIdFor(next.id);
    await tx.insert(companies).values({ ...fields, id: next.id, humanId });
    const uniqueIndustries = [...new Set(industryIds)];
    const uniqueInterests = [...new Set(interestIds)];
    if (uniqueIndustries.length > 0) {
      await tx.insert(companyIndustries).values(uniqueIndustries.map((industryId) => ({ companyId: next.id, industryId })));
    }
    if (uniqueInterests.length > 0) {
      await tx.insert(companyInterests).values(uniqueInterests.map((interestId) => ({ companyId: next.id, interestId })));
    }
    return { id: next.id, humanId };
  });
}
