import { eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyRecord } from "../../contracts/companies.ts";
import { getCompanyRecordEndpoint, updateCompanyEndpoint } from "../../contracts/companies.ts";
import { CONTACT_MASK, confidentialSearchText, foldText, maskConfidentialText, namePattern, postgresPattern } from "../../contracts/confidential-text.ts";
import { AccessRequest, createAccessRequestEndpoint, decideAccessRequestEndpoint, getAccessRequestEndpoint } from "../../contracts/deal-room.ts";
import { CompanyListResponse, CompanyProfileView, getCompanyEndpoint, listCompaniesEndpoint } from "../../contracts/marketplace.ts";
import { createSavedSearchEndpoint } from "../../contracts/saved-searches.ts";
import type { Role } from "../../contracts/sessions.ts";
import { NDA_VERSIONS, currentNda } from "../../content/nda.ts";
import { buyerProfiles } from "../../server/accounts/schema.ts";
import { buildApp } from "../../server/app.ts";
import { users } from "../../server/auth/schema.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { rowsOf, textOf } from "../../server/db/rows.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { createMailer, type MailMessage, type Mailer } from "../../server/mail/mailer.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { processListingEvents } from "../../server/saved-searches/alerts.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { EVERY_TEST_DATABASE, TEST_APP_CONFIG, callEndpoint, signedInUser, type SignedInUser } from "./harness.ts";
import { accessRequestBody } from "./samples.ts";

// The confidential text guard (docs/decisions/030) through the real API and
// the real triggers: a seller writes the company's name with a bypass
// (no accent, other case, double or non-breaking spaces, decomposed
// accents, zero-width characters) or a contact detail (e-mails, phones,
// web addresses) into the descriptions. Every public projection (the
// profile, the cards, the search, the saved-search alert e-mails, the
// access requests) shows it masked; the search finds nobody by those
// strings; the owner, admins and an approved buyer get the text as written.
// Also: PostgreSQL's functions (migration 0023) fold and mask exactly as the
// shared module does, on both databases.

const decodeProfile = Schema.decodeUnknownSync(CompanyProfileView);
const decodeList = Schema.decodeUnknownSync(CompanyListResponse);
const decodeRecord = Schema.decodeUnknownSync(CompanyRecord);
const decodeRequest = Schema.decodeUnknownSync(AccessRequest);

const NUEVO_LEON = 19;
const M = CONTACT_MASK;

interface Case {
  /** What the case proves. */
  readonly label: string;
  readonly names: Pick<CreateCompanyInput, "name" | "legalName" | "comercialName">;
  /** Goes into both descriptions; must never reach the public. */
  readonly secret: string;
  /** How the public reads `secret`. */
  readonly masked: string;
  /** A word only this company's text has: the search must find it by this (the control). */
  readonly fruit: string;
  /** Searches that must find nothing: the bypassed spelling, the words of the secret. */
  readonly searches: ReadonlyArray<string>;
}

/** A name written the way a seller might, to be masked as "la empresa". */
const nameCase = (label: string, name: string, written: string, fruit: string, searches: ReadonlyArray<string>, extra: Partial<Case["names"]> = {}): Case => ({
  label,
  names: { name, legalName: null, comercialName: null, ...extra },
  secret: written,
  masked: "la empresa",
  fruit,
  searches: [written, ...searches],
});

/** A contact detail, to be masked as "[dato de contacto oculto]". */
const contactCase = (label: string, name: string, written: string, fruit: string, searches: ReadonlyArray<string>): Case => ({
  label,
  names: { name, legalName: null, comercialName: null },
  secret: written,
  masked: M,
  fruit,
  searches,
});

