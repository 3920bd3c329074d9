import { eq } from "drizzle-orm";
import type { KybResponse } from "../../contracts/kyb.ts";
import type { Database } from "../db/open.ts";
import { companies } from "../companies/schema.ts";
import { kybRequests } from "./schema.ts";

export interface CreatedKybRequest {
  readonly response: KybResponse;
  readonly companyName: string;
}

/**
 * Records a KYB request for the team's review. The caller has checked the
 * access and the RFC; the company may still vanish in between, which answers
 * null (the route's 404), since the insert's foreign key would refuse it anyway.
 */
export async function createKybRequest(db: Database, input: { readonly companyId: number; readonly userId: number; readonly rfc: string }): Promise<CreatedKybRequest | null> {
  return db.transaction(async (tx) => {
    // Lock the company row: a delete cannot slip between the read and the insert.
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, input.companyId)).for("share").limit(1);
    if (company === undefined) return null;
    const [row] = await tx
      .insert(kybRequests)
      .values({ companyId: input.companyId, requestedBy: input.userId, rfc: input.rfc })
      .returning({ id: kybRequests.id, createdAt: kybRequests.createdAt });
    if (row === undefined) throw new Error("insert into kyb_requests returned no row");
    return {
      response: { id: row.id, company_id: input.companyId, status: "pending", rfc: input.rfc, created_at: row.createdAt.toISOString() },
      companyName: company.name,
    };
  });
}
