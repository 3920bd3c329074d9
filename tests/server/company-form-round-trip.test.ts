import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyRecord, createCompanyEndpoint, getCompanyRecordEndpoint, updateCompanyEndpoint } from "../../contracts/companies.ts";
import { EARLIEST_FOUNDATION_YEAR } from "../../contracts/registration.ts";
import { buildApp } from "../../server/app.ts";
import { companyTypes, ebitdaRanges, industries, interests, societies, states, taxSystems, userCompanyRoles, yearlySalesRanges } from "../../server/catalogues/schema.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { companyBodyOf, initialCompanyValues } from "../../src/features/companies/state/company-form-values.ts";
import { ONE_TEST_DATABASE, TEST_APP_CONFIG, callEndpoint, signedInUser, type SignedInUser } from "./harness.ts";

/**
 * The seller's company form round-trips (issue 25): generated answers to
 * every field are sent as the form sends them (the seller's create, then an
 * admin's edit with the admin-only amounts and percentages), the record is
 * read back, and every field equals what was sent; then the form's values
 * built from that record (currency text, percentages, ids) give back the
 * very same body, so what the seller reopens is what they typed. Fixed seed.
 */

const decodeRecord = Schema.decodeUnknownSync(CompanyRecord);

const text = (max: number) =>
  fc
    .stringMatching(/^[A-Za-zÁÉÍÓÚÑáéíóúñü0-9 ,.$%-]{1,60}$/)
    .map((value) => value.trim().slice(0, max))
    .filter((value) => value.length > 0);
const optionalText = (max: number) => fc.option(text(max), { nil: null });
const cents = (min: number, max: number) => fc.integer({ min, max }).map((value) => value / 100);
const subsetOf = (ids: readonly number[]) => fc.uniqueArray(fc.constantFrom(...ids), { maxLength: Math.min(ids.length, 4) });

describe.each(ONE_TEST_DATABASE)("company form round-trip on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let admin: SignedInUser;
  let serial = 0;
  const ids: Record<string, number[]> = {};

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: TEST_APP_CONFIG });
    admin = await signedInUser(handle.db, { email: "admin.ida.vuelta@ejemplo.mx", name: "Admin", roles: ["admin"] });
    const tables = { industries, interests, companyTypes, states, ebitdaRanges, yearlySalesRanges, userCompanyRoles, societies, taxSystems };
    for (const [name, table] of Object.entries(tables)) ids[name] = (await handle.db.select({ id: table.id }).from(table)).map((row) => row.id);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const idOf = (name: string) => fc.option(fc.constantFrom(...(ids[name] ?? [])), { nil: null });

  it("every field a seller and an admin type comes back equal, and reopening the form gives the same body", async () => {
    const seller = fc.record({
      name: text(200),
      website: optionalText(300),
      foundation_date: fc.option(fc.integer({ min: EARLIEST_FOUNDATION_YEAR, max: 2026 }), { nil: null }),
      headcount: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
      short_description: optionalText(500),
      legal_name: optionalText(300),
      comercial_name: optionalText(300),
      industry_ids: subsetOf(ids["industries"] ?? []),
      interest_ids: subsetOf(ids["interests"] ?? []),
      company_type_id: idOf("companyTypes"),
      state_id: idOf("states"),
      country_id: fc.constant(1),
      ebitda_range_id: idOf("ebitdaRanges"),
      yearly_sales_range_id: idOf("yearlySalesRanges"),
      user_company_role_id: idOf("userCompanyRoles"),
      society_id: idOf("societies"),
      tax_system_id: idOf("taxSystems"),
    });
    const adminOnly = fc.record({
      long_description: optionalText(10_000),
      ebitda: fc.option(cents(-5_000_000_000_00, 5_000_000_000_00), { nil: null }),
      ebitda_margin: fc.option(cents(-100_00, 100_00), { nil: null }),
      yearly_sales: fc.option(cents(0, 9_000_000_000_00), { nil: null }),
      funding_round: fc.option(cents(0, 900_000_000_00), { nil: null }),
      average_yearly_growth: fc.option(cents(-100_00, 500_00), { nil: null }),
    });

    await fc.assert(
      fc.asyncProperty(seller, adminOnly, async (sent, adminSent) => {
        serial += 1;
        const owner = await signedInUser(handle.db, { email: `empresa.ida.vuelta.${serial}@ejemplo.mx`, name: `Dueña ${serial}`, roles: ["seller"] });
        const contact = { name: owner.name, email: owner.email, phone: null };
        const created = await callEndpoint(app, createCompanyEndpoint, owner.token, { body: { ...sent, contact } });
        expect(created.statusCode, created.body).toBe(201);
        const id = decodeRecord(created.json()).id;

        const updated = await callEndpoint(app, updateCompanyEndpoint, admin.token, { params: { id }, body: adminSent });
        expect(updated.statusCode, updated.body).toBe(200);

        const read = await callEndpoint(app, getCompanyRecordEndpoint, owner.token, { params: { id } });
        expect(read.statusCode, read.body).toBe(200);
        const record = decodeRecord(read.json());
        const { industry_ids: _industries, interest_ids: _interests, ...scalars } = sent;
        expect(record).toMatchObject({ ...scalars, ...adminSent, contact });
        expect([...record.industry_ids].sort()).toEqual([...sent.industry_ids].sort());
        expect([...record.interest_ids].sort()).toEqual([...sent.interest_ids].sort());

        // The form reopened on the record sends back exactly what was typed (the seller's fields; an admin's, all of them).
        const sameOrder = (body: Record<string, unknown>) => ({ ...body, industry_ids: [...(body["industry_ids"] as number[])].sort(), interest_ids: [...(body["interest_ids"] as number[])].sort() });
        const asSeller = companyBodyOf(initialCompanyValues(record, null), { isAdmin: false, sendContact: false });
        expect(sameOrder(asSeller)).toEqual(sameOrder(sent));
        const asAdmin = companyBodyOf(initialCompanyValues(record, null), { isAdmin: true, sendContact: true });
        expect(sameOrder(asAdmin)).toEqual(sameOrder({ ...sent, ...adminSent, contact, company_status_id: record.company_status_id, verification_level_id: record.verification_level_id }));
      }),
      { numRuns: 20, seed: 2026 },
    );
  });
});
