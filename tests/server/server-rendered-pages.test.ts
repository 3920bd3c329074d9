import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../contracts/sessions.ts";
import { buildApp } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { createUser, type CreatedUser } from "../../server/auth/users.ts";
import { createCompany, type CreateCompanyInput } from "../../server/companies/create-company.ts";
import { companies } from "../../server/companies/schema.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { EVERY_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

// The marketplace and business profiles rendered on request (docs/decisions/043)
// with the real build: the HTML a crawler reads holds the page with its data,
// its own head and schema.org data, and, like the API's public projection
// (tests/server/marketplace.test.ts), never a confidential field: no name,
// legal name, RFC, website, contact or owner, and the name written in a
// description masked. sitemap.xml lists every listed company and drops one
// when it is unpublished.

const ORIGIN = "https://puente.example";
const TECNOLOGIA = 1;
const NUEVO_LEON = 19;

const secrets = {
  tech: { name: "Nubecita Contable Regia", legal: "Nubecita Contable Regia S.A. de C.V.", rfc: "NCR150101AB3", web: "https://nubecita.example.mx" },
  clinic: { name: "Clínica Sonrisa Norte", legal: "Clínica Sonrisa Norte S.C.", rfc: "CSN050505ZZ9", web: "https://sonrisa.example.mx" },
} as const;

let distDir: string;

beforeAll(async () => {
  // Inside the repo: the server bundle's imports resolve to node_modules from there.
  const cache = join(REPO_ROOT, ".cache");
  await mkdir(cache, { recursive: true });
  distDir = await mkdtemp(join(cache, "ssr-test-dist-"));
  await build({ root: REPO_ROOT, logLevel: "silent", build: { outDir: distDir, emptyOutDir: true } });
}, 240_000);

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
});

const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
const attribute = (html: string, pattern: RegExp): string | undefined => {
  const value = html.match(pattern)?.[1];
  return value === undefined ? undefined : decode(value);
};
const jsonLd = (html: string): Record<string, unknown> => {
  const text = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  if (text === undefined) throw new Error("no JSON-LD");
  return JSON.parse(text) as Record<string, unknown>;
};
/** Object keys at any depth. */
const keysOf = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.flatMap(keysOf) : typeof value === "object" && value !== null ? Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)]) : [];

