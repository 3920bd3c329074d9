import { desc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/errors.ts";
import { createValuationEndpoint, ValuationResponse, VALUATION_MESSAGES, websiteMessage } from "../../contracts/valuations.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { valuationRequests } from "../../server/valuations/schema.ts";
import { TOO_MANY_REQUESTS_MESSAGE } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { LeadWriter, type ValuationLead } from "../../server/valuations/lead-writer.ts";
import { ENGINE_VERSION, MODEL } from "../../server/valuations/reference-data.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import { valuationRequest } from "./samples.ts";

const decodeResponse = Schema.decodeUnknownSync(ValuationResponse);
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);
const valid = valuationRequest();

describe.each(ONE_TEST_DATABASE)("POST /api/valuations on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    // The per-IP limit out of the way here; the last test builds its own app to prove it.
    app = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { valuations: { max: 10_000, windowMs: 60_000 } } },
    });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/valuations", headers: { "content-type": "application/json", ...headers }, payload: JSON.stringify(body) });
  const countLeads = async () => (await handle.db.select({ id: valuationRequests.id }).from(valuationRequests)).length;
  const latestLead = async () => {
    const [row] = await handle.db.select().from(valuationRequests).orderBy(desc(valuationRequests.id)).limit(1);
    return row;
  };

  it("answers 200 with an estimate the contract decodes, in the request's currency, p10 <= p50 <= p90", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    const answer = decodeResponse(response.json());
    expect(answer).toMatchObject({
      industry_name: "Manufactura",
      currency: "MXN",
      gross_revenue: valid.gross_revenue,
      net_profit: valid.net_profit,
      annual_percentage_growth: valid.annual_percentage_growth,
    });
    expect(answer.lowerEstimate).toBeGreaterThan(0);
    expect(answer.lowerEstimate).toBeLessThanOrEqual(answer.valuation_result);
    expect(answer.valuation_result).toBeLessThanOrEqual(answer.upperEstimate);
    // A small manufacturer lands at a private-company multiple, not a public one.
    expect(answer.multiple).toBeGreaterThan(2);
    expect(answer.multiple).toBeLessThan(10);
    expect(answer.multiple).toBeCloseTo(answer.valuation_result / valid.net_profit, 3);
    expect(answer.profit_result).toBeCloseTo((valid.net_profit / valid.gross_revenue) * 100, 3);
  });

  it("stores the request and the answer as one valuation lead (anonymous: no account), the e-mail lowercased", async () => {
    const before = await countLeads();
    const response = await post({ ...valid, email: " Rosa.Garza@Tortilleria.Example.MX ", name: "  Rosa Garza  " });
    expect(response.statusCode).toBe(200);
    const answer = decodeResponse(response.json());
    expect(await countLeads()).toBe(before + 1);
    expect(await latestLead()).toMatchObject({
      userId: null,
      email: "rosa.garza@tortilleria.example.mx",
      name: "Rosa Garza",
      website: "tortilleria.example.mx",
      industryId: valid.industry_id,
      location: 1,
      reason: 1,
      valuationType: "default",
      currency: "MXN",
      grossRevenue: valid.gross_revenue,
      netProfit: valid.net_profit,
      annualPercentageGrowth: valid.annual_percentage_growth,
      valuationResult: answer.valuation_result,
      lowerEstimate: answer.lowerEstimate,
      upperEstimate: answer.upperEstimate,
      multiple: answer.multiple,
      profitResult: answer.profit_result,
      engineVersion: ENGINE_VERSION,
    });
  });

  it("gives the same answer to the same figures, whoever asks, and stores each ask", async () => {
    const first = decodeResponse((await post(valid)).json());
    const second = decodeResponse((await post({ ...valid, email: "otra.persona@ejemplo.mx", name: "Otra Persona", reason: 8 })).json());
    expect(second).toEqual(first);
  });

  it("names the account when a signed-in user asks; a blank website is stored as none", async () => {
    const user = await createUser(handle.db, { email: "vendedor.valuacion@ejemplo.mx", password: "Clave-segura-2026", name: "Vendedor", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
    const token = await sessionTokenFor(handle.db, user.id);
    const response = await post({ ...valid, website: "" }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(await latestLead()).toMatchObject({ userId: user.id, website: null });
  });

  it("values a company in dollars outside México, and with EBITDA 0 gives a revenue multiple", async () => {
    const response = await post({ ...valid, location: 2, currency: "USD", gross_revenue: 2_000_000, net_profit: 0, website: "https://www.example.com/acerca" });
    expect(response.statusCode).toBe(200);
    const answer = decodeResponse(response.json());
    expect(answer.currency).toBe("USD");
    expect(answer.valuation_result).toBeGreaterThan(0);
    expect(answer.multiple).toBeCloseTo(answer.valuation_result / 2_000_000, 6);
    expect(answer.profit_result).toBe(0);
  });

  it("with only the sales given, assumes the industry's typical margin and a neutral growth, says so, and stores the blanks as none", async () => {
    const blanks = { ...valid, net_profit: null, annual_percentage_growth: null, reason: null };
    const response = await post(blanks);
    expect(response.statusCode).toBe(200);
    const answer = decodeResponse(response.json());
    expect(answer.assumptions).toEqual(["typicalMargin", "neutralGrowth", "noReason"]);
    // The figures the estimate used: a positive EBITDA below sales (the margin), the baseline growth (the risk-free rate).
    expect(answer.net_profit).toBeGreaterThan(0);
    expect(answer.net_profit).toBeLessThan(valid.gross_revenue);
    expect(answer.profit_result).toBeCloseTo((answer.net_profit / valid.gross_revenue) * 100, 3);
    expect(answer.annual_percentage_growth).toBeCloseTo(MODEL.baselineGrowth * 100, 6);
    expect(answer.multiple).toBeCloseTo(answer.valuation_result / answer.net_profit, 3);
    expect(await latestLead()).toMatchObject({ netProfit: null, annualPercentageGrowth: null, reason: null, valuationResult: answer.valuation_result });
    // The same as giving those figures: the assumption is the figure, nothing more.
    const given = decodeResponse((await post({ ...valid, net_profit: answer.net_profit, annual_percentage_growth: null })).json());
    expect(given.valuation_result).toBe(answer.valuation_result);
    expect(given.assumptions).toEqual(["neutralGrowth"]);
    // A blank reason changes nothing.
    const withReason = decodeResponse((await post({ ...blanks, reason: 4 })).json());
    expect(withReason).toEqual({ ...answer, assumptions: ["typicalMargin", "neutralGrowth"] });
  });

  it("with every figure given, assumes nothing", async () => {
    expect(decodeResponse((await post(valid)).json()).assumptions).toEqual([]);
  });

  it.each([
    ["EBITDA missing (blank is null, not absent)", { ...valid, net_profit: undefined }, VALUATION_MESSAGES.ebitda],
    ["EBITDA as text", { ...valid, net_profit: "8000000" }, VALUATION_MESSAGES.ebitda],
    ["EBITDA above the maximum", { ...valid, gross_revenue: 1_000_000_000_000, net_profit: 1_000_000_000_000.5 }, VALUATION_MESSAGES.ebitdaMax],
    ["growth as text", { ...valid, annual_percentage_growth: "" }, VALUATION_MESSAGES.growth],
    ["reason 0", { ...valid, reason: 0 }, VALUATION_MESSAGES.reason],
    ["EBITDA above sales", { ...valid, gross_revenue: 1000, net_profit: 1000.5 }, VALUATION_MESSAGES.ebitdaAboveSales],
    ["website not a domain", { ...valid, website: "mi empresa" }, websiteMessage()],
    ["website without a top-level domain", { ...valid, website: "http://localhost" }, websiteMessage()],
    ["website too long", { ...valid, website: `${"a".repeat(250)}.com` }, websiteMessage()],
    ["revenue below 1", { ...valid, gross_revenue: 0.5, net_profit: 0 }, VALUATION_MESSAGES.revenueMin],
    ["revenue 0", { ...valid, gross_revenue: 0, net_profit: 0 }, VALUATION_MESSAGES.revenueMin],
    ["revenue with two decimals", { ...valid, gross_revenue: 1000.25 }, VALUATION_MESSAGES.oneDecimal],
    ["EBITDA with two decimals", { ...valid, net_profit: 10.05 }, VALUATION_MESSAGES.oneDecimal],
    ["EBITDA below 1 with many decimals", { ...valid, net_profit: 1e-45 }, VALUATION_MESSAGES.oneDecimal],
    ["growth with two decimals", { ...valid, annual_percentage_growth: 12.25 }, VALUATION_MESSAGES.oneDecimal],
    ["negative EBITDA", { ...valid, net_profit: -1 }, VALUATION_MESSAGES.ebitdaMin],
    ["revenue above the maximum", { ...valid, gross_revenue: 1_000_000_000_000.5 }, VALUATION_MESSAGES.revenueMax],
    ["revenue missing", { ...valid, gross_revenue: undefined }, VALUATION_MESSAGES.revenue],
    ["revenue as text", { ...valid, gross_revenue: "50000000" }, VALUATION_MESSAGES.revenue],
    ["growth above 1,000%", { ...valid, annual_percentage_growth: 1000.1 }, VALUATION_MESSAGES.growth],
    ["growth below -100%", { ...valid, annual_percentage_growth: -100.5 }, VALUATION_MESSAGES.growth],
    ["location outside the list", { ...valid, location: 10 }, VALUATION_MESSAGES.location],
    ["reason outside the list", { ...valid, reason: 9 }, VALUATION_MESSAGES.reason],
    ["industry missing", { ...valid, industry_id: undefined }, VALUATION_MESSAGES.industry],
    ["pesos outside México", { ...valid, location: 3 }, VALUATION_MESSAGES.currency],
    ["e-mail missing", { ...valid, email: "" }, VALUATION_MESSAGES.email],
    ["e-mail malformed", { ...valid, email: "rosa@" }, "Ingresa un email válido"],
    ["name blank", { ...valid, name: "  " }, VALUATION_MESSAGES.name],
  ])("answers 400 with the Spanish message and stores nothing: %s", async (_case, body, message) => {
    const before = await countLeads();
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(decodeError(response.json()).message).toBe(message);
    expect(await countLeads()).toBe(before);
  });

  it("refuses an industry that is not in the catalogue, storing nothing", async () => {
    const before = await countLeads();
    const response = await post({ ...valid, industry_id: 9999 });
    expect(response.statusCode).toBe(400);
    expect(decodeError(response.json()).message).toBe(createValuationEndpoint.errors.unknownIndustry.message);
    expect(await countLeads()).toBe(before);
  });

  it("answers the extremes the contract allows (sales of 1 and of a trillion, growth -100% and 1,000%) without a 5xx", async () => {
    for (const body of [
      { ...valid, gross_revenue: 1, net_profit: 0, annual_percentage_growth: -100 },
      { ...valid, gross_revenue: 1, net_profit: 1, annual_percentage_growth: 1000 },
      { ...valid, gross_revenue: 1_000_000_000_000, net_profit: 0.1, annual_percentage_growth: 0 },
      { ...valid, gross_revenue: 1_000_000_000_000, net_profit: 1_000_000_000_000, location: 9, currency: "USD" },
    ]) {
      const response = await post(body);
      expect(response.statusCode).toBe(200);
      const answer = decodeResponse(response.json());
      for (const value of [answer.lowerEstimate, answer.valuation_result, answer.upperEstimate, answer.multiple]) {
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThan(0);
      }
    }
  });

  it("stores every lead of a burst of concurrent valuations (coalesced into few INSERTs), each answered 200", async () => {
    const before = await countLeads();
    const burst = Array.from({ length: 40 }, (_, index) => post({ ...valid, email: `rafaga.${index}@ejemplo.mx`, gross_revenue: 10_000_000 + index }));
    const responses = await Promise.all(burst);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await countLeads()).toBe(before + 40);
    const stored = await handle.db.select({ email: valuationRequests.email }).from(valuationRequests).orderBy(desc(valuationRequests.id)).limit(40);
    expect(new Set(stored.map((row) => row.email))).toEqual(new Set(Array.from({ length: 40 }, (_, index) => `rafaga.${index}@ejemplo.mx`)));
  });

  it("the lead writer: leads that arrive while an INSERT runs share the next one, which fails or succeeds as a whole, and writing goes on", async () => {
    const writer = new LeadWriter(handle.db);
    const lead = (email: string, industryId = 2): ValuationLead => ({
      email,
      name: "Prueba Lote",
      industryId,
      location: 1,
      reason: 1,
      currency: "MXN",
      grossRevenue: 1000,
      netProfit: 100,
      annualPercentageGrowth: 0,
      valuationResult: 500,
      lowerEstimate: 400,
      upperEstimate: 600,
      multiple: 5,
      profitResult: 10,
      engineVersion: ENGINE_VERSION,
    });
    const settled = (promise: Promise<void>) => promise.then(() => "stored", () => "failed");
    // The first goes at once, alone; the next two wait and go together, and an unknown industry (foreign key) fails their statement.
    const first = settled(writer.write(lead("lote.primero@ejemplo.mx")));
    const good = settled(writer.write(lead("lote.bueno@ejemplo.mx")));
    const bad = settled(writer.write(lead("lote.malo@ejemplo.mx", 99_999)));
    expect([await first, await good, await bad]).toEqual(["stored", "failed", "failed"]);
    expect(await settled(writer.write(lead("lote.despues@ejemplo.mx")))).toBe("stored");
    const emails = (await handle.db.select({ email: valuationRequests.email }).from(valuationRequests)).map((row) => row.email);
    expect(emails).toContain("lote.primero@ejemplo.mx");
    expect(emails).toContain("lote.despues@ejemplo.mx");
    expect(emails).not.toContain("lote.bueno@ejemplo.mx");
    expect(emails).not.toContain("lote.malo@ejemplo.mx");
  });

  it("limits valuations per IP with a 429 and Retry-After; another address goes on", async () => {
    const limited = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { valuations: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const from = (remoteAddress: string) =>
        limited.inject({ method: "POST", url: "/api/valuations", remoteAddress, headers: { "content-type": "application/json" }, payload: JSON.stringify(valid) });
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await from("10.0.14.1")).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await from("10.0.14.1");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(decodeError(refused.json()).message).toBe(TOO_MANY_REQUESTS_MESSAGE);
      expect((await from("10.0.14.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("stores nothing for a refused (rate-limited) request", async () => {
    const limited = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { valuations: { max: 1, windowMs: 60_000 } } },
    });
    try {
      const send = () =>
        limited.inject({ method: "POST", url: "/api/valuations", remoteAddress: "10.0.14.3", headers: { "content-type": "application/json" }, payload: JSON.stringify(valid) });
      expect((await send()).statusCode).toBe(200);
      const before = await countLeads();
      expect((await send()).statusCode).toBe(429);
      expect(await countLeads()).toBe(before);
      const stored = await handle.db.select({ id: valuationRequests.id }).from(valuationRequests).where(eq(valuationRequests.email, valid.email));
      expect(stored.length).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
