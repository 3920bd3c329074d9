import { RFC_MESSAGES } from "../../contracts/rfc.ts";
import { COMPANY_TYPE } from "../../server/seed/catalogue-data.ts";
import { eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_NOT_FOUND_MESSAGE } from "../../contracts/companies.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import {
  getOnboardingEndpoint,
  ONBOARDING_MESSAGES,
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
  slackOnboardingEndpoint,
} from "../../contracts/onboarding.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { Database, DatabaseHandle } from "../../server/db/open.ts";
import { companyEquities } from "../../server/onboarding/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import type { MailMessage, Mailer } from "../../server/mail/mailer.ts";
import { createTeamNotifier, type OnboardingFinished, type TeamNotifier } from "../../server/onboarding/notifier.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";
import {
  onboardingCharacteristics,
  onboardingCompanyData,
  onboardingEquities,
  onboardingFundingRound,
  onboardingFundingStructures,
  onboardingInterests,
  onboardingSellData,
  onboardingSellingData,
  onboardingUses,
  slackOnboardingRequest,
  urlOf,
} from "./samples.ts";

const decodeSummary = Schema.decodeUnknownSync(OnboardingSummary);

describe.each(ONE_TEST_DATABASE)("onboarding on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let serial = 0;
  const notices: OnboardingFinished[] = [];
  const fakeNotifier: TeamNotifier = {
    notifyOnboardingFinished: async (event) => {
      notices.push(event);
      return "slack";
    },
  };

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    app = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, appUrl: "https://puente.example", teamNotifier: fakeNotifier },
    });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const newUser = async (roles: CreatedUser["roles"]) => {
    serial += 1;
    const user = await createUser(handle.db, { email: `onb${serial}@ejemplo.mx`, password: "Clave-segura-2026", name: `Persona ${serial}`, phone: null, roles }, { params: TEST_SCRYPT_PARAMS });
    return { ...user, token: await sessionTokenFor(handle.db, user.id) };
  };
  const newCompany = async (ownerUserId: number) => (await createCompany(handle.db, { name: `Empresa Onboarding ${serial}`, ownerUserId })).id;
  const call = (endpoint: Endpoint, token: string | undefined, companyId: number | string, body?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method: endpoint.method,
      url: urlOf(endpoint, { id: companyId }),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const summaryOf = async (token: string, companyId: number) => {
    const response = await call(getOnboardingEndpoint, token, companyId);
    expect(response.statusCode, response.body).toBe(200);
    return decodeSummary(response.json());
  };
  const expectMessage = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ message });
  };
  const seller = async () => {
    const owner = await newUser(["seller"]);
    return { owner, companyId: await newCompany(owner.id) };
  };

  it("an untouched company's summary is empty, urgency not_urgent, nothing saved", async () => {
    const { owner, companyId } = await seller();
    const summary = await summaryOf(owner.token, companyId);
    expect(summary).toMatchObject({ company_id: companyId, saved_steps: [], company_equities: [], company_funding_round: null, is_onboarding_completed: false });
    expect(summary.general_information).toMatchObject({ rfc: null, company_type: null, funding_round_urgency: "not_urgent" });
  });

  it("step 4 saves the round without step 5's answers (unanswered, never 0); step 5 saves them, and a non-number is refused", async () => {
    const { owner, companyId } = await seller();
    const step4 = await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { funding_round: "series_a", funding_round_amount: 1_000_000 });
    expect(step4.statusCode, step4.body).toBe(200);
    const afterStep4 = await summaryOf(owner.token, companyId);
    expect(afterStep4.company_funding_round).toEqual({ funding_round: "series_a", funding_round_amount: 1_000_000, funding_round_done: null, investors: null });
    expect(afterStep4.saved_steps).toEqual(["company_funding_rounds"]);

    expectMessage(
      await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { funding_round: "series_a", funding_round_amount: 1_000_000, funding_round_done: 0, investors: "2 inversionistas ángel" }),
      400,
      ONBOARDING_MESSAGES.investorsInvalid,
    );
    expect((await summaryOf(owner.token, companyId)).saved_steps).toEqual(["company_funding_rounds"]);

    const step5 = await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { funding_round: "series_a", funding_round_amount: 1_000_000, funding_round_done: 250_000, investors: 2 });
    expect(step5.statusCode, step5.body).toBe(200);
    // Step 4 again, with a round smaller than what is raised: refused, nothing changed.
    expectMessage(
      await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { funding_round: "series_a", funding_round_amount: 100_000 }),
      400,
      ONBOARDING_MESSAGES.doneOverAmount,
    );
    const afterStep5 = await summaryOf(owner.token, companyId);
    expect(afterStep5.company_funding_round).toEqual({ funding_round: "series_a", funding_round_amount: 1_000_000, funding_round_done: 250_000, investors: 2 });
    expect(afterStep5.saved_steps).toEqual(["company_funding_rounds", "company_investment"]);
    // Step 7's numbers: a percentage or an amount typed as text is refused with its field's message, never read as 0.
    expectMessage(await call(saveCompanySellDataEndpoint, owner.token, companyId, { ...onboardingSellData(), ebitda_margin: "12%" }), 400, ONBOARDING_MESSAGES.marginInvalid);
    expectMessage(await call(saveCompanySellDataEndpoint, owner.token, companyId, { ...onboardingSellData(), yearly_sales: "$12 millones" }), 400, ONBOARDING_MESSAGES.amountInvalid);
    expect((await summaryOf(owner.token, companyId)).saved_steps).not.toContain("company_sell_data");
  });

  it("step 1 checks the RFC with KYB's rule and the person type's length; a refused RFC saves nothing", async () => {
    const { owner, companyId } = await seller();
    const refusals: ReadonlyArray<readonly [Record<string, unknown>, string]> = [
      [{ rfc: "ABC680524P7", company_type: "moral" }, RFC_MESSAGES.tooShort],
      [{ rfc: "ABC680524P74", company_type: "moral" }, RFC_MESSAGES.checkDigit],
      [{ rfc: "ABC680524P73", company_type: "fisica" }, RFC_MESSAGES.fisicaLength],
      [{ rfc: "GODE561231GR8", company_type: "moral" }, RFC_MESSAGES.moralLength],
    ];
    for (const [fields, message] of refusals) {
      expectMessage(await call(saveCompanyDataEndpoint, owner.token, companyId, { ...onboardingCompanyData(), ...fields }), 400, message);
    }
    expect((await summaryOf(owner.token, companyId)).saved_steps).toEqual([]);
    const saved = await call(saveCompanyDataEndpoint, owner.token, companyId, { ...onboardingCompanyData(), rfc: " gode561231gr8 ", company_type: "fisica" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await summaryOf(owner.token, companyId)).general_information).toMatchObject({ rfc: "GODE561231GR8", company_type: "fisica" });
  });

  it("until step 1 is saved, its fields are the company's own; after, the saved ones", async () => {
    const owner = await newUser(["seller"]);
    const companyId = (
      await createCompany(handle.db, {
        name: "Panadería Sol",
        legalName: "Panadería Sol SA de CV",
        website: "https://sol.example.mx",
        companyTypeId: COMPANY_TYPE.fisica,
        ownerUserId: owner.id,
      })
    ).id;
    const before = await summaryOf(owner.token, companyId);
    // The company type chosen at sign-up says the person type: "Tipo de persona" starts answered.
    expect(before.general_information).toMatchObject({
      name: "Panadería Sol",
      legal_name: "Panadería Sol SA de CV",
      comercial_name: null,
      website: "https://sol.example.mx",
      company_type: "fisica",
    });
    expect(before.saved_steps).toEqual([]);
    const saved = await call(saveCompanyDataEndpoint, owner.token, companyId, { ...onboardingCompanyData(), name: "Panadería Luna", website: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await summaryOf(owner.token, companyId);
    expect(after.general_information).toMatchObject({ name: "Panadería Luna", website: null });
  });

  it("each save round-trips into the summary and is listed in saved_steps, in step order", async () => {
    const { owner, companyId } = await seller();
    const saves: ReadonlyArray<readonly [Endpoint, unknown]> = [
      [saveFundingStructuresEndpoint, { ...onboardingFundingStructures(), funding_round_urgency: "asap" }],
      [saveCompanyDataEndpoint, onboardingCompanyData()],
      [saveCompanyEquitiesEndpoint, onboardingEquities(60.5, 39.5)],
      [saveCompanyInterestsEndpoint, onboardingInterests(1, 2)],
      [saveCompanyFundingRoundEndpoint, onboardingFundingRound()],
      [saveCompanyFundingRoundUsesEndpoint, onboardingUses(33.33, 33.33, 33.34)],
      [saveCompanySellingDataEndpoint, onboardingSellingData()],
      [saveCompanySellDataEndpoint, onboardingSellData()],
      [saveCompanyCharacteristicsEndpoint, onboardingCharacteristics()],
    ];
    for (const [endpoint, body] of saves) {
      const response = await call(endpoint, owner.token, companyId, body);
      expect(response.statusCode, `${endpoint.path}: ${response.body}`).toBe(200);
      expect(decodeSummary(response.json()).company_id).toBe(companyId);
    }
    const summary = await summaryOf(owner.token, companyId);
    expect(summary.saved_steps).toEqual([
      "company_data",
      "company_equities",
      "company_interests",
      "company_funding_rounds",
      "company_investment",
      "company_funding_rounds_uses",
      "company_selling_data",
      "company_sell_data",
      "company_characteristics",
      "funding_structures",
    ]);
    expect(summary.general_information).toEqual({
      ...onboardingCompanyData(),
      ...onboardingSellData(),
      motivation: "Retiro del fundador",
      valuation_range_negotiation: "Entre 20 y 25 millones de pesos",
      company_uniqueness_summary: "Receta familiar de tres generaciones",
      company_challenges: "Ampliar la distribución",
      // The selling-data save came later without urgency: it defaults to not_urgent.
      funding_round_urgency: "not_urgent",
    });
    expect(summary.company_equities).toEqual(onboardingEquities(60.5, 39.5).company_equities);
    expect(summary.interests.map((interest) => interest.name)).toEqual(["Capital para crecimiento", "Vender participación"]);
    expect(summary.company_funding_round).toEqual(onboardingFundingRound());
    expect(summary.company_funding_rounds_uses).toEqual(onboardingUses(33.33, 33.33, 33.34).company_funding_rounds_uses);
    expect(summary.companyCharacteristics.map((item) => item.id)).toEqual([1]);
    expect(summary.companyAttributes.map((item) => item.id)).toEqual([1]);
    expect(summary.fundingStructures.map((item) => item.id)).toEqual([1]);
    // Stored as integer hundredths.
    const stored = await handle.db.select({ hundredths: companyEquities.equityHundredths }).from(companyEquities).where(eq(companyEquities.companyId, companyId));
    expect(stored.map((row) => row.hundredths).sort()).toEqual([3950, 6050]);
  });

  it("a repeated save replaces the list and lists the step once; urgency defaults to not_urgent", async () => {
    const { owner, companyId } = await seller();
    expect((await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(50, 50))).statusCode).toBe(200);
    expect((await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(100))).statusCode).toBe(200);
    expect((await call(saveFundingStructuresEndpoint, owner.token, companyId, onboardingFundingStructures())).statusCode).toBe(200);
    const summary = await summaryOf(owner.token, companyId);
    expect(summary.company_equities).toEqual([{ shareholder: "Accionista 1", equity: 100 }]);
    expect(summary.saved_steps).toEqual(["company_equities", "funding_structures"]);
    expect(summary.general_information.funding_round_urgency).toBe("not_urgent");
  });

  it("the 100% rule: exact decimal totals pass; 33.33×3, over 100, 100.01 and three decimals are refused with the spec's message, nothing saved", async () => {
    const { owner, companyId } = await seller();
    expect((await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(60.5, 39.5))).statusCode).toBe(200);
    expect((await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(0.1, 0.2, 99.7))).statusCode).toBe(200);
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(33.33, 33.33, 33.33)), 400, ONBOARDING_MESSAGES.equityTotal);
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(60, 50)), 400, ONBOARDING_MESSAGES.equityTotal);
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(100.01)), 400, ONBOARDING_MESSAGES.percentRange);
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities(50.005, 49.995)), 400, ONBOARDING_MESSAGES.percentDecimals);
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, { company_equities: [] }), 400, ONBOARDING_MESSAGES.equityTotal);
    expectMessage(await call(saveCompanyFundingRoundUsesEndpoint, owner.token, companyId, onboardingUses(33.33, 33.33, 33.33)), 400, ONBOARDING_MESSAGES.usesTotal);
    expectMessage(await call(saveCompanyFundingRoundUsesEndpoint, owner.token, companyId, onboardingUses(70, 30.001)), 400, ONBOARDING_MESSAGES.percentDecimals);
    const summary = await summaryOf(owner.token, companyId);
    expect(summary.company_equities.map((item) => item.equity)).toEqual([0.1, 0.2, 99.7]);
    expect(summary.company_funding_rounds_uses).toEqual([]);
    expect(summary.saved_steps).toEqual(["company_equities"]);
  });

  it("refuses unknown catalogue ids and a raised amount above the round with a Spanish 400", async () => {
    const { owner, companyId } = await seller();
    expectMessage(await call(saveCompanyInterestsEndpoint, owner.token, companyId, onboardingInterests(9999)), 400, ONBOARDING_MESSAGES.unknownCatalogueItem);
    expectMessage(await call(saveFundingStructuresEndpoint, owner.token, companyId, { funding_structures: [{ id: 9999 }] }), 400, ONBOARDING_MESSAGES.unknownCatalogueItem);
    expectMessage(await call(saveCompanyDataEndpoint, owner.token, companyId, { ...onboardingCompanyData(), society_id: 9999 }), 400, ONBOARDING_MESSAGES.unknownCatalogueItem);
    expectMessage(
      await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { ...onboardingFundingRound(), funding_round_done: 600_000 }),
      400,
      ONBOARDING_MESSAGES.doneOverAmount,
    );
    expectMessage(await call(saveCompanyFundingRoundEndpoint, owner.token, companyId, { ...onboardingFundingRound(), funding_round: "series_z" }), 400, ONBOARDING_MESSAGES.fundingStageInvalid);
    expect((await summaryOf(owner.token, companyId)).saved_steps).toEqual([]);
  });

  it("a failing save leaves the earlier data: a bad attribute rolls back the characteristics written before it", async () => {
    const { owner, companyId } = await seller();
    expect((await call(saveCompanyCharacteristicsEndpoint, owner.token, companyId, onboardingCharacteristics(1, 1))).statusCode).toBe(200);
    const failed = await call(saveCompanyCharacteristicsEndpoint, owner.token, companyId, { ...onboardingCharacteristics(2, 9999), company_challenges: "Otro reto" });
    expectMessage(failed, 400, ONBOARDING_MESSAGES.unknownCatalogueItem);
    const summary = await summaryOf(owner.token, companyId);
    expect(summary.companyCharacteristics.map((item) => item.id)).toEqual([1]);
    expect(summary.companyAttributes.map((item) => item.id)).toEqual([1]);
    expect(summary.general_information.company_challenges).toBe("Ampliar la distribución");
  });

  it("ownership: another seller and a buyer get the missing company's 404, anonymous 401, deactivated 403, an admin may", async () => {
    const { owner, companyId } = await seller();
    const otherSeller = await newUser(["seller"]);
    const buyer = await newUser(["buyer"]);
    const admin = await newUser(["admin"]);
    const missing = await call(saveCompanyEquitiesEndpoint, otherSeller.token, 2_147_483_647, onboardingEquities());
    expectMessage(missing, 404, COMPANY_NOT_FOUND_MESSAGE);
    for (const someone of [otherSeller, buyer]) {
      expectMessage(await call(saveCompanyEquitiesEndpoint, someone.token, companyId, onboardingEquities()), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectMessage(await call(getOnboardingEndpoint, someone.token, companyId), 404, COMPANY_NOT_FOUND_MESSAGE);
      expectMessage(await call(slackOnboardingEndpoint, someone.token, "", slackOnboardingRequest(companyId)), 404, COMPANY_NOT_FOUND_MESSAGE);
    }
    expect((await call(saveCompanyEquitiesEndpoint, undefined, companyId, onboardingEquities())).statusCode).toBe(401);
    expect((await call(getOnboardingEndpoint, undefined, companyId)).statusCode).toBe(401);
    expect((await call(saveCompanyEquitiesEndpoint, admin.token, companyId, onboardingEquities(25, 75))).statusCode).toBe(200);
    expect((await summaryOf(admin.token, companyId)).company_equities.map((item) => item.equity)).toEqual([25, 75]);
    expect((await summaryOf(owner.token, companyId)).company_equities.map((item) => item.equity)).toEqual([25, 75]);
    await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, owner.id));
    expectMessage(await call(saveCompanyEquitiesEndpoint, owner.token, companyId, onboardingEquities()), 403, MESSAGES.deactivated);
    expect((await summaryOf(admin.token, companyId)).company_equities.map((item) => item.equity)).toEqual([25, 75]);
  });

  it("slack-onboarding notifies the team and marks the owner's onboarding completed: a new token's claim says so", async () => {
    const { owner, companyId } = await seller();
    expect(decodeJwt(owner.token).is_onboarding_completed).toBe(false);
    const response = await call(slackOnboardingEndpoint, owner.token, "", slackOnboardingRequest(companyId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ company_id: companyId, is_onboarding_completed: true, notified_via: "slack" });
    expect(notices.at(-1)).toMatchObject({ companyId, ownerEmail: owner.email, appUrl: "https://puente.example" });
    expect(decodeJwt(await sessionTokenFor(handle.db, owner.id)).is_onboarding_completed).toBe(true);
    expect((await summaryOf(owner.token, companyId)).is_onboarding_completed).toBe(true);
  });

  it("an admin may finish someone's onboarding; it marks the owner, not the admin", async () => {
    const { owner, companyId } = await seller();
    const admin = await newUser(["admin"]);
    expect((await call(slackOnboardingEndpoint, admin.token, "", slackOnboardingRequest(companyId))).statusCode).toBe(200);
    const rows = await handle.db.select({ id: users.id, done: users.isOnboardingCompleted }).from(users).where(eq(users.id, owner.id));
    expect(rows[0]?.done).toBe(true);
    const adminRow = await handle.db.select({ done: users.isOnboardingCompleted }).from(users).where(eq(users.id, admin.id));
    expect(adminRow[0]?.done).toBe(false);
  });
});

