import { asc, count, eq, inArray, isNull } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CompanyListResponse, invalidFilterMessage, listCompaniesEndpoint } from "../../contracts/marketplace.ts";
import { PUBLISHED_COMPANY_STATUS_ID, updateCompanyEndpoint } from "../../contracts/companies.ts";
import { SEARCH_TOO_LONG_MESSAGE } from "../../contracts/list-query.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import {
  createSavedSearchEndpoint,
  deleteSavedSearchEndpoint,
  listSavedSearchesEndpoint,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  SavedSearch,
  SavedSearchList,
} from "../../contracts/saved-searches.ts";
import { buildApp, type AppConfig } from "../../server/app.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { listingEvents, savedSearchAlerts, savedSearches } from "../../server/saved-searches/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { createMailer, type Mailer } from "../../server/mail/mailer.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { processListingEvents, type AlertDeps } from "../../server/saved-searches/alerts.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { callEndpoint, expectMessage, signedInUser, TEST_APP_CONFIG, EVERY_TEST_DATABASE, type CallOptions, type SignedInUser } from "./harness.ts";
import { savedSearchRequest } from "./samples.ts";

const APP_URL = "https://puente.example";
const decodeSaved = Schema.decodeUnknownSync(SavedSearch);
const decodeList = Schema.decodeUnknownSync(SavedSearchList);
const decodeListing = Schema.decodeUnknownSync(CompanyListResponse);

/** company_statuses 'Pausada'. */
const PAUSED_STATUS_ID = 4;
const JALISCO = 14;
const NUEVO_LEON = 19;
const FOOD_AND_DRINKS = 3;
const TECHNOLOGY = 1;

type Person = SignedInUser;

