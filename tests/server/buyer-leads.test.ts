import { asc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BUYER_LEAD_ACTIVE_DAYS,
  BUYER_LEAD_ERRORS,
  BUYER_LEAD_MESSAGES,
  BuyerLeadResponse,
  CompanyBuyerLeadMatches,
  createBuyerLeadEndpoint,
  getCompanyBuyerLeadMatchesEndpoint,
} from "../../contracts/buyer-leads.ts";
import { COMPANY_NOT_FOUND_MESSAGE, PUBLISHED_COMPANY_STATUS_ID, updateCompanyEndpoint } from "../../contracts/companies.ts";
import { INVALID_EMAIL_MESSAGE, INVALID_PHONE_MESSAGE } from "../../contracts/fields.ts";
import { buildApp, type AppConfig } from "../../server/app.ts";
import { users } from "../../server/auth/schema.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import { buyerLeadMatches, buyerLeads } from "../../server/buyer-leads/schema.ts";
import { mandateListener } from "../../server/buyer-leads/new-listings.ts";
import { companies } from "../../server/companies/schema.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { processListingEvents, type AlertDeps } from "../../server/saved-searches/alerts.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { callEndpoint, expectMessage, ONE_TEST_DATABASE, signedInUser, TEST_APP_CONFIG, type CallOptions, type SignedInUser } from "./harness.ts";
import { buyerLeadRequest } from "./samples.ts";

// Buyer mandates (issue 28, docs/decisions/033-buyer-mandates.md): POST /buyer_leads, the matching of
// new listings in the alerts' batch, and the count a company's owner sees.

const TEAM = "equipo-mandatos@puente.mx";
const APP_URL = "https://puente.example";
const decodeCreated = Schema.decodeUnknownSync(BuyerLeadResponse);
const decodeMatches = Schema.decodeUnknownSync(CompanyBuyerLeadMatches);

// Seeded catalogue ids (server/seed/catalogue-data.ts).
const TECHNOLOGY = 1;
const FOOD = 3;
const HEALTH = 5;
const JALISCO = 14;
const NUEVO_LEON = 19;
const YUCATAN = 31;
const SALES_5_TO_10M = 3;
const SALES_25_TO_50M = 5;
const GROWTH_CAPITAL = 1;
const SELL_ALL = 3;
const PAUSED_STATUS_ID = 4;