const CASES: ReadonlyArray<Case> = [
  nameCase("no accent", "Clínica Tlalocan Sonrisa", "Clinica Tlalocan Sonrisa", "pitahaya", ["tlalocan"]),
  nameCase("another case", "Aceros Mixcoatl", "ACEROS mixcoatl", "guanabana", ["mixcoatl"]),
  nameCase("double space", "Textiles Quetzalia", "Textiles  Quetzalia", "tejocote", ["quetzalia"]),
  nameCase("non-breaking space", "Muebles Xochiquetzal", "Muebles\u00a0Xochiquetzal", "capulin", ["xochiquetzal", "Muebles Xochiquetzal"]),
  nameCase("decomposed accents (NFD)", "Panadería Tonantzín", "Panadería Tonantzín".normalize("NFD"), "chicozapote", ["tonantzin", "Panadería Tonantzín"]),
  nameCase("zero-width joiner", "Logística Citlalmina", "Logís\u200dtica Citlal\u200dmina", "nanche", ["citlalmina", "Logística Citlalmina"]),
  nameCase("zero-width characters instead of spaces", "Granja Tepeyolotl", "Granja\u200dTepeyolotl", "tamarindo", ["tepeyolotl", "GranjaTepeyolotl"]),
  nameCase("legal name without its dots", "Huertos del Norte", "Huertos Coyolxauhqui SA de CV", "jicama", ["coyolxauhqui"], {
    legalName: "Huertos Coyolxauhqui S.A. de C.V.",
  }),
  nameCase("commercial name without accent, double space", "Bebidas del Bajío", "Cafe  Ehecatl", "guayaba", ["ehecatl", "Café Ehecatl"], { comercialName: "Café Ehécatl" }),
  contactCase("e-mail", "Servicios Tezcatl", "ventas@huitzilin.mx", "ciruela", ["huitzilin", "ventas@huitzilin.mx"]),
  contactCase("e-mail spelled out", "Servicios Tonatiuh", "ventas arroba yaotl punto com", "zapote", ["yaotl"]),
  contactCase("phone, 10 digits", "Servicios Omecihuatl", "8144556677", "mamey", ["8144556677"]),
  contactCase("phone with spaces", "Servicios Chantico", "81 4455 6688", "papaya", ["4455", "6688", "81 4455 6688"]),
  contactCase("phone with parentheses and dash", "Servicios Xilonen", "(33) 4455-6699", "arandano", ["4455", "6699"]),
  contactCase("phone with +52 and dots", "Servicios Itzpapalotl", "+52 1 55.4455.6600", "frambuesa", ["4455", "6600", "5544556600"]),
  contactCase("website with scheme", "Servicios Mictlan", "https://www.tlazolteotl.com.mx/precios", "zarzamora", ["tlazolteotl", "precios"]),
  contactCase("website without scheme", "Servicios Coatlicue", "www.xiuhtecuhtli.mx", "toronja", ["xiuhtecuhtli"]),
  contactCase("bare domain", "Servicios Chalchiuh", "nubecontablechalchi.mx", "mandarina", ["nubecontablechalchi"]),
];

const shortOf = (item: Case) => `${item.secret} cultiva ${item.fruit} en Monterrey.`;
const longOf = (item: Case) => `Desde 1998, vende ${item.fruit}; escribe a ${item.secret}. Más sobre ${item.secret} en la reunión.`;
const maskedShort = (item: Case) => `${item.masked === "la empresa" ? "La empresa" : item.masked} cultiva ${item.fruit} en Monterrey.`;
const maskedLong = (item: Case) => `Desde 1998, vende ${item.fruit}; escribe a ${item.masked}. Más sobre ${item.masked} en la reunión.`;

