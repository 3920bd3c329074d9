import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../contracts/endpoint.ts";
import {
  getOnboardingEndpoint,
  OnboardingSummary,
  saveCompanyCharacteristicsEndpoint,
  saveCompanyDataEndpoint,
  saveCompanyEquitiesEndpoint,
  saveCompanyFundingRoundEndpoint,
  saveCompanyFundingRoundUsesEndpoint,
  saveCompanyInterestsEndpoint,
  saveCompanySellDataEndpoint,
  saveCompanySellingDataEndpoint,
  saveFundingStructuresEndpoint,
  FINANCIAL_RECORDS_STATES,
  FUNDING_STAGES,
  URGENCIES,
} from "../../contracts/onboarding.ts";
import { RFC_EXAMPLES, checkRfc } from "../../contracts/rfc.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import { companyAttributes, companyCharacteristics, fundingStructures, interests, societies, taxSystems } from "../../server/catalogues/schema.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { summarySections } from "../../src/features/onboarding-summary/components/summary-rules.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { urlOf } from "./samples.ts";

/**
 * Every answer round-trips (issue 25): generated answers for every step and
 * branch are saved through the API, the summary is read back, and every
 * field equals what was sent; then the owner's summary page's sections show
 * each text answer under its own label. Fixed seed: a failure replays.
 */

const decodeSummary = Schema.decodeUnknownSync(OnboardingSummary);

// Text a person types: letters, digits, accents, punctuation, inner spaces; trimmed and never blank.
const text = (max: number) =>
  fc
    .stringMatching(/^[A-Za-zÁÉÍÓÚÑáéíóúñü0-9 ,.$%-]{1,60}$/)
    .map((value) => value.trim().slice(0, max))
    .filter((value) => value.length > 0);
const optionalText = (max: number) => fc.option(text(max), { nil: null });
const money = fc.integer({ min: 0, max: 50_000_000_00 }).map((cents) => cents / 100);
const margin = fc.integer({ min: -100_00, max: 100_00 }).map((hundredths) => hundredths / 100);
/** Percentages with at most two decimals adding up to exactly 100. */
const splitOf100 = fc
  .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 })
  .map((weights) => {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const hundredths = weights.map((weight) => Math.floor((weight * 10_000) / total));
    hundredths[0] = (hundredths[0] ?? 0) + 10_000 - hundredths.reduce((sum, value) => sum + value, 0);
    return hundredths.filter((value) => value > 0).map((value) => value / 100);
  });
const subsetOf = (ids: readonly number[], minLength = 0) => fc.uniqueArray(fc.constantFrom(...ids), { minLength, maxLength: Math.min(ids.length, 4) });