describe.each(ONE_TEST_DATABASE)("buyer mandates on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const mailer = createMailer({ transport: "outbox" });
  let deps: AlertDeps;
  let admin: SignedInUser;
  let serial = 0;

  const config = (rateLimits: AppConfig["rateLimits"] = {}): AppConfig => ({
    ...TEST_APP_CONFIG,
    appUrl: APP_URL,
    teamEmail: TEAM,
    // The tests run the new-listing batch themselves.
    savedSearchAlertsIntervalMs: 0,
    rateLimits: { ...sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }), ...rateLimits },
  });

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    deps = { db: handle.db, mailer, appUrl: APP_URL, searchIndex: new SearchIndexSync(handle.db), listeners: [mandateListener({ mailer, appUrl: APP_URL })] };
    app = await buildApp({ db: handle.db, config: config() });
    admin = await person(["admin"]);
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  async function person(roles: CreatedUser["roles"], name?: string, phone: string | null = null): Promise<SignedInUser> {
    serial += 1;
    return signedInUser(handle.db, { email: `mandato${serial}@ejemplo.mx`, name: name ?? `Persona ${serial}`, roles, phone });
  }

  const call = (token: string | undefined, options: CallOptions & { readonly on?: FastifyInstance }) => callEndpoint(options.on ?? app, createBuyerLeadEndpoint, token, options);
  const leave = async (body: unknown, token?: string) => {
    const response = await call(token, { body });
    expect(response.statusCode, response.body).toBe(201);
    return decodeCreated(response.json());
  };
  const leadCount = async () => (await handle.db.select({ id: buyerLeads.id }).from(buyerLeads)).length;
  const outboxCount = async () => (await handle.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
  const mailsTo = async (email: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(asc(emailOutbox.id));
  /** Runs the new-listing batch until the queue is empty, as the app's worker does. */
  const drain = async () => {
    let emails = 0;
    for (;;) {
      const run = await processListingEvents(deps, new Date(), 10);
      emails += run.listenerEmails;
      if (run.events === 0) return emails;
    }
  };
  /** A listed company: technology in Nuevo León, $5–10 M in sales, sold whole; distinctive names and contact. */
  const listed = (owner: SignedInUser | null, input: Partial<CreateCompanyInput> & { readonly name: string }) =>
    createCompany(handle.db, {
      ownerUserId: owner?.id ?? null,
      isPublished: true,
      shortDescription: `${input.name} desarrolla software de inventarios para distribuidoras del noreste. Escríbenos a ventas@${input.name.split(" ")[0]?.toLowerCase()}.mx`,
      legalName: `${input.name} S.A. de C.V.`,
      contactName: "Eulalia Contacto Privado",
      contactEmail: "eulalia@privado.example.mx",
      contactPhone: "+52 81 5550 9999",
      stateId: NUEVO_LEON,
      yearlySalesRangeId: SALES_5_TO_10M,
      industryIds: [TECHNOLOGY],
      interestIds: [SELL_ALL],
      verificationLevelId: 2,
      ...input,
    });

  describe("leaving a mandate", () => {
    beforeEach(async () => {
      // Each test counts only its own matches.
      await handle.db.update(companies).set({ isPublished: false });
      await drain();
    });

    it("a visitor's mandate is stored with its contact, the listings that match now are counted and named by reference, and the team is told in the same transaction", async () => {
      const [older, newer, elsewhere, draft, otherDeal, tooBig] = [
        await listed(null, { name: "Sistemas Ónice" }),
        await listed(null, { name: "Datos Zafiro", stateId: JALISCO, industryIds: [FOOD] }),
        await listed(null, { name: "Cómputo Yucateco", stateId: YUCATAN }),
        await listed(null, { name: "Borrador Oculto", isPublished: false }),
        await listed(null, { name: "Capital Ámbar", interestIds: [GROWTH_CAPITAL] }),
        await listed(null, { name: "Grande Topacio", yearlySalesRangeId: SALES_25_TO_50M }),
      ];
      const before = await outboxCount();

      const created = await leave({ ...buyerLeadRequest("  Rodrigo.Garza@Ejemplo.MX "), name: "  Rodrigo Garza " });
      expect(created.matching_listings).toBe(2);
      expect(created.matches).toEqual([
        { id: newer?.id, human_id: newer?.humanId },
        { id: older?.id, human_id: older?.humanId },
      ]);
      expect(created.contact_email).toBe("rodrigo.garza@ejemplo.mx");
      const activeFor = new Date(created.active_until).getTime() - Date.now();
      expect(Math.round(activeFor / (24 * 60 * 60 * 1000))).toBe(BUYER_LEAD_ACTIVE_DAYS);
      // Never a name or a contact in the answer.
      expect(JSON.stringify(created)).not.toMatch(/Ónice|Zafiro|Eulalia|privado/i);
      for (const other of [elsewhere, draft, otherDeal, tooBig]) expect(created.matches.map((match) => match.id)).not.toContain(other?.id);

      const [row] = await handle.db.select().from(buyerLeads).where(eq(buyerLeads.id, created.id));
      expect(row).toMatchObject({
        userId: null,
        contactName: "Rodrigo Garza",
        contactEmail: "rodrigo.garza@ejemplo.mx",
        contactPhone: "81 5555 1234",
        industryIds: [TECHNOLOGY, FOOD],
        stateIds: [NUEVO_LEON, JALISCO],
        salesRangeIds: [SALES_5_TO_10M],
        ebitdaRangeIds: [],
        dealType: "buy",
        // 'Vender 100%' and 'Fusión': the listings a buyer of a whole company looks for.
        interestIds: [3, 4],
        investmentSizeId: 3,
      });
      // The listings named in the answer are recorded as told: their relisting is no news.
      const told = await handle.db.select().from(buyerLeadMatches).where(eq(buyerLeadMatches.buyerLeadId, created.id));
      expect(told.map((match) => match.companyId).toSorted()).toEqual([older?.id, newer?.id].toSorted());
      expect(told.every((match) => match.emailedAt === null)).toBe(true);

      const [notice, ...more] = await mailsTo(TEAM);
      expect(more).toEqual([]);
      expect(await outboxCount()).toBe(before + 1);
      expect(notice?.subject).toBe("Nueva búsqueda de comprador: Rodrigo Garza (Comprar una empresa)");
      for (const line of [
        "Email: rodrigo.garza@ejemplo.mx",
        "Teléfono: 81 5555 1234",
        "Cuenta: Visitante (sin cuenta)",
        "Sectores: Tecnología, Alimentos y bebidas",
        "Estados: Nuevo León, Jalisco",
        "Ventas anuales: $5 M – $10 M MXN",
        "EBITDA: Cualquiera",
        "Ticket de inversión: $5 M – $20 M MXN",
        "Empresas publicadas que coinciden hoy: 2",
      ]) {
        expect(notice?.textBody).toContain(line);
      }
      await handle.db.delete(emailOutbox).where(eq(emailOutbox.recipient, TEAM));
    });

    it("a signed-in buyer's contact is the account's, whatever the body says; an empty list of states is all of Mexico", async () => {
      const buyer = await person(["buyer"], "Compradora Cuenta", "55 1234 5678");
      const created = await leave({ ...buyerLeadRequest("otra.persona@ejemplo.mx"), state_ids: [], name: "Otro Nombre", deal_type: "either" }, buyer.token);
      expect(created.contact_email).toBe(buyer.email);
      const [row] = await handle.db.select().from(buyerLeads).where(eq(buyerLeads.id, created.id));
      expect(row).toMatchObject({ userId: buyer.id, contactName: "Compradora Cuenta", contactEmail: buyer.email, contactPhone: "55 1234 5678", stateIds: [], interestIds: [] });
      // The signed-in form sends no contact at all.
      const { name: _name, email: _email, phone: _phone, ...criteria } = buyerLeadRequest();
      expect((await call(buyer.token, { body: criteria })).statusCode).toBe(201);
      const [notice] = (await mailsTo(TEAM)).reverse();
      expect(notice?.textBody).toContain(`Cuenta: Usuario ${buyer.id}`);
      expect(notice?.textBody).toContain("Estados: Nuevo León, Jalisco");
    });

    it("refuses bad mandates with 400 and the field's Spanish message, storing and e-mailing nothing", async () => {
      const valid = buyerLeadRequest();
      const { name: _name, ...withoutName } = valid;
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [withoutName, BUYER_LEAD_MESSAGES.name],
        [{ ...valid, phone: undefined }, BUYER_LEAD_MESSAGES.phone],
        [{ ...valid, email: "rodrigo@" }, INVALID_EMAIL_MESSAGE],
        [{ ...valid, phone: "81-TELEFONO" }, INVALID_PHONE_MESSAGE],
        [{ ...valid, description: "Algo rentable." }, BUYER_LEAD_MESSAGES.descriptionTooShort],
        [{ ...valid, description: "x".repeat(1001) }, BUYER_LEAD_MESSAGES.descriptionTooLong],
        [{ ...valid, description: "   " }, BUYER_LEAD_MESSAGES.description],
        [{ ...valid, industry_ids: [] }, BUYER_LEAD_MESSAGES.industries],
        [{ ...valid, industry_ids: [1, 2, 3, 4, 5, 6] }, BUYER_LEAD_MESSAGES.tooManyIndustries],
        [{ ...valid, industry_ids: [1, 1] }, BUYER_LEAD_MESSAGES.invalidIndustries],
        [{ ...valid, state_ids: ["19"] }, BUYER_LEAD_MESSAGES.invalidStates],
        [{ ...valid, sales_range_ids: [], ebitda_range_ids: [] }, BUYER_LEAD_MESSAGES.size],
        [{ ...valid, deal_type: "rentar" }, BUYER_LEAD_MESSAGES.dealType],
        [{ ...valid, investment_size_id: null }, BUYER_LEAD_MESSAGES.ticket],
        // Well formed, but not in the catalogues.
        [{ ...valid, industry_ids: [1, 9999] }, BUYER_LEAD_ERRORS.unknownIndustry.message],
        [{ ...valid, state_ids: [33] }, BUYER_LEAD_ERRORS.unknownState.message],
        [{ ...valid, ebitda_range_ids: [99] }, BUYER_LEAD_ERRORS.unknownEbitdaRange.message],
        [{ ...valid, investment_size_id: 99 }, BUYER_LEAD_ERRORS.unknownTicket.message],
      ];
      const [leadsBefore, mailBefore] = [await leadCount(), await outboxCount()];
      for (const [body, message] of cases) expectMessage(await call(undefined, { body }), 400, message);
      expect(await leadCount()).toBe(leadsBefore);
      expect(await outboxCount()).toBe(mailBefore);
    });

    it("counts mandates per IP and per contact e-mail (429 with the contract's message), and a refused one stores nothing", async () => {
      const perIp = await buildApp({ db: handle.db, config: config({ buyer_leads: { max: 2, windowMs: 60_000 } }) });
      const perEmail = await buildApp({ db: handle.db, config: config({ buyer_leads_email: { max: 2, windowMs: 60_000 } }) });
      try {
        const fromOneAddress = (index: number) => call(undefined, { on: perIp, body: buyerLeadRequest(`ip${index}@ejemplo.mx`), remoteAddress: "203.0.113.7" });
        expect((await fromOneAddress(1)).statusCode).toBe(201);
        expect((await fromOneAddress(2)).statusCode).toBe(201);
        const before = await leadCount();
        const refused = await fromOneAddress(3);
        expectMessage(refused, 429, BUYER_LEAD_MESSAGES.tooMany);
        expect(refused.headers["retry-after"]).toBeDefined();
        expect(await leadCount()).toBe(before);
        expect((await call(undefined, { on: perIp, body: buyerLeadRequest("ip4@ejemplo.mx"), remoteAddress: "203.0.113.8" })).statusCode).toBe(201);

        // One address from many IPs, however it is written; a refused (invalid) mandate does not use one up.
        const sameEmail = (address: string, ip: string, body: object = {}) => call(undefined, { on: perEmail, body: { ...buyerLeadRequest(address), ...body }, remoteAddress: ip });
        expect((await sameEmail("objetivo@ejemplo.mx", "198.51.100.1", { description: "corta" })).statusCode).toBe(400);
        expect((await sameEmail("objetivo@ejemplo.mx", "198.51.100.2")).statusCode).toBe(201);
        expect((await sameEmail("OBJETIVO@ejemplo.mx", "198.51.100.3")).statusCode).toBe(201);
        const beforeEmail = await leadCount();
        const mailBefore = await outboxCount();
        const refusedEmail = await sameEmail("Objetivo@Ejemplo.mx", "198.51.100.4");
        expectMessage(refusedEmail, 429, BUYER_LEAD_MESSAGES.tooMany);
        expect(refusedEmail.headers["retry-after"]).toBeDefined();
        expect(await leadCount()).toBe(beforeEmail);
        expect(await outboxCount()).toBe(mailBefore);
        expect((await sameEmail("otra@ejemplo.mx", "198.51.100.4")).statusCode).toBe(201);
      } finally {
        await perIp.close();
        await perEmail.close();
      }
    });
  });

  describe("matching new listings", () => {
    beforeEach(async () => {
      await handle.db.update(companies).set({ isPublished: false });
      await drain();
      // Each test's mandates alone (the e-mails are told apart by their addresses).
      await handle.db.delete(buyerLeads);
    });

    /** The admin's PUT /companies/{id} with a status: 'Publicada' lists (approves) the company, 'Pausada' unlists it. */
    const setStatus = async (companyId: number, statusId: number) => {
      const response = await callEndpoint(app, updateCompanyEndpoint, admin.token, { params: { id: companyId }, body: { company_status_id: statusId } });
      expect(response.statusCode, response.body).toBe(200);
      await app.backgroundIdle();
    };
    const matchMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.startsWith("Nueva empresa en Puente que coincide con lo que buscas"));

    it("a listing the admin approves that matches a mandate is e-mailed to its contact once, by its card's facts and never by its name or contact", async () => {
      const seller = await person(["seller"], "Vendedora Ónice");
      await leave(buyerLeadRequest("visitante@ejemplo.mx"));
      const company = await listed(seller, { name: "Sistemas Ónice Reservados", isPublished: false });
      expect(await drain()).toBe(0);

      await setStatus(company.id, PUBLISHED_COMPANY_STATUS_ID);
      expect(await drain()).toBe(1);
      const [mail, ...more] = await matchMails("visitante@ejemplo.mx");
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Nueva empresa en Puente que coincide con lo que buscas (${company.humanId})`);
      for (const line of [`Referencia: ${company.humanId}`, "Industria: Tecnología", "Estado: Nuevo León", "Ventas anuales: $5 M – $10 M MXN", "Busca: Vender 100%"]) {
        expect(mail?.textBody).toContain(line);
      }
      expect(mail?.textBody).toContain(`${APP_URL}/perfil-de-negocio/${company.id}`);
      expect(mail?.textBody).toContain(`${APP_URL}/registro`);
      // The description's names and contact details are masked; the company's name, legal name and contact appear nowhere.
      expect(mail?.textBody).toContain("Descripción: La empresa desarrolla software de inventarios");
      for (const body of [mail?.subject, mail?.textBody, mail?.htmlBody]) {
        expect(body).not.toMatch(/Ónice|ventas@|Eulalia|privado|5550 9999/i);
        // Nor a word the mandate's author typed.
        expect(body).not.toMatch(/Rodrigo|clientes recurrentes/);
      }

      // Unlisted and listed again: never twice for the same mandate and listing.
      await setStatus(company.id, PAUSED_STATUS_ID);
      await setStatus(company.id, PUBLISHED_COMPANY_STATUS_ID);
      expect(await drain()).toBe(0);
      expect(await matchMails("visitante@ejemplo.mx")).toHaveLength(1);
    });

    it("a listing that does not match gets no e-mail; nor does the author's own company, an expired mandate or a deactivated account's", async () => {
      const author = await person(["buyer", "seller"], "Compradora Vendedora");
      const deactivated = await person(["buyer"], "Comprador Desactivado");
      await leave(buyerLeadRequest("otra.visitante@ejemplo.mx"));
      await leave({ ...buyerLeadRequest(), industry_ids: [TECHNOLOGY] }, author.token);
      await leave(buyerLeadRequest(), deactivated.token);
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deactivated.id));
      const expired = await leave(buyerLeadRequest("vencido@ejemplo.mx"));
      await handle.db.update(buyerLeads).set({ activeUntil: new Date(Date.now() - 1000) }).where(eq(buyerLeads.id, expired.id));

      // Health in Nuevo León, and technology raising capital: neither is what the visitor looks for.
      await listed(null, { name: "Clínica Coral", industryIds: [HEALTH] });
      await listed(null, { name: "Crecimiento Jade", interestIds: [GROWTH_CAPITAL] });
      // The author's own company matches the author's criteria, and the visitor's.
      await listed(author, { name: "Propia Turquesa" });
      expect(await drain()).toBe(1);
      expect(await matchMails("otra.visitante@ejemplo.mx")).toHaveLength(1);
      for (const nobody of [author.email, deactivated.email, "vencido@ejemplo.mx"]) expect(await matchMails(nobody)).toEqual([]);
    });

    it("one e-mail per address and listing when one address left several mandates it matches", async () => {
      await leave(buyerLeadRequest("doble@ejemplo.mx"));
      await leave({ ...buyerLeadRequest("doble@ejemplo.mx"), state_ids: [], deal_type: "either" });
      const company = await listed(null, { name: "Doble Cuarzo" });
      expect(await drain()).toBe(1);
      expect(await matchMails("doble@ejemplo.mx")).toHaveLength(1);
      // Both mandates recorded the listing: neither e-mails it again.
      const recorded = await handle.db.select().from(buyerLeadMatches).where(eq(buyerLeadMatches.companyId, company.id));
      expect(recorded).toHaveLength(2);
    });
  });

  describe("what a company's owner sees", () => {
    beforeEach(async () => {
      await handle.db.delete(buyerLeads);
    });

    const matchesOf = (companyId: number, token: string | undefined) => callEndpoint(app, getCompanyBuyerLeadMatchesEndpoint, token, { params: { id: companyId } });

    it("its owner and admins see how many active mandates match it, listed or not; counts only, never who", async () => {
      const owner = await person(["seller"], "Dueña Ópalo");
      const company = await listed(owner, { name: "Ópalo Logístico", isPublished: false });
      const first = await matchesOf(company.id, owner.token);
      expect(first.statusCode, first.body).toBe(200);
      expect(decodeMatches(first.json())).toEqual({ company_id: company.id, matching: 0 });

      await leave(buyerLeadRequest("uno@ejemplo.mx"));
      await leave({ ...buyerLeadRequest("dos@ejemplo.mx"), state_ids: [], sales_range_ids: [], ebitda_range_ids: [4], deal_type: "either" });
      await leave({ ...buyerLeadRequest("tres@ejemplo.mx"), state_ids: [], sales_range_ids: [SALES_25_TO_50M] });
      // Its own owner's mandate is not a buyer for it.
      await leave({ ...buyerLeadRequest(), state_ids: [] }, owner.token);
      const expired = await leave(buyerLeadRequest("vencido@ejemplo.mx"));
      await handle.db.update(buyerLeads).set({ activeUntil: new Date(Date.now() - 1000) }).where(eq(buyerLeads.id, expired.id));

      // 'uno' matches; 'dos' asks for an EBITDA range the company has not given; 'tres' a bigger company.
      const seen = await matchesOf(company.id, owner.token);
      expect(seen.json()).toEqual({ company_id: company.id, matching: 1 });
      expect(seen.body).not.toMatch(/uno@|Rodrigo|ejemplo/);
      await handle.db.update(companies).set({ ebitdaRangeId: 4 }).where(eq(companies.id, company.id));
      expect((await matchesOf(company.id, admin.token)).json()).toEqual({ company_id: company.id, matching: 2 });
    });

    it("to another seller or a buyer the company is missing (404); without a session 401", async () => {
      const owner = await person(["seller"]);
      const company = await listed(owner, { name: "Ajena Berilo" });
      for (const stranger of [await person(["seller"]), await person(["buyer"])]) {
        expectMessage(await matchesOf(company.id, stranger.token), 404, COMPANY_NOT_FOUND_MESSAGE);
      }
      expect((await matchesOf(company.id, undefined)).statusCode).toBe(401);
    });
  });
});