describe.each(EVERY_TEST_DATABASE)("pages rendered on request on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let seller: CreatedUser;
  const ids = {} as Record<"tech" | "clinic" | "draft", number>;
  const human = {} as Record<"tech" | "clinic" | "draft", string>;

  const company = (key: keyof typeof secrets, extra: Partial<CreateCompanyInput>): CreateCompanyInput => ({
    name: secrets[key].name,
    legalName: secrets[key].legal,
    comercialName: secrets[key].name,
    rfc: secrets[key].rfc,
    website: secrets[key].web,
    ownerUserId: seller.id,
    contactName: seller.name,
    contactEmail: seller.email,
    contactPhone: seller.phone,
    isPublished: true,
    isActive: true,
    companyTypeId: 1,
    countryId: 1,
    verificationLevelId: 2,
    stateId: NUEVO_LEON,
    industryIds: [TECNOLOGIA],
    interestIds: [1],
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
    seller = await make("rocio.duenas@ejemplo.mx", "Rocío Dueñas Garza", ["seller"]);
    const created = async (key: keyof typeof ids, input: CreateCompanyInput) => {
      const result = await createCompany(handle.db, input);
      ids[key] = result.id;
      human[key] = result.humanId;
    };
    await created(
      "tech",
      company("tech", {
        shortDescription: `${secrets.tech.name} hace software de facturación; escríbenos a ${seller.email}.`,
        longDescription: `${secrets.tech.name} se fundó en 2012. Desarrolla tecnología de facturación y nómina.`,
      }),
    );
    await created("clinic", company("clinic", { shortDescription: "Red de clínicas dentales con atención de especialidad.", industryIds: [5] }));
    await created("draft", company("tech", { name: "Borrador Secreto", isPublished: false, shortDescription: "Plataforma aún en revisión." }));
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir, appUrl: ORIGIN } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const html = (url: string) => app.inject({ method: "GET", url, headers: { accept: "text/html" } });

  /** Every value that must stay private. */
  const forbiddenValues = (): ReadonlyArray<string> => [
    ...Object.values(secrets).flatMap((secret) => [secret.name, secret.legal, secret.rfc, secret.web]),
    "Borrador Secreto",
    seller.email,
    seller.name,
    "8112340000",
  ];

  it("the marketplace: its cards in the HTML with their data for hydration, its own head and an ItemList; nothing confidential", async () => {
    const page = await html("/compra-una-empresa");
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('<div id="root" data-prerendered>');
    expect(body).toContain("<title>Compra una empresa | Puente</title>");
    expect(attribute(body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/compra-una-empresa`);
    expect(attribute(body, /<meta property="og:url" content="([^"]*)"/)).toBe(`${ORIGIN}/compra-una-empresa`);
    expect(attribute(body, /<meta name="robots" content="([^"]*)"/)).toBe("index, follow");
    expect(attribute(body, /<meta name="description" content="([^"]*)"/)).toMatch(/^2 empresas\. Empresas en venta/);
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toContain("2 empresas encontradas");
    for (const key of ["tech", "clinic"] as const) expect(body).toContain(human[key]);
    expect(body).not.toContain(human.draft);
    // The name in the card's text is masked (docs/decisions/030), in the markup and in the hydration data.
    expect(body).toContain("La empresa hace software de facturación");
    expect(body).toContain('id="puente-query-data"');
    expect(body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/MarketplaceRoute-[\w-]+\.css">/);
    const list = jsonLd(body);
    expect(list["@type"]).toBe("CollectionPage");
    const items = (list["mainEntity"] as { itemListElement: ReadonlyArray<{ url: string; name: string }> }).itemListElement;
    expect(items.map((item) => item.url).toSorted()).toEqual([`${ORIGIN}/perfil-de-negocio/${ids.tech}`, `${ORIGIN}/perfil-de-negocio/${ids.clinic}`].toSorted());
    for (const value of forbiddenValues()) expect(body, `marketplace value ${value}`).not.toContain(value);
    expect(body).not.toContain("__PUENTE_ORIGIN__");
  });

  it("a filtered listing is its own page; a text search is not indexed; bad input in the URL still renders", async () => {
    const filtered = await html(`/compra-una-empresa?industry_id=${TECNOLOGIA}&utm_source=x`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain("<title>Compra una empresa de Tecnología | Puente</title>");
    expect(attribute(filtered.body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/compra-una-empresa?industry_id=${TECNOLOGIA}`);
    expect(filtered.body).toContain("1 empresa encontrada");
    expect(filtered.body).not.toContain(human.clinic);
    const search = await html("/compra-una-empresa?q=dentales");
    expect(attribute(search.body, /<meta name="robots" content="([^"]*)"/)).toBe("noindex, nofollow");
    expect(search.body).toContain(human.clinic);
    // Bad input in the URL never fails the page: the browser shows what it always showed.
    for (const url of ["/compra-una-empresa?industry_id=999999", "/compra-una-empresa?page=abc&q=%00", "/compra-una-empresa?page=9999"]) {
      const page = await html(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root" data-prerendered>');
    }
  });

  it("a business profile: its public facts and masked text, its own head and schema.org data without the name", async () => {
    const page = await html(`/perfil-de-negocio/${ids.tech}`);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain(`<title>Empresa ${human.tech}: Tecnología en Nuevo León, México | Puente</title>`);
    expect(attribute(body, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/perfil-de-negocio/${ids.tech}`);
    expect(attribute(body, /<meta name="robots" content="([^"]*)"/)).toBe("index, follow");
    expect(attribute(body, /<meta name="description" content="([^"]*)"/)).toContain("La empresa hace software de facturación");
    expect(body).toMatch(new RegExp(`<h1[^>]*>Empresa <!-- -->${human.tech}</h1>|<h1[^>]*>Empresa ${human.tech}</h1>`));
    expect(body).toContain("La empresa se fundó en 2012.");
    // A visitor may not send an interest message (the API answers 401): the page offers to sign in, not a form.
    expect(body).toContain("Inicia sesión para escribirle");
    expect(body).not.toContain("Enviar mensaje");
    // The page paints styled before any script runs: its own stylesheets are linked (a shift otherwise).
    expect(body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/BusinessProfileRoute-[\w-]+\.css">/);
    const data = jsonLd(body);
    expect(data["@type"]).toBe("ItemPage");
    const organization = data["mainEntity"] as Record<string, unknown>;
    expect(organization).toMatchObject({ "@type": "Organization", identifier: human.tech, foundingDate: "2012", address: { addressRegion: "Nuevo León" } });
    for (const key of ["name", "legalName", "taxID", "url", "email", "telephone", "founder", "contactPoint"]) expect(keysOf(organization), key).not.toContain(key);
    for (const value of forbiddenValues()) expect(body, `profile value ${value}`).not.toContain(value);
    expect(body).not.toContain('"confidential":{');
  });

  it("an unknown, unpublished or malformed company is the not-found page with 404, left for the browser to render", async () => {
    for (const id of [String(ids.draft), "999999", "abc", "0", "99999999999"]) {
      const page = await html(`/perfil-de-negocio/${id}`);
      expect(page.statusCode, id).toBe(404);
      expect(page.body, id).toContain("<title>Página no encontrada | Puente</title>");
      expect(page.body, id).toContain('<div id="root">');
      expect(page.body, id).not.toContain("data-prerendered");
      expect(page.body, id).not.toContain("Borrador Secreto");
    }
  });

  it("past a visitor's render budget the page is still answered, rendered by the browser instead", async () => {
    const budgeted = await buildApp({
      db: handle.db,
      config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir, appUrl: ORIGIN, rateLimits: { page_renders: { max: 1, windowMs: 60_000 } } },
    });
    try {
      const visit = () => budgeted.inject({ method: "GET", url: "/compra-una-empresa", headers: { accept: "text/html" }, remoteAddress: "203.0.113.9" });
      const first = await visit();
      expect(first.body).toContain("2 empresas encontradas");
      const second = await visit();
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain('<div id="root"');
      expect(second.body).not.toContain("2 empresas encontradas");
      expect(second.body).not.toContain('id="puente-query-data"');
    } finally {
      await budgeted.close();
    }
  });

  it("never serves the server bundle as a file", async () => {
    const bundle = await app.inject({ method: "GET", url: "/ssr/prerender.js" });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain("renderRoute");
  });

  it("sitemap.xml lists the public pages and every listed company with lastmod, and drops one when it is unpublished", async () => {
    const profileUrl = (id: number) => `<loc>${ORIGIN}/perfil-de-negocio/${id}</loc>`;
    const before = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(before.statusCode).toBe(200);
    expect(before.headers["content-type"]).toMatch(/^application\/xml/);
    expect(before.body).toContain(`<loc>${ORIGIN}/compra-una-empresa</loc>`);
    expect(before.body).toContain(`<loc>${ORIGIN}/planes</loc>`);
    expect(before.body).not.toContain("/mi-perfil");
    expect(before.body).toMatch(new RegExp(`${profileUrl(ids.tech)}<lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`));
    expect(before.body).toContain(profileUrl(ids.clinic));
    expect(before.body).not.toContain(profileUrl(ids.draft));
    expect((await html(`/perfil-de-negocio/${ids.clinic}`)).statusCode).toBe(200);

    await handle.db.update(companies).set({ isPublished: false, updatedAt: new Date() }).where(eq(companies.id, ids.clinic));
    const after = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(after.body).not.toContain(profileUrl(ids.clinic));
    expect(after.body).toContain(profileUrl(ids.tech));
    // The pages follow the data too: the profile is gone, the listing no longer shows it.
    expect((await html(`/perfil-de-negocio/${ids.clinic}`)).statusCode).toBe(404);
    const listing = await html("/compra-una-empresa");
    expect(listing.body).not.toContain(human.clinic);
    expect(listing.body).toContain("1 empresa encontrada");
  });
});