describe.each(ONE_TEST_DATABASE)("onboarding answers round-trip on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  const catalogue: Record<"societies" | "taxSystems" | "interests" | "characteristics" | "attributes" | "structures", number[]> = {
    societies: [],
    taxSystems: [],
    interests: [],
    characteristics: [],
    attributes: [],
    structures: [],
  };
  const interestNames = new Map<number, string>();

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, appUrl: "https://puente.example" } });
    const ids = async (table: typeof societies | typeof taxSystems | typeof companyCharacteristics | typeof companyAttributes | typeof fundingStructures) =>
      (await handle.db.select({ id: table.id }).from(table)).map((row) => row.id);
    catalogue.societies = await ids(societies);
    catalogue.taxSystems = await ids(taxSystems);
    catalogue.characteristics = await ids(companyCharacteristics);
    catalogue.attributes = await ids(companyAttributes);
    catalogue.structures = await ids(fundingStructures);
    for (const row of await handle.db.select({ id: interests.id, name: interests.name }).from(interests)) {
      catalogue.interests.push(row.id);
      interestNames.set(row.id, row.name);
    }
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const save = async (endpoint: Endpoint, token: string, companyId: number, body: unknown) => {
    const response = await app.inject({ method: endpoint.method, url: urlOf(endpoint, { id: companyId }), headers: { authorization: `Bearer ${token}` }, payload: body as Record<string, unknown> });
    expect(response.statusCode, `${endpoint.path}: ${response.body}`).toBe(200);
  };

  it("every step's generated answers come back from the summary equal, and each text answer shows under its own label", async () => {
    const answers = fc.record({
      general: fc.record({
        name: text(200),
        legal_name: optionalText(300),
        comercial_name: optionalText(200),
        rfc: fc.option(fc.constantFrom(...RFC_EXAMPLES), { nil: null }),
        website: optionalText(300),
        society_id: fc.option(fc.constantFrom(...catalogue.societies), { nil: null }),
        tax_system_id: fc.option(fc.constantFrom(...catalogue.taxSystems), { nil: null }),
      }),
      equities: splitOf100,
      shareholders: fc.array(text(200), { minLength: 5, maxLength: 5 }),
      interests: subsetOf(catalogue.interests, 1),
      round: fc.record({ funding_round: fc.constantFrom(...FUNDING_STAGES), amount: money, doneShare: fc.integer({ min: 0, max: 100 }), investors: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }) }),
      uses: splitOf100,
      useNames: fc.array(text(200), { minLength: 5, maxLength: 5 }),
      selling: fc.record({ motivation: optionalText(2000), valuation_range_negotiation: optionalText(500), funding_round_urgency: fc.constantFrom(...URGENCIES) }),
      financial: fc.record({
        financial_records_state: fc.option(fc.constantFrom(...FINANCIAL_RECORDS_STATES), { nil: null }),
        yearly_sales: fc.option(money, { nil: null }),
        ebitda_margin: fc.option(margin, { nil: null }),
        second_last_year_yearly_sales: fc.option(money, { nil: null }),
        second_last_year_ebitda_margin: fc.option(margin, { nil: null }),
        estimate_yearly_sales: fc.option(money, { nil: null }),
      }),
      characteristics: subsetOf(catalogue.characteristics),
      attributes: subsetOf(catalogue.attributes),
      uniqueness: optionalText(2000),
      challenges: optionalText(2000),
      structures: subsetOf(catalogue.structures),
    });

    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        serial += 1;
        const owner = await createUser(handle.db, { email: `ida.vuelta.${serial}@ejemplo.mx`, password: "Clave-segura-2026", name: "Dueña", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
        const token = await sessionTokenFor(handle.db, owner.id);
        const companyId = (await createCompany(handle.db, { name: `Empresa ida y vuelta ${serial}`, ownerUserId: owner.id })).id;
        // The person type the RFC's length says (a generic RFC fits either).
        const checked = a.general.rfc === null ? null : checkRfc(a.general.rfc);
        const companyType = checked?.ok === true && checked.kind !== "generic" ? checked.kind : "moral";
        const general = { ...a.general, company_type: companyType };
        const equities = a.equities.map((equity, index) => ({ shareholder: a.shareholders[index] ?? "Accionista", equity }));
        const uses = a.uses.map((use_percentage, index) => ({ use_name: a.useNames[index] ?? "Destino", use_percentage }));
        const done = Math.floor((a.round.amount * a.round.doneShare) / 100);

        await save(saveCompanyDataEndpoint, token, companyId, general);
        await save(saveCompanyEquitiesEndpoint, token, companyId, { company_equities: equities });
        await save(saveCompanyInterestsEndpoint, token, companyId, { company_interests: a.interests.map((interest_id) => ({ interest_id })) });
        await save(saveCompanyFundingRoundEndpoint, token, companyId, { funding_round: a.round.funding_round, funding_round_amount: a.round.amount });
        await save(saveCompanyFundingRoundEndpoint, token, companyId, {
          funding_round: a.round.funding_round,
          funding_round_amount: a.round.amount,
          funding_round_done: done,
          investors: a.round.investors,
        });
        await save(saveCompanyFundingRoundUsesEndpoint, token, companyId, { company_funding_rounds_uses: uses });
        await save(saveCompanySellingDataEndpoint, token, companyId, a.selling);
        await save(saveCompanySellDataEndpoint, token, companyId, a.financial);
        await save(saveCompanyCharacteristicsEndpoint, token, companyId, {
          characteristics: a.characteristics.map((id) => ({ id })),
          attributes: a.attributes.map((id) => ({ id })),
          company_uniqueness_summary: a.uniqueness,
          company_challenges: a.challenges,
        });
        await save(saveFundingStructuresEndpoint, token, companyId, { funding_structures: a.structures.map((id) => ({ id })), funding_round_urgency: a.selling.funding_round_urgency });

        const response = await app.inject({ method: "GET", url: urlOf(getOnboardingEndpoint, { id: companyId }), headers: { authorization: `Bearer ${token}` } });
        const summary = decodeSummary(response.json());
        expect(summary.general_information).toEqual({
          ...general,
          ...a.financial,
          motivation: a.selling.motivation,
          valuation_range_negotiation: a.selling.valuation_range_negotiation,
          funding_round_urgency: a.selling.funding_round_urgency,
          company_uniqueness_summary: a.uniqueness,
          company_challenges: a.challenges,
        });
        expect(summary.company_equities).toEqual(equities);
        expect(summary.interests.map((interest) => interest.id)).toEqual([...a.interests].sort((x, y) => x - y));
        expect(summary.company_funding_round).toEqual({ funding_round: a.round.funding_round, funding_round_amount: a.round.amount, funding_round_done: done, investors: a.round.investors });
        expect(summary.company_funding_rounds_uses).toEqual(uses);
        expect(summary.companyCharacteristics.map((item) => item.id)).toEqual([...a.characteristics].sort((x, y) => x - y));
        expect(summary.companyAttributes.map((item) => item.id)).toEqual([...a.attributes].sort((x, y) => x - y));
        expect(summary.fundingStructures.map((item) => item.id)).toEqual([...a.structures].sort((x, y) => x - y));

        // The page's sections: each text answer under its own label, exactly as typed (or 'No disponible').
        const fields = new Map(
          summarySections(summary, { societyName: null, societyId: null, taxSystems: [] }, 2026)
            .flatMap((section) => section.fields ?? [])
            .map((field) => [field.label, field.value]),
        );
        const shown = (value: string | null) => value ?? "No disponible";
        expect(fields.get("Nombre de la empresa")).toBe(general.name);
        expect(fields.get("Razón social")).toBe(shown(general.legal_name));
        expect(fields.get("Nombre comercial")).toBe(shown(general.comercial_name));
        expect(fields.get("RFC")).toBe(shown(general.rfc));
        expect(fields.get("Sitio web")).toBe(shown(general.website));
        expect(fields.get("¿Qué hace única a tu empresa?")).toBe(shown(a.uniqueness));
        expect(fields.get("Retos")).toBe(shown(a.challenges));
        const selling = summary.interests.some((interest) => ["Vender participación", "Vender 100%"].includes(interestNames.get(interest.id) ?? ""));
        expect(fields.get("¿Por qué quieres vender?")).toBe(selling ? shown(a.selling.motivation) : undefined);
        expect(fields.get("Valor de la empresa que negociarías")).toBe(selling ? shown(a.selling.valuation_range_negotiation) : undefined);
        expect(fields.get("Inversionistas comprometidos")).toBe(selling ? undefined : a.round.investors === null ? "No disponible" : String(a.round.investors));
      }),
      { numRuns: 20, seed: 2026 },
    );
  });
});