describe.each(EVERY_TEST_DATABASE)("confidential text on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const mails: MailMessage[] = [];
  // The app delivers through this transport what the alerts queue through `mailer`.
  const mailTransport: MailTransport = { kind: "outbox", deliver: async (message) => void mails.push(message) };
  const mailer: Mailer = createMailer({ transport: "outbox" });
  const ids = new Map<Case, number>();
  const people = {} as Record<"owner" | "admin" | "approved" | "pending", SignedInUser>;
  let serial = 0;

  const person = async (label: string, roles: ReadonlyArray<Role>): Promise<SignedInUser> => {
    serial += 1;
    const user = await signedInUser(handle.db, { email: `${label}.${serial}@confidencial.ejemplo.mx`, name: `${label} ${serial}`, roles });
    if (roles.includes("buyer")) {
      await handle.db.insert(buyerProfiles).values({ userId: user.id, buyerDescriptionId: 1, stateId: NUEVO_LEON, investmentDescriptionSummary: "Servicios en el norte", investmentSizeId: 2 });
      await handle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    }
    return user;
  };

  const idOf = (item: Case): number => {
    const id = ids.get(item);
    if (id === undefined) throw new Error(`no company for ${item.label}`);
    return id;
  };
  const ok = <T>(response: LightMyRequestResponse, decode: (value: unknown) => T, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return decode(response.json());
  };
  const profileOf = async (item: Case, who?: SignedInUser) => ok(await callEndpoint(app, getCompanyEndpoint, who?.token, { params: { id: idOf(item) } }), decodeProfile);
  const listing = async (query: Readonly<Record<string, string>>) => ok(await callEndpoint(app, listCompaniesEndpoint, undefined, { query: { per_page: "48", ...query } }), decodeList);
  /** The companies a search finds through the API (the in-memory index), by id. */
  const found = async (q: string): Promise<ReadonlyArray<number>> => (await listing({ q })).items.map((card) => card.id).toSorted((a, b) => a - b);

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    people.owner = await person("vendedora", ["seller"]);
    people.admin = await person("admin", ["admin"]);
    people.approved = await person("aprobada", ["buyer"]);
    people.pending = await person("pendiente", ["buyer"]);
    app = await buildApp({
      db: handle.db,
      config: { ...TEST_APP_CONFIG, mailTransport, ndaVersions: [...NDA_VERSIONS], rateLimits: sameLimitForEveryBucket({ max: 100_000, windowMs: 60_000 }) },
    });
    // Two saved searches made before the companies are listed: everything, and one typing a bypassed name.
    for (const body of [
      { name: "Todo", filters: {} },
      { name: "Por nombre", filters: {}, q: "Clinica Tlalocan Sonrisa" },
    ]) {
      expect((await callEndpoint(app, createSavedSearchEndpoint, people.pending.token, { body })).statusCode).toBe(201);
    }
    for (const item of CASES) {
      const created = await createCompany(handle.db, {
        ...item.names,
        ownerUserId: people.owner.id,
        contactName: "Vendedora",
        contactEmail: people.owner.email,
        isPublished: true,
        isActive: true,
        verificationLevelId: 2,
        stateId: NUEVO_LEON,
        shortDescription: shortOf(item),
        longDescription: longOf(item),
        industryIds: [1],
        interestIds: [1],
      });
      ids.set(item, created.id);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("the public profile shows every bypassed name and contact detail masked, to visitors and to buyers without access", async () => {
    for (const item of CASES) {
      for (const who of [undefined, people.pending]) {
        const profile = await profileOf(item, who);
        expect([profile.short_description, profile.long_description], item.label).toEqual([maskedShort(item), maskedLong(item)]);
        expect(profile.confidential, item.label).toBeNull();
      }
    }
  });

  it("the marketplace cards show the short description masked", async () => {
    const { items } = await listing({});
    for (const item of CASES) {
      expect(items.find((card) => card.id === idOf(item))?.short_description, item.label).toBe(maskedShort(item));
    }
  });

  it("the search finds no company by a bypassed name or a contact detail, and still finds each by its own words", async () => {
    for (const item of CASES) {
      expect(await found(item.fruit), `${item.label}: ${item.fruit}`).toEqual([idOf(item)]);
      for (const q of item.searches) expect(await found(q), `${item.label}: ${JSON.stringify(q)}`).toEqual([]);
      const [row] = rowsOf(await handle.db.execute(sql`SELECT search_vector::text AS document FROM company_search WHERE company_id = ${idOf(item)}`));
      const document = row === undefined ? "" : textOf(row, "document");
      // Neither the secret's words nor the masks' words ("empresa", "dato", "contacto", "oculto") are in the document.
      for (const word of [...foldText(item.secret).split(/[^a-z0-9]+/), "empres", "dat", "contact", "ocult"].filter((word) => word.length >= 3).map((word) => word.slice(0, 5))) {
        expect(document, `${item.label}: ${word}`).not.toContain(`'${word}`);
      }
    }
  });

  it("the saved-search alerts describe each new listing masked, and a search by a bypassed name alerts nobody", async () => {
    for (;;) {
      const run = await processListingEvents({ db: handle.db, mailer, appUrl: "http://puente.test", searchIndex: new SearchIndexSync(handle.db) }, new Date(), 50);
      if (run.events === 0) break;
    }
    await app.backgroundIdle();
    await app.deliverDueMail();
    const alerts = mails.filter((mail) => mail.to === people.pending.email && mail.subject.startsWith("Nueva empresa en Puente"));
    expect(alerts).toHaveLength(CASES.length);
    for (const mail of alerts) expect(mail.subject).toContain("«Todo»");
    for (const item of CASES) {
      const mail = alerts.find((alert) => alert.text.includes(maskedShort(item)));
      expect(mail, item.label).toBeDefined();
      for (const body of [mail?.text ?? "", mail?.html ?? ""]) expect(body, item.label).not.toContain(item.secret);
    }
  });

  it("the owner, admins and an approved buyer read the text as written; a pending request shows it masked", async () => {
    const [item] = CASES;
    if (item === undefined) throw new Error("no case");
    const version = currentNda(NDA_VERSIONS).version;
    const asked = ok(await callEndpoint(app, createAccessRequestEndpoint, people.approved.token, { params: { id: idOf(item) }, body: accessRequestBody(version) }), decodeRequest, 201);
    const pending = ok(await callEndpoint(app, createAccessRequestEndpoint, people.pending.token, { params: { id: idOf(item) }, body: accessRequestBody(version) }), decodeRequest, 201);
    ok(await callEndpoint(app, decideAccessRequestEndpoint, people.owner.token, { params: { id: asked.id }, body: { status: "approved" } }), decodeRequest);

    for (const who of [people.owner, people.admin, people.approved]) {
      const profile = await profileOf(item, who);
      expect(profile.confidential?.short_description).toBe(shortOf(item));
      expect(profile.confidential?.long_description).toBe(longOf(item));
      // The public part stays masked for everyone (an admin in Incognito shows it).
      expect(profile.short_description).toBe(maskedShort(item));
    }
    for (const who of [people.owner, people.admin]) {
      const record = ok(await callEndpoint(app, getCompanyRecordEndpoint, who.token, { params: { id: idOf(item) } }), decodeRecord);
      expect([record.short_description, record.long_description]).toEqual([shortOf(item), longOf(item)]);
    }
    // The access request's company part is the public card's, for every party.
    for (const [id, who] of [
      [pending.id, people.pending],
      [asked.id, people.approved],
      [pending.id, people.owner],
    ] as const) {
      expect(ok(await callEndpoint(app, getAccessRequestEndpoint, who.token, { params: { id } }), decodeRequest).company.short_description).toBe(maskedShort(item));
    }
  });

  it("an edit is masked and dropped from the search at once, however long and adversarial the text", async () => {
    const item = CASES.at(-1);
    if (item === undefined) throw new Error("no case");
    const short = "Ahora: Servicios\u00a0CHALCHIUH, ventas@ixchel.mx y 55 4455 6611.";
    const long = `${"1 a. @ ".repeat(1400)}Fin.`.slice(0, 10_000);
    // The seller writes the short description; the long one is an admin's field.
    for (const [who, body] of [
      [people.owner, { short_description: short }],
      [people.admin, { long_description: long }],
    ] as const) {
      const update = await callEndpoint(app, updateCompanyEndpoint, who.token, { params: { id: idOf(item) }, body });
      expect(update.statusCode, update.body).toBe(200);
    }
    const profile = await profileOf(item);
    expect(profile.short_description).toBe(`Ahora: la empresa, ${M} y ${M}.`);
    expect(profile.long_description).toBe(maskConfidentialText(long, [item.names.name ?? null]));
    for (const q of ["chalchiuh", "ixchel", "4455 6611", item.fruit]) expect(await found(q), q).toEqual([]);
  });

  describe("PostgreSQL's functions (migration 0023) and the shared module", () => {
    const NAMES = ["Nube Contable", "Nube Contable S.A. de C.V.", "(ABC)+", "-ÉÚ-", "{a|b}/c", "x", "[xy]^$.*?\\", "Clínica Tlalocan Sonrisa"];
    const TEXTS = [
      ...CASES.flatMap((item) => [shortOf(item), longOf(item)]),
      "Nube Contable S.A. de C.V. nació en 2010. Hoy NUBE CONTABLE atiende a 300 clientes.",
      "Somos nube contable, nube  contable, Nube\u00a0Contable, Nu\u0301be Contable, Nube\u200dContable y NubeContable.",
      "Escríbenos a ventas@nubecontable.mx o al 55 1234 5678, (55) 1234-5678, +52 1 55 1234 5678, 55.1234.5678, 5512345678.",
      "Visita https://nube.example.mx/precios, www.nubecontable.mx o nubecontable.com.mx. También nubecontable punto com.",
      "Ventas por $1.250.000.000 en 2010-2015-2020; margen 18.5%; S.A. de C.V.; p.ej. clientes.La empresa",
      "Síguenos en @nubecontable; ventas arroba nube punto mx; juan [at] nube [dot] mx «www.x.mx» (tel. 33–1234–5678)",
      "Somos (ABC)+ y ab. Hecho por -ÉÚ- y {a|b}/c y [xy]^$.*?\\. ＮＵＢＥ　ＣＯＮＴＡＢＬＥ ５５１２３４５６７８ ﬁnanzas ½ ÆSIR ß",
      "\u00adClí\u200bnica\u2060 Tlalocan\u202f\u202fSONRISA\u0301\n\ttab\u3000fin \u{e0041}",
      "a.".repeat(2000),
      "1 ".repeat(2000),
      "http://".repeat(300),
      "",
    ];
    const names = sql`ARRAY[${sql.join(
      NAMES.map((name) => sql`${name}`),
      sql`, `,
    )}]::text[]`;

    it("fold and mask a text exactly as the module does", async () => {
      for (const text of TEXTS) {
        const [row] = rowsOf(await handle.db.execute(sql`SELECT public.fold_confidential_text(${text}) AS folded, public.confidential_search_text(${text}, ${names}) AS searched`));
        expect(row?.["folded"], JSON.stringify(text.slice(0, 80))).toBe(foldText(text));
        expect(row?.["searched"], JSON.stringify(text.slice(0, 80))).toBe(confidentialSearchText(text, NAMES));
      }
    });

    it("build the same pattern for each name", async () => {
      for (const name of NAMES) {
        const [row] = rowsOf(await handle.db.execute(sql`SELECT public.confidential_name_pattern(${name}) AS pattern`));
        const pattern = namePattern(name);
        expect(row?.["pattern"], name).toBe(pattern === null ? null : postgresPattern(pattern));
      }
    });
  });
});