describe.each(EVERY_TEST_DATABASE)("saved searches on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  /** The same database behind a tiny saved_searches limit (2 per window). */
  let limited: FastifyInstance;
  /** The alerts' own mailer: it queues in email_outbox (the apps' workers deliver from there). */
  const mailer = createMailer({ transport: "outbox" });
  let deps: AlertDeps;
  let serial = 0;
  let admin: Person;

  const config = (): AppConfig => ({
    ...TEST_APP_CONFIG,
    appUrl: APP_URL,
    // The tests run the worker themselves; one test starts an app that runs it on its own.
    savedSearchAlertsIntervalMs: 0,
    rateLimits: sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }),
  });

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    deps = { db: handle.db, mailer, appUrl: APP_URL, searchIndex: new SearchIndexSync(handle.db) };
    app = await buildApp({ db: handle.db, config: config() });
    limited = await buildApp({ db: handle.db, config: { ...config(), rateLimits: { ...sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }), saved_searches: { max: 2, windowMs: 60_000 } } } });
    admin = await person(["admin"], "Administración");
  });

  afterAll(async () => {
    await app?.close();
    await limited?.close();
    await handle?.close();
  });

  async function person(roles: CreatedUser["roles"], name?: string): Promise<Person> {
    serial += 1;
    return signedInUser(handle.db, { email: `busca${serial}@ejemplo.mx`, name: name ?? `Persona ${serial}`, roles });
  }

  const call = (endpoint: Endpoint, token: string | undefined, options: CallOptions & { on?: FastifyInstance } = {}) => callEndpoint(options.on ?? app, endpoint, token, options);
  const save = async (buyer: Person, body: unknown) => {
    const response = await call(createSavedSearchEndpoint, buyer.token, { body });
    expect(response.statusCode, response.body).toBe(201);
    return decodeSaved(response.json());
  };
  const listOf = async (buyer: Person) => {
    const response = await call(listSavedSearchesEndpoint, buyer.token);
    expect(response.statusCode, response.body).toBe(200);
    return decodeList(response.json()).items;
  };
  const rowsOf = async (buyer: Person) => handle.db.select().from(savedSearches).where(eq(savedSearches.userId, buyer.id));

  describe("saving, listing and deleting", () => {
    it("a buyer saves the marketplace's filters and text; every filter is answered, null for any", async () => {
      const buyer = await person(["buyer"]);
      const saved = await save(buyer, { name: "  Tortillerías NL  ", filters: { state_id: NUEVO_LEON, industry_id: FOOD_AND_DRINKS, ebitda_id: null }, q: "  tortillas de maíz " });
      expect(saved).toMatchObject({
        name: "Tortillerías NL",
        filters: { state_id: NUEVO_LEON, industry_id: FOOD_AND_DRINKS, sales_range_id: null, interest_id: null, company_type_id: null, verification_level_id: null, ebitda_id: null },
        q: "tortillas de maíz",
        last_alert_at: null,
        alerts_sent: 0,
      });
      const everything = await save(buyer, { name: "Todo lo nuevo" });
      expect(everything.q).toBeNull();
      expect(Object.values(everything.filters).every((value) => value === null)).toBe(true);
      // Newest first; only the caller's own.
      const other = await person(["buyer"]);
      await save(other, savedSearchRequest());
      expect((await listOf(buyer)).map((search) => search.id)).toEqual([everything.id, saved.id]);
      expect((await listOf(other)).map((search) => search.name)).toEqual(["Tortillerías en Nuevo León"]);
    });

    it("refuses the same filters and text twice, however the text is written (409), and writes nothing", async () => {
      const buyer = await person(["buyer"]);
      await save(buyer, { name: "Tecnología en Monterrey", filters: { state_id: NUEVO_LEON }, q: "Tecnología Monterrey" });
      for (const q of ["TECNOLOGIA   monterrey", "tecnología, monterrey!"]) {
        expectMessage(await call(createSavedSearchEndpoint, buyer.token, { body: { name: "Otra vez", filters: { state_id: NUEVO_LEON, industry_id: null }, q } }), 409, SAVED_SEARCH_MESSAGES.duplicate);
      }
      // No text and a text with no word are the same search.
      await save(buyer, { name: "Nuevo León", filters: { state_id: NUEVO_LEON } });
      expectMessage(await call(createSavedSearchEndpoint, buyer.token, { body: { name: "NL otra vez", filters: { state_id: NUEVO_LEON }, q: " ¡¿?! " } }), 409, SAVED_SEARCH_MESSAGES.duplicate);
      expect(await rowsOf(buyer)).toHaveLength(2);
      // Another filter or another word is another search.
      await save(buyer, { name: "Tecnología en Jalisco", filters: { state_id: JALISCO }, q: "tecnologia monterrey" });
      await save(buyer, { name: "Software en Monterrey", filters: { state_id: NUEVO_LEON }, q: "software monterrey" });
      expect(await rowsOf(buyer)).toHaveLength(4);
    });

    it(`keeps at most ${MAX_SAVED_SEARCHES} per buyer (409 past it)`, async () => {
      const buyer = await person(["buyer"]);
      for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) await save(buyer, { name: `Búsqueda ${index}`, q: `palabra${index}` });
      expectMessage(await call(createSavedSearchEndpoint, buyer.token, { body: { name: "Una más", q: "otra" } }), 409, SAVED_SEARCH_MESSAGES.tooManySaved);
      expect(await rowsOf(buyer)).toHaveLength(MAX_SAVED_SEARCHES);
      // Deleting one makes room.
      const [first] = await listOf(buyer);
      expect((await call(deleteSavedSearchEndpoint, buyer.token, { params: { id: first?.id ?? 0 } })).statusCode).toBe(200);
      await save(buyer, { name: "Una más", q: "otra" });
    });

    it("checks every field with the contract's Spanish messages and the catalogues, writing nothing", async () => {
      const buyer = await person(["buyer"]);
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ ...savedSearchRequest(), filters: { state_id: 999 } }, invalidFilterMessage("state_id")],
        [{ ...savedSearchRequest(), filters: { industry_id: 2_147_483_647 } }, invalidFilterMessage("industry_id")],
        [{ ...savedSearchRequest(), filters: { ebitda_id: 0 } }, invalidFilterMessage("ebitda_id")],
        [{ ...savedSearchRequest(), filters: { state_id: "19" } }, invalidFilterMessage("state_id")],
        [{ ...savedSearchRequest(), filters: { interest_id: 1.5 } }, invalidFilterMessage("interest_id")],
        [{ ...savedSearchRequest(), name: "   " }, SAVED_SEARCH_MESSAGES.name],
        [{ filters: {} }, SAVED_SEARCH_MESSAGES.name],
        [{ ...savedSearchRequest(), name: "n".repeat(81) }, SAVED_SEARCH_MESSAGES.nameTooLong],
        [{ ...savedSearchRequest(), q: "q".repeat(101) }, SEARCH_TOO_LONG_MESSAGE],
        [{ ...savedSearchRequest(), name: "a\u0000b" }, "Los datos enviados contienen un carácter no permitido."],
      ];
      for (const [body, message] of cases) expectMessage(await call(createSavedSearchEndpoint, buyer.token, { body }), 400, message);
      expect(await rowsOf(buyer)).toEqual([]);
    });

    it("deletes only the caller's own: someone else's id answers like a missing one", async () => {
      const buyer = await person(["buyer"]);
      const intruder = await person(["buyer"]);
      const saved = await save(buyer, savedSearchRequest());
      expectMessage(await call(deleteSavedSearchEndpoint, intruder.token, { params: { id: saved.id } }), 404, SAVED_SEARCH_MESSAGES.notFound);
      expect(await rowsOf(buyer)).toHaveLength(1);
      const deleted = await call(deleteSavedSearchEndpoint, buyer.token, { params: { id: saved.id } });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ id: saved.id });
      expect(await rowsOf(buyer)).toEqual([]);
      expectMessage(await call(deleteSavedSearchEndpoint, buyer.token, { params: { id: saved.id } }), 404, SAVED_SEARCH_MESSAGES.notFound);
      expectMessage(await call(deleteSavedSearchEndpoint, buyer.token, { params: { id: "abc" } }), 400, SAVED_SEARCH_MESSAGES.notFound);
    });

    it("buyers only: sellers and admins 403 with the contract's message, no session 401, a deactivated buyer 403", async () => {
      const seller = await person(["seller"]);
      const buyer = await person(["buyer"]);
      const saved = await save(buyer, savedSearchRequest());
      const deactivated = await person(["buyer"]);
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deactivated.id));
      const attempts: ReadonlyArray<(token: string | undefined) => Promise<LightMyRequestResponse>> = [
        (token) => call(listSavedSearchesEndpoint, token),
        (token) => call(createSavedSearchEndpoint, token, { body: savedSearchRequest() }),
        (token) => call(deleteSavedSearchEndpoint, token, { params: { id: saved.id } }),
      ];
      for (const attempt of attempts) {
        for (const caller of [seller, admin]) expectMessage(await attempt(caller.token), 403, SAVED_SEARCH_MESSAGES.notBuyer);
        expectMessage(await attempt(undefined), 401, MESSAGES.authRequired);
        expectMessage(await attempt(deactivated.token), 403, MESSAGES.deactivated);
      }
      expect(await rowsOf(buyer)).toHaveLength(1);
      // A seller who also buys is a buyer.
      const both = await person(["seller", "buyer"]);
      await save(both, savedSearchRequest());
    });

    it("counts saves and deletions per buyer (429 with the contract's message)", async () => {
      const buyer = await person(["buyer"]);
      const other = await person(["buyer"]);
      const first = await call(createSavedSearchEndpoint, buyer.token, { body: savedSearchRequest("Uno", "uno"), on: limited });
      expect(first.statusCode).toBe(201);
      expect((await call(deleteSavedSearchEndpoint, buyer.token, { params: { id: decodeSaved(first.json()).id }, on: limited })).statusCode).toBe(200);
      const refused = await call(createSavedSearchEndpoint, buyer.token, { body: savedSearchRequest("Dos", "dos"), on: limited });
      expectMessage(refused, 429, SAVED_SEARCH_MESSAGES.tooMany);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(await rowsOf(buyer)).toEqual([]);
      // Reading is not counted, nor is another buyer.
      expect((await call(listSavedSearchesEndpoint, buyer.token, { on: limited })).statusCode).toBe(200);
      expect((await call(createSavedSearchEndpoint, other.token, { body: savedSearchRequest(), on: limited })).statusCode).toBe(201);
    });
  });

  describe("the alerts", () => {
    /** The saved-search alerts e-mailed to `email` (sellers also get the publication notice). */
    const mailsTo = async (email: string) =>
      (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(asc(emailOutbox.id))).filter((mail) => mail.subject.startsWith("Nueva empresa en Puente"));
    /** Run the worker until the queue is empty (as the app does every interval). */
    const drain = async () => {
      let events = 0;
      for (;;) {
        const run = await processListingEvents(deps, new Date(), 5);
        events += run.events;
        if (run.events === 0) return events;
      }
    };
    // Each test starts from an empty queue and only its own saved searches (earlier tests' would match too).
    beforeEach(async () => {
      await drain();
      await handle.db.delete(savedSearches);
    });

    /** A seller's company as sellers register them: unpublished, so only the admin's publication lists it. */
    const sellersCompany = async (seller: Person, input: Partial<CreateCompanyInput> & { readonly name: string }) =>
      createCompany(handle.db, {
        ownerUserId: seller.id,
        isPublished: false,
        shortDescription: `${input.name} produce tortillas de maíz nixtamalizado en Monterrey y las distribuye en el norte del país.`,
        stateId: NUEVO_LEON,
        industryIds: [FOOD_AND_DRINKS],
        interestIds: [1],
        verificationLevelId: 2,
        ...input,
      });
    /** The admin's PUT /companies/{id} with a status: 'Publicada' lists the company, 'Pausada' unlists it. */
    const setStatus = async (companyId: number, statusId: number) => {
      const response = await call(updateCompanyEndpoint, admin.token, { params: { id: companyId }, body: { company_status_id: statusId } });
      expect(response.statusCode, response.body).toBe(200);
      await app.backgroundIdle();
    };
    const publish = (companyId: number) => setStatus(companyId, PUBLISHED_COMPANY_STATUS_ID);
    const unpublish = (companyId: number) => setStatus(companyId, PAUSED_STATUS_ID);
    /** Whether GET /companies finds the company with this search, as a visitor would. */
    const marketplaceFinds = async (q: string, companyId: number) => {
      const searched = await call(listCompaniesEndpoint, undefined, { query: { q, per_page: "48" } });
      expect(searched.statusCode, searched.body).toBe(200);
      return decodeListing(searched.json()).items.some((card) => card.id === companyId);
    };

    it("a published company is e-mailed once to each buyer whose search matches it, typos and accents included, naming the search and never the company", async () => {
      const seller = await person(["seller"], "Vendedora Quimera");
      const exact = await person(["buyer"], "Compradora Exacta");
      const typos = await person(["buyer"], "Comprador Tecleado");
      const twice = await person(["buyer"], "Compradora Doble");
      const elsewhere = await person(["buyer"], "Comprador Jalisco");
      const otherWords = await person(["buyer"], "Compradora Software");
      const gone = await person(["buyer"], "Comprador Desactivado");
      await save(exact, { name: "Tortillerías NL", filters: { state_id: NUEVO_LEON, industry_id: FOOD_AND_DRINKS }, q: "tortillas" });
      // Typos and missing accents, as the marketplace forgives them.
      const typoSearch = await save(typos, { name: "Con errores", q: "tortilas nixtamalisado monterey" });
      await save(twice, { name: "Alimentos", filters: { industry_id: FOOD_AND_DRINKS } });
      await save(twice, { name: "Maíz en Nuevo León", filters: { state_id: NUEVO_LEON }, q: "MAÍZ" });
      await save(elsewhere, { name: "Tortillas en Jalisco", filters: { state_id: JALISCO }, q: "tortillas" });
      await save(otherWords, { name: "Software", filters: { industry_id: FOOD_AND_DRINKS }, q: "software" });
      await save(otherWords, { name: "Tecnología", filters: { industry_id: TECHNOLOGY } });
      await save(gone, { name: "Todo", filters: {} });
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

      const company = await sellersCompany(seller, { name: "Tortillería Quimera Secreta" });
      // Saved searches see only what is listed.
      expect(await drain()).toBe(0);
      await publish(company.id);
      const run = await processListingEvents(deps, new Date(), 10);
      expect(run).toMatchObject({ events: 1, alerts: 4, emails: 3 });

      const [mail, ...more] = await mailsTo(exact.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Nueva empresa en Puente que coincide con tu búsqueda «Tortillerías NL»");
      expect(mail?.textBody).toContain("Hola, Compradora Exacta:");
      expect(mail?.textBody).toContain(`Referencia: ${company.humanId}`);
      expect(mail?.textBody).toContain("Estado: Nuevo León");
      expect(mail?.textBody).toContain("Industria: Alimentos y bebidas");
      expect(mail?.textBody).toContain("Descripción: La empresa produce tortillas de maíz nixtamalizado en Monterrey");
      expect(mail?.textBody).toContain(`${APP_URL}/perfil-de-negocio/${company.id}`);
      expect(mail?.htmlBody).toContain(`${APP_URL}/perfil-de-negocio/${company.id}`);
      for (const body of [mail?.textBody, mail?.htmlBody, mail?.subject]) expect(body).not.toMatch(/Quimera/i);

      expect(await mailsTo(typos.email)).toHaveLength(1);
      // One e-mail for two matching searches, naming both.
      const [both, ...again] = await mailsTo(twice.email);
      expect(again).toEqual([]);
      expect(both?.subject).toBe("Nueva empresa en Puente que coincide con 2 de tus búsquedas guardadas");
      expect(both?.textBody).toContain("«Alimentos» y «Maíz en Nuevo León»");
      for (const nobody of [elsewhere, otherWords, gone, seller]) expect(await mailsTo(nobody.email)).toEqual([]);

      // The same matching as GET /companies: the typed search finds it there too; the others' do not.
      expect(await marketplaceFinds("tortilas nixtamalisado monterey", company.id)).toBe(true);
      expect(await marketplaceFinds("software", company.id)).toBe(false);

      // The searches say what they sent.
      const [counted] = (await listOf(typos)).filter((search) => search.id === typoSearch.id);
      expect(counted?.alerts_sent).toBe(1);
      expect(counted?.last_alert_at).not.toBeNull();
      expect((await listOf(elsewhere))[0]?.alerts_sent).toBe(0);
      expect(await handle.db.select().from(listingEvents).where(isNull(listingEvents.processedAt))).toEqual([]);
    });

    it("matches a saved text through the marketplace's index: a transposed letter, a prefix and a missing accent alert; a word the listing lacks does not", async () => {
      const seller = await person(["seller"]);
      const transposed = await person(["buyer"], "Compradora Transpuesta");
      const prefix = await person(["buyer"], "Comprador Prefijo");
      const missing = await person(["buyer"], "Compradora Exigente");
      await save(transposed, { name: "Despachos", q: "desapcho" });
      await save(prefix, { name: "Auditoría", q: "audito guadalajara" });
      await save(missing, { name: "Despachos de tortillas", q: "desapcho tortillas" });
      const company = await sellersCompany(seller, {
        name: "Despacho Contable Orión",
        shortDescription: "Despacho de contabilidad y auditoría para empresas familiares en Guadalajara.",
        stateId: JALISCO,
        industryIds: [TECHNOLOGY],
      });
      await publish(company.id);
      expect(await processListingEvents(deps, new Date(), 10)).toMatchObject({ events: 1, deferred: 0, alerts: 2, emails: 2 });
      expect(await mailsTo(transposed.email)).toHaveLength(1);
      expect(await mailsTo(prefix.email)).toHaveLength(1);
      expect(await mailsTo(missing.email)).toEqual([]);
      // As GET /companies answers the same texts.
      expect(await marketplaceFinds("desapcho", company.id)).toBe(true);
      expect(await marketplaceFinds("audito guadalajara", company.id)).toBe(true);
      expect(await marketplaceFinds("desapcho tortillas", company.id)).toBe(false);
    });

    it("leaves for the next run a listing its process's index does not have yet, and alerts it then", async () => {
      const seller = await person(["seller"]);
      const buyer = await person(["buyer"]);
      await save(buyer, { name: "Tortillas", q: "tortillas" });
      const company = await sellersCompany(seller, { name: "Molino Rezagado" });
      // An index as a process has it when its version was read just before the listing committed.
      const behind = await new SearchIndexSync(handle.db).at(0);
      await publish(company.id);
      expect(behind.has(company.id)).toBe(false);
      const run = await processListingEvents({ ...deps, searchIndex: { at: async () => behind } }, new Date(), 10);
      expect(run).toMatchObject({ events: 0, deferred: 1, alerts: 0, emails: 0 });
      expect((await handle.db.select().from(listingEvents).where(eq(listingEvents.companyId, company.id))).map((event) => event.processedAt)).toEqual([null]);
      expect(await mailsTo(buyer.email)).toEqual([]);
      // The next run's index is up to date.
      expect(await processListingEvents(deps, new Date(), 10)).toMatchObject({ events: 1, deferred: 0, alerts: 1, emails: 1 });
      expect(await mailsTo(buyer.email)).toHaveLength(1);
    });

    it("never e-mails the same listing twice: not on the next run, not after it is unpublished and published again", async () => {
      const seller = await person(["seller"]);
      const buyer = await person(["buyer"]);
      const search = await save(buyer, { name: "Tortillas", q: "tortillas" });
      const company = await sellersCompany(seller, { name: "Molino Repetido" });
      await publish(company.id);
      expect(await drain()).toBe(1);
      expect(await drain()).toBe(0);
      await unpublish(company.id);
      await publish(company.id);
      // A new event for the new listing, matched again, recorded already.
      expect(await drain()).toBe(1);
      expect(await mailsTo(buyer.email)).toHaveLength(1);
      const [row] = await handle.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
      expect(row?.alertsSent).toBe(1);
    });

    it("skips a company unlisted again before the run, and the company's own owner", async () => {
      const sellerWhoBuys = await person(["seller", "buyer"]);
      const buyer = await person(["buyer"]);
      await save(buyer, { name: "Tortillas", q: "tortillas" });
      await save(sellerWhoBuys, { name: "Tortillas", q: "tortillas" });
      const company = await sellersCompany(sellerWhoBuys, { name: "Molino Fugaz" });
      await publish(company.id);
      await unpublish(company.id);
      expect(await drain()).toBe(1);
      expect(await mailsTo(buyer.email)).toEqual([]);
      // Listed again: now the buyer hears of it, never its owner.
      await publish(company.id);
      expect(await drain()).toBe(1);
      expect(await mailsTo(buyer.email)).toHaveLength(1);
      expect(await mailsTo(sellerWhoBuys.email)).toEqual([]);
    });

    it("a search saved or deleted before a run is what that run uses", async () => {
      const seller = await person(["seller"]);
      const early = await person(["buyer"]);
      const late = await person(["buyer"]);
      const quitter = await person(["buyer"]);
      await save(early, { name: "Tortillas", q: "tortillas" });
      const dropped = await save(quitter, { name: "Tortillas", q: "tortillas" });
      const first = await sellersCompany(seller, { name: "Molino Uno" });
      await publish(first.id);
      // Saved after the listing but before the run: the run sees it.
      await save(late, { name: "Maíz", q: "maiz" });
      expect((await call(deleteSavedSearchEndpoint, quitter.token, { params: { id: dropped.id } })).statusCode).toBe(200);
      await drain();
      expect(await mailsTo(early.email)).toHaveLength(1);
      expect(await mailsTo(late.email)).toHaveLength(1);
      expect(await mailsTo(quitter.email)).toEqual([]);
    });

    it("two workers running at once never send the same alert twice", async () => {
      const seller = await person(["seller"]);
      const buyers = [await person(["buyer"]), await person(["buyer"]), await person(["buyer"])];
      for (const buyer of buyers) await save(buyer, { name: "Tortillas", q: "tortillas" });
      const made = [];
      for (let index = 0; index < 4; index += 1) made.push(await sellersCompany(seller, { name: `Molino Concurrente ${index}` }));
      for (const company of made) await publish(company.id);
      // The first one twice more: three events of one company in the queue.
      const [firstCompany] = made;
      if (firstCompany === undefined) throw new Error("no company");
      for (let round = 0; round < 2; round += 1) {
        await unpublish(firstCompany.id);
        await publish(firstCompany.id);
      }
      const pending = await handle.db.select({ n: count() }).from(listingEvents).where(isNull(listingEvents.processedAt));
      expect(pending[0]?.n).toBe(6);

      // Small batches, several workers at once, until the queue is empty.
      let taken = 0;
      for (;;) {
        const runs = await Promise.all([1, 2, 3].map(() => processListingEvents(deps, new Date(), 1)));
        taken += runs.reduce((sum, run) => sum + run.events, 0);
        if (runs.every((run) => run.events === 0)) break;
      }
      expect(taken).toBe(6);
      for (const buyer of buyers) {
        const subjects = (await mailsTo(buyer.email)).map((mail) => mail.subject);
        expect(subjects).toHaveLength(made.length);
      }
      const alerts = await handle.db
        .select({ n: count() })
        .from(savedSearchAlerts)
        .where(inArray(savedSearchAlerts.savedSearchId, (await handle.db.select({ id: savedSearches.id }).from(savedSearches).where(inArray(savedSearches.userId, buyers.map((buyer) => buyer.id)))).map((row) => row.id)));
      expect(alerts[0]?.n).toBe(made.length * buyers.length);
      const searches = await handle.db.select().from(savedSearches).where(inArray(savedSearches.userId, buyers.map((buyer) => buyer.id)));
      expect(searches.map((search) => search.alertsSent)).toEqual(buyers.map(() => made.length));
    });

    it("the e-mails are queued in the batch's transaction: a batch that cannot queue one records nothing, and the next run does it whole", async () => {
      const seller = await person(["seller"]);
      const unlucky = await person(["buyer"]);
      const lucky = await person(["buyer"]);
      await save(unlucky, { name: "Tortillas", q: "tortillas" });
      await save(lucky, { name: "Tortillas", q: "tortillas" });
      const company = await sellersCompany(seller, { name: "Molino Accidentado" });
      await publish(company.id);
      const failing: Mailer = {
        transport: "outbox",
        enqueue: async (tx, message) => {
          if (message.to === unlucky.email) throw new Error("la bandeja de salida no responde");
          await mailer.enqueue(tx, message);
        },
      };
      await expect(processListingEvents({ ...deps, mailer: failing }, new Date(), 10)).rejects.toThrow("la bandeja de salida no responde");
      expect(await mailsTo(lucky.email)).toEqual([]);
      expect((await handle.db.select().from(listingEvents).where(eq(listingEvents.companyId, company.id))).map((event) => event.processedAt)).toEqual([null]);
      expect(await handle.db.select().from(savedSearchAlerts).where(eq(savedSearchAlerts.companyId, company.id))).toEqual([]);

      expect(await processListingEvents(deps, new Date(), 10)).toMatchObject({ events: 1, alerts: 2, emails: 2 });
      expect(await mailsTo(lucky.email)).toHaveLength(1);
      expect(await mailsTo(unlucky.email)).toHaveLength(1);
    });

    it("the app runs the worker on its own every interval, and stops it when it closes", async () => {
      const running = await buildApp({ db: handle.db, config: { ...config(), savedSearchAlertsIntervalMs: 40 } });
      try {
        const seller = await person(["seller"]);
        const buyer = await person(["buyer"]);
        await save(buyer, { name: "Tortillas", q: "tortillas" });
        const company = await sellersCompany(seller, { name: "Molino Automático" });
        await publish(company.id);
        const deadline = Date.now() + 10_000;
        while ((await mailsTo(buyer.email)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await mailsTo(buyer.email)).toHaveLength(1);
      } finally {
        await running.close();
      }
      // Closed: a new listing waits in the queue for the next process.
      const seller = await person(["seller"]);
      const company = await sellersCompany(seller, { name: "Molino Pendiente" });
      await publish(company.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const waiting = await handle.db.select().from(listingEvents).where(eq(listingEvents.companyId, company.id));
      expect(waiting.map((event) => event.processedAt)).toEqual([null]);
    });
  });
});
