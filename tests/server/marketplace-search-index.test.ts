import { eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompanyListResponse, type CompanyListQuery } from "../../contracts/marketplace.ts";
import { buildApp } from "../../server/app.ts";
import { catalogueNames } from "../../server/catalogues/names.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { rowsOf, textOf } from "../../server/db/rows.ts";
import { companies } from "../../server/companies/schema.ts";
import { listCompanies } from "../../server/marketplace/list-companies.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { SPANISH_STOP_WORDS } from "../../server/marketplace/spanish-stop-words.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { seedBenchCompanies } from "../../scripts/bench/seed-companies.ts";
import { TEST_APP_CONFIG, EVERY_TEST_DATABASE } from "./harness.ts";

// The in-memory marketplace index (docs/decisions/024) against the SQL
// listing it replaced, on companies written through the real triggers; and
// its sync: several server processes (here: app instances, each with its
// own index) over one database see every write on their next request.

const decodeList = Schema.decodeUnknownSync(CompanyListResponse);
const COMPANIES = 200;

describe.each(EVERY_TEST_DATABASE)("marketplace search index ($kind)", (target) => {
  let handle: DatabaseHandle;
  let sellerId: number;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    await seedBenchCompanies(handle.db, COMPANIES, () => undefined);
    const [owner] = rowsOf(await handle.db.execute(sql`SELECT owner_user_id AS id FROM companies LIMIT 1`));
    sellerId = Number(owner?.["id"]);
  }, 120_000);

  afterAll(async () => {
    await handle.close();
  });

  describe("answers as the SQL listing does", () => {
    /** Every id the listing gives, page after page (48 a page). */
    async function everyId(answer: (query: CompanyListQuery) => Promise<CompanyListResponse>, query: CompanyListQuery): Promise<ReadonlyArray<number>> {
      const found: number[] = [];
      for (let page = 1; ; page += 1) {
        const { items } = await answer({ ...query, page, per_page: 48 });
        if (items.length === 0) return found;
        found.push(...items.map((card) => card.id));
      }
    }

    it("the same cards, totals and order for filters, and the same matches for searches", async () => {
      const names = await catalogueNames(handle.db);
      const index = await new SearchIndexSync(handle.db).at(0);
      const viaIndex = (query: CompanyListQuery) => Promise.resolve(index.list(query, names));
      const viaSql = (query: CompanyListQuery) => listCompanies(handle.db, query, names);
      const vocabulary = rowsOf(await handle.db.execute(sql`SELECT word FROM search_terms ORDER BY word`)).map((row) => textOf(row, "word"));
      expect(vocabulary.length).toBeGreaterThan(50);
      const filters: CompanyListQuery[] = [
        {},
        { state_id: 19 },
        { state_id: 9 },
        { industry_id: 1 },
        { industry_id: 6 },
        { interest_id: 3 },
        { company_type_id: 2 },
        { ebitda_id: 4 },
        { sales_range_id: 3 },
        { verification_level_id: 2 },
        { industry_id: 2, state_id: 14 },
        { interest_id: 1, verification_level_id: 3, company_type_id: 1 },
      ];
      for (const query of filters) {
        // Without a search the order is fully defined (newest first): pages must be equal, cards included.
        for (const page of [1, 2, 5]) {
          expect(await viaIndex({ ...query, page }), JSON.stringify(query)).toEqual(await viaSql({ ...query, page }));
        }
      }
      // Every 9th vocabulary word, alone and with a filter; a few phrases with accents and capitals.
      const searches = [
        ...vocabulary.filter((_, at) => at % 9 === 0),
        "Tecnología",
        "NUEVO LEÓN",
        "logística monterrey",
        "capital para crecimiento",
        "vender 100%",
        "servicios profesionales",
      ];
      for (const q of searches) {
        for (const query of [{ q }, { q, state_id: 19 }, { q, interest_id: 3 }]) {
          const [fromIndex, fromSql] = [await viaIndex(query), await viaSql(query)];
          expect([fromIndex.total, fromIndex.total_capped], JSON.stringify(query)).toEqual([fromSql.total, fromSql.total_capped]);
          expect((await everyId(viaIndex, query)).toSorted(), JSON.stringify(query)).toEqual((await everyId(viaSql, query)).toSorted());
        }
      }
    }, 120_000);

    it("drops the same Spanish stop words as PostgreSQL's configuration", async () => {
      const list = sql.join([...SPANISH_STOP_WORDS].map((word) => sql`${word}`), sql`, `);
      const kept = rowsOf(
        await handle.db.execute(sql`SELECT w FROM unnest(ARRAY[${list}]::text[]) AS w WHERE to_tsvector('pg_catalog.spanish', w) <> ''::tsvector`),
      );
      expect(kept).toEqual([]);
      const [row] = rowsOf(await handle.db.execute(sql`SELECT to_tsvector('pg_catalog.spanish', 'despacho')::text AS v`));
      expect(row === undefined ? "" : textOf(row, "v")).not.toBe("");
      expect(SPANISH_STOP_WORDS.size).toBeGreaterThan(300);
    });
  });

  describe("loading", () => {
    it("reads the companies in batches, and the event loop runs between them; load() is shared and the index is the same", async () => {
      const listedSoFar: number[] = [];
      const sync = new SearchIndexSync(handle.db, Date.now, { loadBatch: 15, onLoadBatch: (listed) => listedSoFar.push(listed) });
      // A callback queued again on every turn of the event loop notes how far the load was.
      const seenByTheLoop: number[] = [];
      let looping = true;
      const turn = () => {
        seenByTheLoop.push(listedSoFar.at(-1) ?? 0);
        if (looping) setImmediate(turn);
      };
      setImmediate(turn);
      const loading = sync.load();
      expect(sync.load()).toBe(loading);
      await loading;
      looping = false;
      const index = await sync.at(0);
      const [listed] = rowsOf(await handle.db.execute(sql`SELECT count(*)::int AS n FROM companies WHERE is_published AND is_active`));
      expect(index.size).toBe(Number(listed?.["n"]));
      expect(listedSoFar.length).toBeGreaterThanOrEqual(Math.ceil(COMPANIES / 15));
      expect(listedSoFar.at(-1)).toBe(index.size);
      // The loop turned while the load was part way, again and again: no batch waited for the whole load.
      const partWay = new Set(seenByTheLoop.filter((count) => count > 0 && count < index.size));
      expect(partWay.size).toBeGreaterThanOrEqual(Math.floor(listedSoFar.length / 2));
      // Loaded at once, the index answers alike.
      const names = await catalogueNames(handle.db);
      const inOneBatch = await new SearchIndexSync(handle.db).at(0);
      for (const query of [{}, { page: 4 }, { q: "servicios" }, { q: "logistica", state_id: 19 }, { industry_id: 2 }]) {
        expect(index.listJson(query, names), JSON.stringify(query)).toBe(inOneBatch.listJson(query, names));
      }
      expect(await sync.load()).toBeUndefined();
    });
  });

  describe("the change log", () => {
    const versionNow = async (): Promise<number> => {
      const [row] = rowsOf(await handle.db.execute(sql`SELECT version FROM marketplace_state WHERE id = 1`));
      return Number(row?.["version"]);
    };

    it("is read incrementally, pruned after a day, and a process that served nothing for half a day reloads instead", async () => {
      let now = Date.parse("2026-11-26T12:00:00Z");
      const sync = new SearchIndexSync(handle.db, () => now);
      await handle.db.execute(sql`INSERT INTO marketplace_changes (company_id, at) VALUES (NULL, now() - interval '2 days')`);
      const loaded = await sync.at(await versionNow());
      const [old] = rowsOf(await handle.db.execute(sql`SELECT count(*)::int AS n FROM marketplace_changes WHERE at < now() - interval '1 day'`));
      expect(old?.["n"]).toBe(0);

      const [first] = rowsOf(await handle.db.execute(sql`SELECT id FROM companies WHERE is_published AND is_active ORDER BY id LIMIT 1`));
      const id = Number(first?.["id"]);
      await handle.db.update(companies).set({ shortDescription: "Huerta de pitahaya en Sinaloa." }).where(eq(companies.id, id));
      const synced = await sync.at(await versionNow());
      // The same index, changed in place.
      expect(synced).toBe(loaded);
      expect(synced.pageOf({ q: "pitahaya" }).companies.map((card) => card.id)).toEqual([id]);

      now += 13 * 3_600_000;
      await handle.db.update(companies).set({ shortDescription: "Huerta de guanábana en Nayarit." }).where(eq(companies.id, id));
      const reloaded = await sync.at(await versionNow());
      expect(reloaded).not.toBe(loaded);
      expect(reloaded.pageOf({ q: "guanabana" }).companies.map((card) => card.id)).toEqual([id]);
      expect(reloaded.pageOf({ q: "pitahaya" }).companies).toEqual([]);
    });
  });

  describe("two server processes over one database", () => {
    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      first = await buildApp({ db: handle.db, config: TEST_APP_CONFIG });
      second = await buildApp({ db: handle.db, config: TEST_APP_CONFIG });
    });

    afterAll(async () => {
      await first.close();
      await second.close();
    });

    const search = async (app: FastifyInstance, q: string): Promise<ReadonlyArray<number>> => {
      const response = await app.inject({ method: "GET", url: `/api/companies?q=${encodeURIComponent(q)}&per_page=48` });
      expect(response.statusCode, response.body).toBe(200);
      return decodeList(response.json()).items.map((card) => card.id);
    };
    const both = async (q: string) => [await search(first, q), await search(second, q)];

    it("a write through either shows up in the next search of both", async () => {
      // Both indexes are loaded before the writes.
      expect(await both("cervecera")).toEqual([[], []]);
      const brewery = await createCompany(handle.db, {
        name: "Cervecera Norteña",
        ownerUserId: sellerId,
        isPublished: true,
        stateId: 19,
        shortDescription: "Cervecería artesanal con despacho propio en Monterrey.",
        industryIds: [3],
      });
      expect(await both("cerveceria")).toEqual([[brewery.id], [brewery.id]]);
      // "Desapcho" is a transposition of "despacho".
      expect(await search(second, "Desapcho cerveceria")).toEqual([brewery.id]);
      await handle.db.update(companies).set({ shortDescription: "Destilería de mezcal en Oaxaca." }).where(eq(companies.id, brewery.id));
      expect(await both("cerveceria")).toEqual([[], []]);
      expect(await both("mezcal destileria")).toEqual([[brewery.id], [brewery.id]]);
      await handle.db.update(companies).set({ isPublished: false }).where(eq(companies.id, brewery.id));
      expect(await both("mezcal")).toEqual([[], []]);
      await handle.db.update(companies).set({ isPublished: true }).where(eq(companies.id, brewery.id));
      expect(await both("mezcal")).toEqual([[brewery.id], [brewery.id]]);
      await handle.db.delete(companies).where(eq(companies.id, brewery.id));
      expect(await both("mezcal")).toEqual([[], []]);
    });

    // PGlite has one connection: two transactions cannot be open at once there.
    if (target.kind === "postgres") it("misses no commit when transactions commit out of order", async () => {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => undefined;
      const inside = new Promise<void>((resolve) => {
        started = resolve;
      });
      // A word the vocabulary knows already: two transactions adding the same
      // new word would wait for each other on search_terms' key.
      await handle.db.execute(sql`INSERT INTO search_terms (word) VALUES ('xunancab') ON CONFLICT DO NOTHING`);
      // The earlier transaction (lower transaction id, lower company id) commits last.
      const earlier = handle.db.transaction(async (tx) => {
        const created = await createCompany(tx, {
          name: "Apicultora Tardía",
          ownerUserId: sellerId,
          isPublished: true,
          shortDescription: "Xunancab de Yucatán.",
        });
        started();
        await gate;
        return created;
      });
      await inside;
      const later = await createCompany(handle.db, {
        name: "Apicultora Temprana",
        ownerUserId: sellerId,
        isPublished: true,
        shortDescription: "Xunancab en Campeche.",
      });
      expect(await both("xunancab")).toEqual([[later.id], [later.id]]);
      release();
      const early = await earlier;
      expect(early.id).toBeLessThan(later.id);
      expect(await both("xunancab")).toEqual([
        [later.id, early.id],
        [later.id, early.id],
      ]);
    });
  });
});
