import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PATHS } from "../../contracts/catalogues.ts";
import { TEST_SCRYPT_PARAMS, verifyPassword } from "../../server/auth/passwords.ts";
import { listCatalogue } from "../../server/catalogues/registry.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { accessRequests, ndaAcceptances } from "../../server/deal-room/schema.ts";
import { companies, companyIndustries, companyInterests } from "../../server/companies/schema.ts";
import { companyStatuses, states, taxSystems, verificationLevels } from "../../server/catalogues/schema.ts";
import { subscriptions } from "../../server/payments/schema.ts";
import { users } from "../../server/auth/schema.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { DEMO_PASSWORD, DEMO_REQUESTING_BUYER, DEMO_USERS, rfcCheckDigit } from "../../server/seed/demo.ts";
import { currentNda } from "../../content/nda.ts";
import { seedDatabase } from "../../server/seed/run.ts";
import { createUser } from "../../server/auth/users.ts";
import { EVERY_TEST_DATABASE } from "./harness.ts";

describe.each(EVERY_TEST_DATABASE)("database on $kind", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  const migrationCount = async () => {
    const rows = await handle.db.select({ total: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
    return rows[0]?.total;
  };

  it("reports its kind", () => {
    expect(handle.kind).toBe(target.kind);
  });

  it("applies the migrations, and applying them again changes nothing", async () => {
    await handle.migrate();
    const first = await migrationCount();
    expect(first).toBeGreaterThanOrEqual(2);
    await handle.migrate();
    expect(await migrationCount()).toBe(first);
    const [row] = await handle.db.select({ total: count() }).from(users);
    expect(row?.total).toBe(0);
  });

  it("creates the extensions and the immutable f_unaccent wrapper", async () => {
    const [row] = await handle.db
      .select({ plain: sql<string>`public.f_unaccent('Querétaro, Michoacán, Nuevo León')`, similar: sql<number>`similarity('tecnologia', 'tecnología')` })
      .from(sql`(select 1) as one`);
    expect(row?.plain).toBe("Queretaro, Michoacan, Nuevo Leon");
    expect(row?.similar).toBeGreaterThan(0.3);
    const [volatility] = await handle.db
      .select({ v: sql<string>`provolatile` })
      .from(sql`pg_proc`)
      .where(sql`proname = 'f_unaccent'`);
    expect(volatility?.v).toBe("i");
  });

  it("seeds every catalogue, idempotently", async () => {
    await seedCatalogues(handle.db);
    const sizes = new Map<string, number>();
    for (const path of CATALOGUE_PATHS) sizes.set(path, (await listCatalogue(handle.db, path)).length);
    await seedCatalogues(handle.db);
    for (const path of CATALOGUE_PATHS) {
      const items = await listCatalogue(handle.db, path);
      expect(items.length, path).toBeGreaterThan(0);
      expect(items.length, `${path} after a second seed`).toBe(sizes.get(path));
    }
    expect(sizes.size).toBe(19);
  });

  it("has the 32 states with their INEGI codes", async () => {
    const rows = await handle.db.select().from(states);
    expect(rows).toHaveLength(32);
    const byName = new Map(rows.map((row) => [row.name, row.inegiCode]));
    expect(byName.get("Ciudad de México")).toBe("09");
    expect(byName.get("Nuevo León")).toBe("19");
    expect(byName.get("Zacatecas")).toBe("32");
  });

  it("has the SAT tax systems, including 601 and 626", async () => {
    const rows = await handle.db.select().from(taxSystems);
    const codes = new Set(rows.map((row) => row.code));
    expect(codes.has("601")).toBe(true);
    expect(codes.has("626")).toBe(true);
    expect(rows.find((row) => row.code === "601")?.personaType).toBe("moral");
    expect(rows.filter((row) => row.code === "626").map((row) => row.personaType).sort()).toEqual(["fisica", "moral"]);
  });

  it("lists industries by name and ranges by id", async () => {
    const industries = await listCatalogue(handle.db, "industries");
    const names = industries.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es-MX")));
    expect(names).toContain("Tecnología");
    const interests = (await listCatalogue(handle.db, "interests")).map((item) => item.name);
    expect(interests).toEqual(expect.arrayContaining(["Capital para crecimiento", "Vender participación", "Vender 100%", "Fusión"]));
    const levels = await listCatalogue(handle.db, "verification_levels");
    expect(levels[0]?.name).toBe("Pendiente");
  });

  it("defaults a new company to status 'Created' and verification 'Pendiente'", async () => {
    const created = await createCompany(handle.db, { name: "Empresa de prueba", industryIds: [1, 1, 2], interestIds: [3] });
    expect(created.humanId).toMatch(/^PUE-\d{4,}$/);
    const [row] = await handle.db
      .select({ status: companyStatuses.name, level: verificationLevels.name, humanId: companies.humanId, published: companies.isPublished })
      .from(companies)
      .innerJoin(companyStatuses, eq(companyStatuses.id, companies.companyStatusId))
      .innerJoin(verificationLevels, eq(verificationLevels.id, companies.verificationLevelId))
      .where(eq(companies.id, created.id));
    expect(row).toEqual({ status: "Created", level: "Pendiente", humanId: created.humanId, published: false });
    const industries = await handle.db.select().from(companyIndustries).where(eq(companyIndustries.companyId, created.id));
    expect(industries.map((link) => link.industryId).sort()).toEqual([1, 2]);
    const interests = await handle.db.select().from(companyInterests).where(eq(companyInterests.companyId, created.id));
    expect(interests.map((link) => link.interestId)).toEqual([3]);
    await handle.db.delete(companies).where(eq(companies.id, created.id));
  });

  it("seeds demo users and at least 60 published companies, once", async () => {
    const first = await seedDatabase(handle.db, { demo: true, params: TEST_SCRYPT_PARAMS });
    expect(first.seeded).toBe(true);
    const published = async () =>
      (await handle.db.select({ total: count() }).from(companies).where(sql`${companies.isPublished} and ${companies.isActive}`))[0]?.total ?? 0;
    const allCompanies = async () => (await handle.db.select({ total: count() }).from(companies))[0]?.total ?? 0;
    const allUsers = async () => (await handle.db.select({ total: count() }).from(users))[0]?.total ?? 0;
    const before = { published: await published(), companies: await allCompanies(), users: await allUsers() };
    expect(before.published).toBeGreaterThanOrEqual(60);

    for (const demo of Object.values(DEMO_USERS)) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, demo.email));
      expect(user?.roles, demo.email).toEqual(demo.roles);
      expect(await verifyPassword(DEMO_PASSWORD, user?.passwordHash ?? "")).toBe(true);
    }
    const [seller] = await handle.db.select().from(users).where(eq(users.email, DEMO_USERS.seller.email));
    expect(seller?.isOnboardingCompleted).toBe(true);
    const owned = await handle.db.select().from(companies).where(eq(companies.ownerUserId, seller?.id ?? -1));
    expect(owned.length).toBeGreaterThan(0);
    // The deal room (issue 16): demo accounts are verified, and a second buyer's request waits for the demo seller.
    const demoBuyer = await handle.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, DEMO_USERS.buyer.email));
    expect(demoBuyer[0]?.verifiedAt).not.toBeNull();
    const [requester] = await handle.db.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, DEMO_REQUESTING_BUYER.email));
    expect(requester?.verifiedAt).not.toBeNull();
    const waiting = await handle.db.select().from(accessRequests).where(eq(accessRequests.buyerUserId, requester?.id ?? -1));
    expect(waiting.map((request) => [request.status, owned.some((company) => company.id === request.companyId)])).toEqual([["pending", true]]);
    const [acceptance] = await handle.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.accessRequestId, waiting[0]?.id ?? -1));
    expect(acceptance?.version).toBe(currentNda().version);
    expect(acceptance?.acceptedText).toContain(DEMO_REQUESTING_BUYER.name);

    const second = await seedDatabase(handle.db, { demo: true, params: TEST_SCRYPT_PARAMS });
    expect(second.seeded).toBe(false);
    expect({ published: await published(), companies: await allCompanies(), users: await allUsers() }).toEqual(before);
  });

  it("spreads demo companies over every state, industry and interest with Spanish descriptions", async () => {
    const listed = await handle.db.select().from(companies).where(eq(companies.isPublished, true));
    expect(new Set(listed.map((company) => company.stateId)).size).toBe(32);
    expect(new Set(listed.map((company) => company.verificationLevelId)).size).toBe(3);
    expect(new Set(listed.map((company) => company.yearlySalesRangeId)).size).toBeGreaterThanOrEqual(5);
    const industryLinks = await handle.db.selectDistinct({ id: companyIndustries.industryId }).from(companyIndustries);
    expect(industryLinks.length).toBe(20);
    const interestLinks = await handle.db.selectDistinct({ id: companyInterests.interestId }).from(companyInterests);
    expect(interestLinks.length).toBe(4);
    expect(new Set(listed.map((company) => company.humanId)).size).toBe(listed.length);
    for (const company of listed) {
      expect(company.shortDescription?.length ?? 0).toBeGreaterThan(40);
      expect(company.longDescription).toMatch(/se fundó en \d{4}/);
      if (company.rfc !== null) {
        expect(company.rfc).toMatch(/^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/);
        expect(company.rfc.slice(-1)).toBe(rfcCheckDigit(company.rfc.slice(0, -1)));
      }
    }
  });

  it("creates users with a lower-case e-mail, a scrypt hash and a free subscription", async () => {
    const user = await createUser(
      handle.db,
      { email: "  Nueva.Persona@Ejemplo.MX ", password: "secreto-123", name: "Nueva Persona", phone: null, roles: ["buyer"] },
      { params: TEST_SCRYPT_PARAMS },
    );
    expect(user.email).toBe("nueva.persona@ejemplo.mx");
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).not.toContain("secreto-123");
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
    expect(await verifyPassword("secreto-123", row?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword("secreto-124", row?.passwordHash ?? "")).toBe(false);
    const [subscription] = await handle.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription).toMatchObject({ status: "free", isPaid: false });
    await expect(
      createUser(handle.db, { email: "nueva.persona@ejemplo.mx", password: "x", name: "Otra", phone: null, roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS }),
    ).rejects.toThrow();
  });
});

