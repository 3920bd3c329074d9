import { desc, eq } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyListResponse, CompanyProfileView } from "../../contracts/marketplace.ts";
import { CompanyRecord, DashboardCompanyList } from "../../contracts/companies.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import type { Role } from "../../contracts/sessions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { companies, companyIndustries } from "../../server/companies/schema.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { interestMessages } from "../../server/marketplace/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { EVERY_TEST_DATABASE, TEST_JWT_SECRET, sessionTokenFor } from "./harness.ts";

// Catalogue ids (server/seed/catalogue-data.ts): industries 1 Tecnología,
// 2 Manufactura, 5 Salud; interests 1 growth capital, 3 sell 100%; state 19
// Nuevo León, 14 Jalisco; company types 1 moral, 2 física.
const TECNOLOGIA = 1;
const MANUFACTURA = 2;
const SALUD = 5;
const NUEVO_LEON = 19;
const JALISCO = 14;

/** Every key a visitor or buyer must never receive, at any depth. */
const FORBIDDEN_KEYS = [
  "name",
  "legal_name",
  "comercial_name",
  "rfc",
  "website",
  "contact",
  "contact_name",
  "contact_email",
  "contact_phone",
  "owner_user_id",
  "owner",
  "ebitda",
  "society",
  "tax_system",
];

const decodeList = Schema.decodeUnknownSync(CompanyListResponse);
const decodeProfile = Schema.decodeUnknownSync(CompanyProfileView);
const decodeRecord = Schema.decodeUnknownSync(CompanyRecord);
const decodeDashboard = Schema.decodeUnknownSync(DashboardCompanyList);
const decodeError = Schema.decodeUnknownSync(ApiErrorBody);

/** Object keys at any depth, except the `name` inside `{id, name}` catalogue items. */
function keysOf(value: unknown, path = ""): ReadonlyArray<string> {
  if (Array.isArray(value)) return value.flatMap((item) => keysOf(item, path));
  if (typeof value !== "object" || value === null) return [];
  const entries = Object.entries(value);
  const isCatalogueItem = entries.length === 2 && "id" in value && "name" in value;
  return entries.flatMap(([key, child]) => [...(isCatalogueItem && key === "name" ? [] : [key]), ...keysOf(child, `${path}.${key}`)]);
}