describe("the onboarding rate limit", () => {
  it("counts saves per user: past the bucket's limit a save answers 429 with the Spanish message and writes nothing", async () => {
    const [target] = ONE_TEST_DATABASE;
    if (target === undefined) throw new Error("no test database");
    const handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const app = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { onboarding: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const makeSeller = async (email: string) => {
        const user = await createUser(handle.db, { email, password: "Clave-segura-2026", name: "Vendedora", phone: null, roles: ["seller"] }, { params: TEST_SCRYPT_PARAMS });
        const companyId = (await createCompany(handle.db, { name: `Empresa ${email}`, ownerUserId: user.id })).id;
        return { token: await sessionTokenFor(handle.db, user.id), companyId };
      };
      const save = (who: { token: string; companyId: number }, ...equities: number[]) =>
        app.inject({ method: "PUT", url: urlOf(saveCompanyEquitiesEndpoint, { id: who.companyId }), headers: { authorization: `Bearer ${who.token}` }, payload: onboardingEquities(...equities) });
      const first = await makeSeller("limite1@ejemplo.mx");
      expect((await save(first, 50, 50)).statusCode).toBe(200);
      expect((await save(first, 40, 60)).statusCode).toBe(200);
      const limited = await save(first, 100);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: ONBOARDING_MESSAGES.tooMany });
      const stored = await handle.db.select({ hundredths: companyEquities.equityHundredths }).from(companyEquities).where(eq(companyEquities.companyId, first.companyId));
      expect(stored.map((row) => row.hundredths).sort()).toEqual([4000, 6000]);
      // Another user has their own count.
      expect((await save(await makeSeller("limite2@ejemplo.mx"), 100)).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe("the team notifier", () => {
  const event: OnboardingFinished = { companyId: 7, companyName: "Empresa <b>", ownerName: "Ana", ownerEmail: "ana@ejemplo.mx", appUrl: "https://puente.example" };
  // The recording mailer keeps messages in memory: the notifier's database is never touched.
  const db = {} as Database;
  const recordingMailer = () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = { transport: "outbox", enqueue: async (_tx, message) => void sent.push(message) };
    return { sent, mailer };
  };

  it("without SLACK_WEBHOOK_URL e-mails the team (escaped HTML)", async () => {
    const { sent, mailer } = recordingMailer();
    const notifier = createTeamNotifier({ slackWebhookUrl: undefined, db, mailer, teamEmail: "equipo@puente.example" });
    expect(await notifier.notifyOnboardingFinished(event)).toBe("mail");
    expect(sent[0]?.to).toBe("equipo@puente.example");
    expect(sent[0]?.text).toContain("https://puente.example/mi-empresa/7");
    expect(sent[0]?.html).toContain("Empresa &#60;b&#62;");
    expect(sent[0]?.html).not.toContain("Empresa <b>");
  });

  it("with a webhook posts to Slack, and falls back to e-mail when Slack refuses or fails", async () => {
    const { sent, mailer } = recordingMailer();
    const posts: Array<{ url: string; body: string }> = [];
    let answer: "ok" | "refuse" | "throw" = "ok";
    const notifier = createTeamNotifier({
      slackWebhookUrl: "https://hooks.slack.example/T/B/X",
      db,
      mailer,
      teamEmail: "equipo@puente.example",
      fetch: async (url, init) => {
        posts.push({ url, body: init.body });
        if (answer === "throw") throw new Error("network down");
        return { ok: answer === "ok", status: answer === "ok" ? 200 : 500 };
      },
    });
    expect(await notifier.notifyOnboardingFinished(event)).toBe("slack");
    expect(posts[0]?.url).toBe("https://hooks.slack.example/T/B/X");
    expect(JSON.parse(posts[0]?.body ?? "{}").text).toContain("Empresa <b>");
    expect(sent).toHaveLength(0);
    answer = "refuse";
    expect(await notifier.notifyOnboardingFinished(event)).toBe("mail");
    answer = "throw";
    expect(await notifier.notifyOnboardingFinished(event)).toBe("mail");
    expect(sent).toHaveLength(2);
  });
});