// Several processes starting at once over one fresh PostgreSQL (a deploy, a
// rolling restart: docs/deploy.md): each migrates and seeds at start, and
// none may fail because another got there first.
describe.each(EVERY_TEST_DATABASE.filter((target) => target.kind === "postgres"))("three processes starting at once on $kind", (target) => {
  it("migrate and seed one fresh database together, and it ends as one process would leave it", async () => {
    const first = await target.open();
    const url = first.url;
    if (url === undefined) throw new Error("a PostgreSQL test database has a URL");
    const others = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      const handles = [first, ...others];
      // As server/start.ts does it.
      await Promise.all(
        handles.map((handle) =>
          handle.exclusively(async () => {
            await handle.migrate();
            await seedDatabase(handle.db, { demo: true, params: TEST_SCRYPT_PARAMS });
          }),
        ),
      );
      const [migrations] = await first.db.select({ total: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      const [people] = await first.db.select({ total: count() }).from(users);
      const alone = await target.open();
      try {
        await alone.migrate();
        await seedDatabase(alone.db, { demo: true, params: TEST_SCRYPT_PARAMS });
        const [aloneMigrations] = await alone.db.select({ total: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
        const [alonePeople] = await alone.db.select({ total: count() }).from(users);
        expect(migrations?.total).toBe(aloneMigrations?.total);
        expect(people?.total).toBe(alonePeople?.total);
      } finally {
        await alone.close();
      }
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
      await first.close();
    }
  });
});