describe.each(EVERY_TEST_DATABASE)("companies API on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const people = {} as Record<"admin" | "seller" | "otherSeller" | "buyer", CreatedUser>;
  const ids = {} as Record<"tech" | "factory" | "clinic" | "draft" | "inactive", number>;
  const human = {} as Record<keyof typeof ids, string>;

  const secrets = {
    tech: { name: "Nubecita Contable Regia", legal: "Nubecita Contable Regia S.A. de C.V.", rfc: "NCR150101AB3", web: "https://nubecita.example.mx" },
    factory: { name: "Troqueles Tapatíos Ruiz", legal: "Troqueles Tapatíos Ruiz S. de R.L.", rfc: "TTR900101XY1", web: "https://troqueles.example.mx" },
    clinic: { name: "Clínica Sonrisa Norte", legal: "Clínica Sonrisa Norte S.C.", rfc: "CSN050505ZZ9", web: "https://sonrisa.example.mx" },
  } as const;

  const company = (key: keyof typeof secrets, owner: CreatedUser, extra: Partial<CreateCompanyInput>): CreateCompanyInput => ({
    name: secrets[key].name,
    legalName: secrets[key].legal,
    comercialName: secrets[key].name,
    rfc: secrets[key].rfc,
    website: secrets[key].web,
    ownerUserId: owner.id,
    contactName: owner.name,
    contactEmail: owner.email,
    contactPhone: owner.phone,
    isPublished: true,
    isActive: true,
    companyTypeId: 1,
    countryId: 1,
    verificationLevelId: 2,
    ebitdaRangeId: 4,
    yearlySalesRangeId: 3,
    userCompanyRoleId: 1,
    yearlySales: 12_500_000,
    ebitdaMargin: 18.5,
    ebitda: 2_312_500,
    foundationDate: 2012,
    headcount: 40,
    ...extra,
  });

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const make = (email: string, name: string, roles: ReadonlyArray<Role>) =>
      createUser(handle.db, { email, password: "Clave-segura-1", name, phone: "8112340000", roles }, { params: TEST_SCRYPT_PARAMS });
    people.admin = await make("admin@ejemplo.mx", "Admin Ejemplo", ["admin"]);
    people.seller = await make("rocio.duenas@ejemplo.mx", "Rocío Dueñas Garza", ["seller"]);
    people.otherSeller = await make("otro.vendedor@ejemplo.mx", "Otro Vendedor", ["seller"]);
    people.buyer = await make("compradora@ejemplo.mx", "Compradora Ejemplo", ["buyer"]);

    const created = async (key: keyof typeof ids, input: CreateCompanyInput) => {
      const result = await createCompany(handle.db, input);
      ids[key] = result.id;
      human[key] = result.humanId;
    };
    await created(
      "tech",
      company("tech", people.seller, {
        stateId: NUEVO_LEON,
        shortDescription: "Software en la nube para facturación electrónica de pymes en Monterrey.",
        longDescription: `${secrets.tech.name} se fundó en 2012. Desarrolla tecnología de facturación y nómina.`,
        industryIds: [TECNOLOGIA],
        interestIds: [1],
      }),
    );
    await created(
      "factory",
      company("factory", people.otherSeller, {
        stateId: JALISCO,
        companyTypeId: 2,
        ebitdaRangeId: 5,
        yearlySalesRangeId: 5,
        shortDescription: "Maquinado CNC de piezas de precisión para la industria automotriz.",
        longDescription: "Planta con 18 centros de maquinado y certificación IATF.",
        industryIds: [MANUFACTURA],
        interestIds: [3],
      }),
    );
    await created(
      "clinic",
      company("clinic", people.otherSeller, {
        stateId: NUEVO_LEON,
        verificationLevelId: 3,
        shortDescription: "Red de clínicas dentales con atención de especialidad.",
        longDescription: "Tres consultorios y un laboratorio dental propio.",
        industryIds: [SALUD],
        interestIds: [1, 3],
      }),
    );
    await created(
      "draft",
      company("tech", people.seller, {
        name: "Borrador Secreto",
        legalName: null,
        isPublished: false,
        stateId: NUEVO_LEON,
        shortDescription: "Plataforma de tecnología aún en revisión.",
        industryIds: [TECNOLOGIA],
      }),
    );
    await created(
      "inactive",
      company("tech", people.seller, {
        name: "Desactivada Secreta",
        legalName: null,
        isActive: false,
        stateId: NUEVO_LEON,
        shortDescription: "Tecnología para despachos contables, desactivada.",
        industryIds: [TECNOLOGIA],
      }),
    );
    // Interest-message limits out of the way here; one test below builds an app with the real one.
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null, rateLimits: { interest_message: { max: 10_000, windowMs: 60_000 } } } });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const tokenFor = (user: CreatedUser) => sessionTokenFor(handle.db, user.id);
  const get = async (url: string, user?: CreatedUser) =>
    app.inject({ method: "GET", url, headers: user === undefined ? {} : { authorization: `Bearer ${await tokenFor(user)}` } });
  const list = async (query: string, user?: CreatedUser) => {
    const response = await get(`/api/companies${query}`, user);
    expect(response.statusCode, response.body).toBe(200);
    return decodeList(response.json());
  };
  const listedIds = async (query: string) => (await list(query)).items.map((item) => item.id).toSorted((a, b) => a - b);
  const sorted = (...values: ReadonlyArray<number>) => values.toSorted((a, b) => a - b);

  /** Every name, legal name, RFC, website, contact and owner value that must stay private. */
  const forbiddenValues = (): ReadonlyArray<string> => [
    ...Object.values(secrets).flatMap((secret) => [secret.name, secret.legal, secret.rfc, secret.web]),
    "Borrador Secreto",
    "Desactivada Secreta",
    people.seller.email,
    people.seller.name,
    people.otherSeller.email,
    people.otherSeller.name,
    "8112340000",
  ];

  describe("confidentiality for visitors and buyers", () => {
    it("the listing carries card fields only: no forbidden key, no private value", async () => {
      for (const user of [undefined, people.buyer]) {
        const response = await get("/api/companies?per_page=48", user);
        expect(response.statusCode).toBe(200);
        const body: unknown = response.json();
        const keys = new Set(keysOf(body));
        for (const key of FORBIDDEN_KEYS) expect(keys.has(key), `listing key ${key}`).toBe(false);
        for (const value of forbiddenValues()) expect(response.body, `listing value ${value}`).not.toContain(value);
        const [card] = decodeList(body).items;
        expect(Object.keys(card ?? {}).toSorted()).toEqual(
          [
            "company_type",
            "ebitda_range",
            "human_id",
            "id",
            "industries",
            "interests",
            "picture_url",
            "short_description",
            "state",
            "verification_level",
            "yearly_sales_range",
          ].toSorted(),
        );
      }
    });

    it("the public profile has no forbidden key or value, and the name written in the description is redacted", async () => {
      const owners = { tech: people.seller, factory: people.otherSeller, clinic: people.otherSeller };
      for (const key of ["tech", "factory", "clinic"] as const) {
        // Anyone but the owner and admins (who get the full profile: tests/server/deal-room.test.ts).
        for (const user of [undefined, people.buyer, people.otherSeller, people.seller].filter((user) => user !== owners[key])) {
          const response = await get(`/api/companies/${ids[key]}`, user);
          expect(response.statusCode).toBe(200);
          const keys = new Set(keysOf(response.json()));
          for (const forbidden of FORBIDDEN_KEYS) expect(keys.has(forbidden), `profile key ${forbidden}`).toBe(false);
          for (const value of forbiddenValues()) expect(response.body, `profile value ${value}`).not.toContain(value);
        }
      }
      const tech = decodeProfile((await get(`/api/companies/${ids.tech}`, people.buyer)).json());
      expect(tech.long_description).toBe("La empresa se fundó en 2012. Desarrolla tecnología de facturación y nómina.");
      expect(tech).toMatchObject({
        human_id: human.tech,
        state: { id: NUEVO_LEON, name: "Nuevo León" },
        industries: [{ id: TECNOLOGIA, name: "Tecnología" }],
        ebitda_margin: 18.5,
        yearly_sales: 12_500_000,
        foundation_date: 2012,
        headcount: 40,
        company_role: { id: 1, name: "Fundador" },
      });
      expect(tech.confidential).toBeNull();
      // The owner sees their own company whole.
      expect(decodeProfile((await get(`/api/companies/${ids.tech}`, people.seller)).json()).confidential?.name).toBe(secrets.tech.name);
    });

    it("typing a company's name finds nothing: names are not in the search index", async () => {
      expect((await list(`?q=${encodeURIComponent("Nubecita Contable Regia")}`)).items).toEqual([]);
      expect((await list(`?q=${encodeURIComponent("Troqueles Tapatíos")}`)).items).toEqual([]);
    });

    it("unpublished, inactive and unknown companies do not exist for the public (404), a malformed id is a 400", async () => {
      for (const id of [ids.draft, ids.inactive, 999_999]) {
        const response = await get(`/api/companies/${id}`, people.buyer);
        expect(response.statusCode).toBe(404);
        expect(decodeError(response.json()).message).toBe("La empresa no existe.");
      }
      for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
        const response = await get(`/api/companies/${bad}`);
        expect(response.statusCode).toBe(400);
        expect(decodeError(response.json()).message).toBe("El identificador de la empresa no es válido.");
      }
    });
  });

  describe("listing", () => {
    it("lists only published, active companies, newest first, with the total", async () => {
      const result = await list("");
      expect(result.items.map((item) => item.id)).toEqual([ids.clinic, ids.factory, ids.tech]);
      expect(result).toMatchObject({ total: 3, total_capped: false, page: 1, per_page: 12 });
      const factory = result.items.find((item) => item.id === ids.factory);
      expect(factory).toEqual({
        id: ids.factory,
        human_id: human.factory,
        picture_url: null,
        short_description: "Maquinado CNC de piezas de precisión para la industria automotriz.",
        verification_level: { id: 2, name: "Básica" },
        company_type: { id: 2, name: "Persona física" },
        state: { id: JALISCO, name: "Jalisco" },
        yearly_sales_range: { id: 5, name: "$25 M – $50 M MXN" },
        ebitda_range: { id: 5, name: "$10 M – $25 M MXN" },
        interests: [{ id: 3, name: "Vender 100%" }],
        industries: [{ id: MANUFACTURA, name: "Manufactura" }],
      });
    });

    it("finds 'tecnologia', 'TECNOLOGÍA' and 'Tecnología' alike, ignoring accents and case", async () => {
      for (const q of ["tecnologia", "TECNOLOGÍA", "Tecnología", "  tecnología  "]) {
        expect(await listedIds(`?q=${encodeURIComponent(q)}`), q).toEqual([ids.tech]);
      }
    });

    it("tolerates small typos and searches word prefixes", async () => {
      expect(await listedIds("?q=tecnolgia")).toEqual([ids.tech]);
      expect(await listedIds("?q=tecnologai")).toEqual([ids.tech]);
      expect(await listedIds("?q=maquinad")).toEqual([ids.factory]);
      expect(await listedIds(`?q=${encodeURIComponent("clinicas dentales")}`)).toEqual([ids.clinic]);
      expect(await listedIds(`?q=${encodeURIComponent("Nuevo León")}`)).toEqual(sorted(ids.tech, ids.clinic));
      expect((await list("?q=zzzzqqq")).items).toEqual([]);
    });

    it("ranks by relevance: the industry match comes before a mention in a description", async () => {
      await handle.db
        .update(companies)
        .set({ longDescription: "Tres consultorios, un laboratorio dental y tecnología de imagen digital." })
        .where(eq(companies.id, ids.clinic));
      const result = await list("?q=tecnologia");
      expect(result.items.map((item) => item.id)).toEqual([ids.tech, ids.clinic]);
      await handle.db.update(companies).set({ longDescription: "Tres consultorios y un laboratorio dental propio." }).where(eq(companies.id, ids.clinic));
      expect(await listedIds("?q=tecnologia")).toEqual([ids.tech]);
    });

    it("applies every filter, alone and combined", async () => {
      expect(await listedIds(`?state_id=${NUEVO_LEON}`)).toEqual(sorted(ids.tech, ids.clinic));
      expect(await listedIds(`?industry_id=${MANUFACTURA}`)).toEqual([ids.factory]);
      expect(await listedIds("?interest_id=3")).toEqual(sorted(ids.factory, ids.clinic));
      expect(await listedIds("?company_type_id=2")).toEqual([ids.factory]);
      expect(await listedIds("?verification_level_id=3")).toEqual([ids.clinic]);
      expect(await listedIds("?ebitda_id=5")).toEqual([ids.factory]);
      expect(await listedIds("?sales_range_id=3")).toEqual(sorted(ids.tech, ids.clinic));
      expect(await listedIds(`?state_id=${NUEVO_LEON}&interest_id=3`)).toEqual([ids.clinic]);
      expect(await listedIds(`?q=software&state_id=${NUEVO_LEON}`)).toEqual([ids.tech]);
      expect(await listedIds(`?q=software&state_id=${JALISCO}`)).toEqual([]);
      expect(await listedIds("?industry_id=4")).toEqual([]);
      // Empty parameters are ignored, as the client never sends them.
      expect(await listedIds("?state_id=&q=")).toEqual(sorted(ids.tech, ids.factory, ids.clinic));
    });

    it("pages results and caps the page size", async () => {
      const first = await list("?per_page=2");
      expect(first.items.map((item) => item.id)).toEqual([ids.clinic, ids.factory]);
      expect(first).toMatchObject({ total: 3, page: 1, per_page: 2 });
      const second = await list("?per_page=2&page=2");
      expect(second.items.map((item) => item.id)).toEqual([ids.tech]);
      expect(second.total).toBe(3);
      expect((await list("?per_page=2&page=9")).items).toEqual([]);
      const tooMany = await get("/api/companies?per_page=500");
      expect(tooMany.statusCode).toBe(400);
      expect(decodeError(tooMany.json()).message).toBe("El número de resultados por página debe estar entre 1 y 48.");
    });

    it("answers unknown or malformed filters with a Spanish 400", async () => {
      const cases: ReadonlyArray<readonly [string, string]> = [
        ["state_id=abc", "El filtro de estado no es válido."],
        ["state_id=99", "El filtro de estado no es válido."],
        ["industry_id=0", "El filtro de industria no es válido."],
        ["industry_id=-1", "El filtro de industria no es válido."],
        ["sales_range_id=1.5", "El filtro de rango de ventas no es válido."],
        ["interest_id=77", "El filtro de interés no es válido."],
        ["company_type_id=3", "El filtro de tipo de empresa no es válido."],
        ["verification_level_id=x", "El filtro de nivel de verificación no es válido."],
        ["ebitda_id=12345678901", "El filtro de rango de EBITDA no es válido."],
        ["state_id=19&state_id=14", "El filtro de estado no es válido."],
        [`q=${"a".repeat(101)}`, "La búsqueda no puede tener más de 100 caracteres."],
        ["q=a&q=b", "La búsqueda no es válida: escribe un solo texto."],
        ["page=0", "La página solicitada no es válida."],
      ];
      for (const [query, message] of cases) {
        const response = await get(`/api/companies?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(decodeError(response.json()).message, query).toBe(message);
      }
    });

    it("shows a write at once: the result cache follows the data", async () => {
      expect((await list("?q=cerveza")).items).toEqual([]);
      const brewery = await createCompany(handle.db, {
        name: "Cervecera Secreta",
        ownerUserId: people.otherSeller.id,
        isPublished: true,
        stateId: JALISCO,
        shortDescription: "Cerveza artesanal con distribución en el Bajío.",
        industryIds: [3],
      });
      expect(await listedIds("?q=cerveza")).toEqual([brewery.id]);
      await handle.db.update(companies).set({ isPublished: false }).where(eq(companies.id, brewery.id));
      expect((await list("?q=cerveza")).items).toEqual([]);
      expect((await list("")).total).toBe(3);
    });

    it("searches follow every write: filter columns, industries, deletion (the company_search side table)", async () => {
      const mill = await createCompany(handle.db, {
        name: "Molino Escondido",
        ownerUserId: people.otherSeller.id,
        isPublished: true,
        stateId: JALISCO,
        shortDescription: "Harina de trigo para panaderías del occidente.",
        industryIds: [MANUFACTURA],
      });
      expect(await listedIds(`?q=harina&state_id=${JALISCO}`)).toEqual([mill.id]);
      await handle.db.update(companies).set({ stateId: NUEVO_LEON }).where(eq(companies.id, mill.id));
      expect(await listedIds(`?q=harina&state_id=${JALISCO}`)).toEqual([]);
      expect(await listedIds(`?q=harina&state_id=${NUEVO_LEON}`)).toEqual([mill.id]);
      expect((await list(`?q=${encodeURIComponent("harina salud")}`)).items).toEqual([]);
      await handle.db.insert(companyIndustries).values({ companyId: mill.id, industryId: SALUD });
      expect(await listedIds(`?q=${encodeURIComponent("harina salud")}`)).toEqual([mill.id]);
      await handle.db.update(companies).set({ isActive: false }).where(eq(companies.id, mill.id));
      expect((await list("?q=harina")).items).toEqual([]);
      await handle.db.update(companies).set({ isActive: true }).where(eq(companies.id, mill.id));
      expect(await listedIds("?q=harina")).toEqual([mill.id]);
      await handle.db.delete(companies).where(eq(companies.id, mill.id));
      expect((await list("?q=harina")).items).toEqual([]);
      expect((await list("")).total).toBe(3);
    });
  });

  describe("owner and admin record (?is_dashboard=true)", () => {
    it("needs a session and the owner or an admin", async () => {
      expect((await get(`/api/companies/${ids.tech}?is_dashboard=true`)).statusCode).toBe(401);
      expect((await get(`/api/companies/${ids.tech}?is_dashboard=true`, people.buyer)).statusCode).toBe(404);
      expect((await get(`/api/companies/${ids.tech}?is_dashboard=true`, people.otherSeller)).statusCode).toBe(404);
      expect((await get(`/api/companies/999999?is_dashboard=true`, people.admin)).statusCode).toBe(404);
    });

    it("gives the owner and admins the whole record, unpublished ones too", async () => {
      for (const user of [people.seller, people.admin]) {
        const response = await get(`/api/companies/${ids.tech}?is_dashboard=true`, user);
        expect(response.statusCode).toBe(200);
        const record = decodeRecord(response.json());
        expect(record).toMatchObject({
          name: secrets.tech.name,
          legal_name: secrets.tech.legal,
          rfc: secrets.tech.rfc,
          website: secrets.tech.web,
          contact: { name: people.seller.name, email: people.seller.email, phone: "8112340000" },
          industry_ids: [TECNOLOGIA],
          interest_ids: [1],
          state_id: NUEVO_LEON,
          is_published: true,
        });
        expect(record.long_description).toContain(secrets.tech.name);
      }
      const draft = await get(`/api/companies/${ids.draft}?is_dashboard=true`, people.seller);
      expect(decodeRecord(draft.json())).toMatchObject({ name: "Borrador Secreto", is_published: false });
    });

    it("lists the caller's own companies with names (an admin: all); needs a session", async () => {
      expect((await get("/api/companies?is_dashboard=true")).statusCode).toBe(401);
      const own = decodeDashboard((await get("/api/companies?is_dashboard=true", people.seller)).json());
      expect(own.items.map((row) => row.id).toSorted((a, b) => a - b)).toEqual(sorted(ids.tech, ids.draft, ids.inactive));
      expect(own.items.find((row) => row.id === ids.tech)).toMatchObject({ name: secrets.tech.name, contact_name: people.seller.name });
      const buyer = decodeDashboard((await get("/api/companies?is_dashboard=true", people.buyer)).json());
      expect(buyer).toMatchObject({ items: [], total: 0 });
      const admin = decodeDashboard((await get("/api/companies?is_dashboard=true&per_page=48", people.admin)).json());
      expect(admin.total).toBeGreaterThanOrEqual(5);
      const searched = decodeDashboard((await get(`/api/companies?is_dashboard=true&q=${encodeURIComponent("clinica")}`, people.admin)).json());
      expect(searched.items.map((row) => row.id)).toEqual([ids.clinic]);
    });
  });

  describe("interest messages", () => {
    const post = async (id: number, body: unknown, user?: CreatedUser, target: FastifyInstance = app) =>
      target.inject({
        method: "POST",
        url: `/api/companies/${id}/interest_messages`,
        headers: { "content-type": "application/json", ...(user === undefined ? {} : { authorization: `Bearer ${await tokenFor(user)}` }) },
        payload: JSON.stringify(body),
      });
    const message = (overrides: Record<string, unknown> = {}) => ({
      name: "Compradora Ejemplo",
      email: "compradora@ejemplo.mx",
      human_id: human.factory,
      summary: "Me interesa conocer <b>más</b> sobre la planta & sus clientes.",
      ...overrides,
    });
    const countMessages = async () => (await handle.db.select({ id: interestMessages.id }).from(interestMessages)).length;

    it("needs a session", async () => {
      expect((await post(ids.factory, message())).statusCode).toBe(401);
    });

    it("refuses an empty or blank message and stores nothing", async () => {
      const before = await countMessages();
      for (const summary of ["", "   "]) {
        const response = await post(ids.factory, message({ summary }), people.buyer);
        expect(response.statusCode).toBe(400);
        expect(decodeError(response.json()).message).toBe("Debes escribir tu mensaje");
      }
      const noEmail = await post(ids.factory, message({ email: "no-es-email" }), people.buyer);
      expect(decodeError(noEmail.json()).message).toBe("Ingresa un email válido");
      const wrongRef = await post(ids.factory, message({ human_id: human.tech }), people.buyer);
      expect(wrongRef.statusCode).toBe(400);
      expect(decodeError(wrongRef.json()).message).toBe("La referencia no corresponde a esta empresa.");
      expect((await post(ids.draft, message({ human_id: human.draft }), people.buyer)).statusCode).toBe(404);
      expect(await countMessages()).toBe(before);
    });

    it("stores the message and e-mails the company's contact, with the sender's text escaped", async () => {
      const response = await post(ids.factory, message(), people.buyer);
      expect(response.statusCode).toBe(201);
      const [stored] = await handle.db.select().from(interestMessages).orderBy(desc(interestMessages.id)).limit(1);
      expect(stored).toMatchObject({ companyId: ids.factory, senderUserId: people.buyer.id, humanId: human.factory, email: "compradora@ejemplo.mx" });
      await app.backgroundIdle();
      const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, people.otherSeller.email)).orderBy(desc(emailOutbox.id)).limit(1);
      expect(mail?.subject).toBe(`Nuevo mensaje de interés para ${human.factory}`);
      expect(mail?.textBody).toContain("Nombre: Compradora Ejemplo");
      expect(mail?.textBody).toContain("Email: compradora@ejemplo.mx");
      expect(mail?.htmlBody).toContain("&#60;b&#62;más&#60;/b&#62;");
      expect(mail?.htmlBody).not.toContain("<b>más</b>");
    });

    it("limits each sender to 5 messages per 15 minutes (the default), wherever they write from", async () => {
      const limitedApp = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null } });
      try {
        const sender = await createUser(
          handle.db,
          { email: "insistente@ejemplo.mx", password: "Clave-segura-1", name: "Insistente", phone: null, roles: ["buyer"] },
          { params: TEST_SCRYPT_PARAMS },
        );
        for (let sent = 0; sent < 5; sent += 1) {
          expect((await post(ids.clinic, message({ human_id: human.clinic }), sender, limitedApp)).statusCode).toBe(201);
        }
        const limited = await post(ids.clinic, message({ human_id: human.clinic }), sender, limitedApp);
        expect(limited.statusCode).toBe(429);
        expect(decodeError(limited.json()).message).toBe("Enviaste demasiados mensajes de interés. Espera unos minutos e intenta de nuevo.");
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
        // Another sender is not affected.
        expect((await post(ids.clinic, message({ human_id: human.clinic }), people.admin, limitedApp)).statusCode).toBe(201);
      } finally {
        await limitedApp.close();
      }
    });
  });
});
