import { eq, getTableName, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn } from "drizzle-orm/pg-core";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskConfidentialText } from "../../contracts/confidential-text.ts";
import { CompanyListResponse, FILTER_KEYS, type CompanyCard, type CompanyListQuery, type FilterKey } from "../../contracts/marketplace.ts";
import { searchWords } from "../../contracts/search-words.ts";
import { buildApp } from "../../server/app.ts";
import { catalogueNames } from "../../server/catalogues/names.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { intOf, rowsOf, textOf, textOrNullOf } from "../../server/db/rows.ts";
import { companies } from "../../server/companies/schema.ts";
import type { SearchIndex } from "../../server/marketplace/search-index.ts";
import { CARD_COLUMNS, cardOf, cardSourceOf, type CardSource } from "../../server/marketplace/cards.ts";
import { CARD_COMPANY_COLUMNS } from "../../server/marketplace/schema.ts";
import { cardChangeColumns, cardChangeTriggerColumns, syncCardChangeTrigger } from "../../server/db/card-change-trigger.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { parseSearch } from "../../server/marketplace/search-query.ts";
import { SPANISH_STOP_WORDS } from "../../server/marketplace/spanish-stop-words.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { seedBenchCompanies } from "../../scripts/bench/seed-companies.ts";
import { TEST_APP_CONFIG, EVERY_TEST_DATABASE } from "./harness.ts";

// The in-memory marketplace index (docs/decisions/024), the one search path,
// against what the database's rows say (plain queries written here), on
// companies written through the real triggers; and its sync: several server
// processes (here: app instances, each with its own index) over one
// database see every write on their next request, whichever card column
// the write changed (docs/decisions/038).

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

  describe("answers as the database's rows say", () => {
    /** Every id the listing gives, page after page (48 a page). */
    function everyId(index: SearchIndex, query: CompanyListQuery): ReadonlyArray<number> {
      const found: number[] = [];
      for (let page = 1; ; page += 1) {
        const { companies: cards } = index.pageOf({ ...query, page, per_page: 48 });
        if (cards.length === 0) return found;
        found.push(...cards.map((card) => card.id));
      }
    }

    /**
     * The oracle for filters: the listed companies with that value, newest
     * first, by a plain query over the companies table (written here, not
     * the server's filter SQL).
     */
    const FILTER_ORACLE: Readonly<Record<FilterKey, (value: number) => SQL>> = {
      state_id: (value) => sql`c.state_id = ${value}`,
      company_type_id: (value) => sql`c.company_type_id = ${value}`,
      verification_level_id: (value) => sql`c.verification_level_id = ${value}`,
      ebitda_id: (value) => sql`c.ebitda_range_id = ${value}`,
      sales_range_id: (value) => sql`c.yearly_sales_range_id = ${value}`,
      industry_id: (value) => sql`c.id IN (SELECT company_id FROM company_industries WHERE industry_id = ${value})`,
      interest_id: (value) => sql`c.id IN (SELECT company_id FROM company_interests WHERE interest_id = ${value})`,
    };
    const listedIds = async (query: CompanyListQuery): Promise<ReadonlyArray<number>> => {
      const conditions = FILTER_KEYS.flatMap((key) => {
        const value = query[key];
        return value === undefined ? [] : [FILTER_ORACLE[key](value)];
      });
      const rows = rowsOf(await handle.db.execute(sql`SELECT c.id FROM companies c WHERE ${sql.join([sql`c.is_published AND c.is_active`, ...conditions], sql` AND `)} ORDER BY c.id DESC`));
      return rows.map((row) => intOf(row, "id"));
    };

    it("a filter gives exactly the listed companies with that value, newest first, with their cards and totals", async () => {
      const names = await catalogueNames(handle.db);
      const index = await new SearchIndexSync(handle.db).at(0);
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
      let seen = 0;
      for (const query of filters) {
        const expected = await listedIds(query);
        seen += expected.length;
        expect(everyId(index, query), JSON.stringify(query)).toEqual(expected);
        const { items, total, total_capped } = index.list({ ...query, page: 2, per_page: 10 }, names);
        expect([total, total_capped], JSON.stringify(query)).toEqual([expected.length, false]);
        expect(items.map((card) => card.id)).toEqual(expected.slice(10, 20));
      }
      // Not vacuous: the filters select something, and not everything.
      expect(seen).toBeGreaterThan(COMPANIES);
      expect((await listedIds({ state_id: 19 })).length).toBeLessThan((await listedIds({})).length);

      // The cards of the first page show the rows' columns, names masked out of the description.
      const { items } = index.list({ per_page: 48 }, names);
      const rows = new Map(
        rowsOf(await handle.db.execute(sql`SELECT id, human_id, state_id, verification_level_id, short_description, name FROM companies WHERE is_published AND is_active`)).map((row) => [intOf(row, "id"), row]),
      );
      for (const card of items) {
        const row = rows.get(card.id);
        expect(card.human_id).toBe(row?.["human_id"]);
        expect(card.state?.id ?? null).toBe(row?.["state_id"]);
        expect(card.verification_level.id).toBe(row?.["verification_level_id"]);
        expect(card.short_description).toBe(maskConfidentialText(textOrNullOf(row ?? {}, "short_description"), [textOrNullOf(row ?? {}, "name")]));
      }
    });

    it("a search finds only companies whose document has each word (its prefix, or its typo's correction), and misses none that has the words", async () => {
      const index = await new SearchIndexSync(handle.db).at(0);
      // Each listed company's document, as lexemes (company_search holds the listed ones only).
      const documents = new Map(
        rowsOf(await handle.db.execute(sql`SELECT company_id, array_to_string(tsvector_to_array(search_vector), ' ') AS lexemes FROM company_search`)).map((row) => [
          intOf(row, "company_id"),
          textOf(row, "lexemes").split(" "),
        ]),
      );
      const stateOf = new Map(rowsOf(await handle.db.execute(sql`SELECT id, state_id FROM companies`)).map((row) => [intOf(row, "id"), row["state_id"]]));
      const vocabulary = rowsOf(await handle.db.execute(sql`SELECT word FROM search_terms ORDER BY word`)).map((row) => textOf(row, "word"));
      expect(vocabulary.length).toBeGreaterThan(50);
      // Every 9th vocabulary word; phrases with accents and capitals; prefixes as typed; typos.
      const typos: Readonly<Record<string, string>> = { tecnolgia: "tecnologia", desapcho: "despacho", logsitica: "logistica" };
      const searches = [
        ...vocabulary.filter((_, at) => at % 9 === 0),
        "Tecnología",
        "NUEVO LEÓN",
        "logística monterrey",
        "capital para crecimiento",
        "vender 100%",
        "servicios profesionales",
        "tecno",
        "manufac",
        ...Object.keys(typos),
      ];
      for (const [typo, word] of Object.entries(typos)) expect(index.correction(typo), typo).toBe(word);
      const words = [...new Set(searches.flatMap((q) => searchWords(q)).map((word) => typos[word] ?? word))];
      const stems = new Map(
        rowsOf(
          await handle.db.execute(sql`
            SELECT w, array_to_string(tsvector_to_array(to_tsvector('pg_catalog.spanish', w)), ' ') AS stem
            FROM unnest(ARRAY[${sql.join(
              words.map((word) => sql`${word}`),
              sql`, `,
            )}]::text[]) AS w`),
        ).map((row) => [textOf(row, "w"), textOf(row, "stem")]),
      );
      let found = 0;
      let required = 0;
      for (const q of searches) {
        // Stop words are dropped; a typo counts as its correction.
        const meant = searchWords(q)
          .filter((word) => !SPANISH_STOP_WORDS.has(word))
          .map((word) => typos[word] ?? word);
        // A word with synonyms, or an abbreviation (search-synonyms.ts), also finds companies without the word (a typo too, once corrected): for those only "nothing missing" holds.
        const widened = parseSearch(meant.join(" ")).groups.some((group) => group.synonyms.length > 0 || group.words.length > 1 || group.stateIds.length > 0);
        for (const query of [{ q }, { q, state_id: 19 }]) {
          const ids = everyId(index, query);
          const label = JSON.stringify(query);
          found += ids.length;
          // Whatever is found is listed, has the filter's value, and has each word: a lexeme that starts with the word's stem or with the word as typed.
          for (const id of ids) {
            const lexemes = documents.get(id);
            expect(lexemes, `${label}: ${id} is listed`).toBeDefined();
            if (query.state_id !== undefined) expect(stateOf.get(id), label).toBe(query.state_id);
            for (const word of widened ? [] : meant) {
              const stem = stems.get(word) || word;
              expect(
                lexemes?.some((lexeme) => lexeme.startsWith(stem) || lexeme.startsWith(word)),
                `${label}: company ${id} has no lexeme for "${word}" (${stem})`,
              ).toBe(true);
            }
          }
          // Every listed company whose document has each word's stem exactly is found.
          const mustFind = [...documents].filter(
            ([id, lexemes]) => (query.state_id === undefined || stateOf.get(id) === query.state_id) && meant.every((word) => lexemes.includes(stems.get(word) || word)),
          );
          required += mustFind.length;
          const foundSet = new Set(ids);
          // The saved-search alerts' question ("would the listing for q show this company?") answers as the listing does.
          if (query.state_id === undefined) expect([...index.matching(q, [...documents.keys(), -1])].toSorted(), label).toEqual(ids.toSorted());
          expect(
            mustFind.map(([id]) => id).filter((id) => !foundSet.has(id)),
            `${label}: missing`,
          ).toEqual([]);
        }
      }
      // Not vacuous: searches find companies, and most of what they find was required by the oracle.
      expect(required).toBeGreaterThan(500);
      expect(found).toBeGreaterThanOrEqual(required);
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

  describe("the card's columns, one definition (CARD_COMPANY_COLUMNS)", () => {
    const versionNow = async (): Promise<number> => {
      const [row] = rowsOf(await handle.db.execute(sql`SELECT version FROM marketplace_state WHERE id = 1`));
      return Number(row?.["version"]);
    };
    const changesOf = async (id: number): Promise<number> => {
      const [row] = rowsOf(await handle.db.execute(sql`SELECT count(*)::int AS n FROM marketplace_changes WHERE company_id = ${id}`));
      return Number(row?.["n"]);
    };
    /** The company's card data as the database has it now. */
    const cardInDatabase = async (id: number): Promise<CardSource> => {
      const [row] = rowsOf(await handle.db.execute(sql`SELECT ${CARD_COLUMNS} FROM companies c WHERE c.id = ${id}`));
      if (row === undefined) throw new Error(`no company ${id}`);
      return cardSourceOf(row);
    };
    const foreignKeys = getTableConfig(companies).foreignKeys.map((key) => key.reference());
    /** A value of `column` other than `current`: text changed, or another row of the catalogue a foreign key names. */
    const anotherValue = async (column: PgColumn, current: unknown): Promise<string | number> => {
      if (column.dataType === "string") return `${typeof current === "string" ? current : "Valor"} cambiado ${column.name}`;
      const reference = foreignKeys.find((key) => key.columns.some((one) => one.name === column.name));
      if (column.dataType === "number" && reference !== undefined) {
        const [row] = rowsOf(
          await handle.db.execute(sql`SELECT min(id) AS id FROM ${sql.identifier(getTableName(reference.foreignTable))} WHERE id IS DISTINCT FROM ${current === null ? null : Number(current)}::int`),
        );
        return intOf(row ?? {}, "id");
      }
      throw new Error(`no test value for the card column ${column.name} (${column.dataType}): teach anotherValue one`);
    };

    it("the trigger compares exactly the definition's columns, and migrating rewrites it when it does not", async () => {
      expect(await cardChangeTriggerColumns(handle.db)).toEqual(cardChangeColumns().toSorted());
      expect(cardChangeColumns().length).toBeGreaterThanOrEqual(11);
      // Migration 0021's hand-written list (names and description only), as a database migrated before the definition had it.
      await handle.db.execute(sql`DROP TRIGGER companies_log_card_change ON companies`);
      await handle.db.execute(sql`
        CREATE TRIGGER companies_log_card_change AFTER UPDATE ON public.companies FOR EACH ROW
        WHEN ((OLD.human_id, OLD.picture_url, OLD.short_description, OLD.name, OLD.legal_name, OLD.comercial_name)
              IS DISTINCT FROM (NEW.human_id, NEW.picture_url, NEW.short_description, NEW.name, NEW.legal_name, NEW.comercial_name))
        EXECUTE FUNCTION public.log_marketplace_card_change()`);
      expect(await cardChangeTriggerColumns(handle.db)).toEqual(["comercial_name", "human_id", "legal_name", "name", "picture_url", "short_description"]);
      await handle.migrate();
      expect(await cardChangeTriggerColumns(handle.db)).toEqual(cardChangeColumns().toSorted());
      // Missing altogether: written again.
      await handle.db.execute(sql`DROP TRIGGER companies_log_card_change ON companies`);
      expect(await cardChangeTriggerColumns(handle.db)).toBeNull();
      expect(await syncCardChangeTrigger(handle.db)).toBe(true);
      // Equal: left alone (a start takes no lock on companies).
      expect(await syncCardChangeTrigger(handle.db)).toBe(false);
      expect(await cardChangeTriggerColumns(handle.db)).toEqual(cardChangeColumns().toSorted());
      if (target.kind === "postgres") {
        // Several processes starting at once: one rewrites, the others wait for it and find it equal.
        await handle.db.execute(sql`DROP TRIGGER companies_log_card_change ON companies`);
        const rewrites = await Promise.all([1, 2, 3].map(() => syncCardChangeTrigger(handle.db)));
        expect(rewrites.toSorted()).toEqual([false, false, true]);
        expect(await cardChangeTriggerColumns(handle.db)).toEqual(cardChangeColumns().toSorted());
      }
    });

    it("an update of each column is logged and reaches another process's index; a column the card does not read is not logged", async () => {
      const company = await createCompany(handle.db, {
        name: "Cartonera del Golfo",
        legalName: "Cartonera del Golfo S.A. de C.V.",
        comercialName: "Cartonera Golfo",
        ownerUserId: sellerId,
        isPublished: true,
        pictureUrl: "https://example.mx/logo.png",
        shortDescription: "Cajas de cartón corrugado en Veracruz.",
        stateId: 30,
        companyTypeId: 1,
        verificationLevelId: 2,
        yearlySalesRangeId: 2,
        ebitdaRangeId: 2,
        industryIds: [3],
      });
      const other = new SearchIndexSync(handle.db);
      /** The company's card data in the other process's index, synced to now (the newest company: the first of the listing). */
      const names = await catalogueNames(handle.db);
      // The index keeps the card, not its row (the names only mask the description): compared as cards.
      const cardInIndex = async (): Promise<CompanyCard | undefined> => (await other.at(await versionNow())).list({ per_page: 1 }, names).items.find((card) => card.id === company.id);
      expect(await cardInIndex()).toEqual(cardOf(await cardInDatabase(company.id), names));
      for (const column of CARD_COMPANY_COLUMNS) {
        const before = await cardInDatabase(company.id);
        const [row] = rowsOf(await handle.db.execute(sql`SELECT ${sql.identifier(column.name)} AS v FROM companies WHERE id = ${company.id}`));
        const value = await anotherValue(column, row?.["v"] ?? null);
        const logged = await changesOf(company.id);
        await handle.db.execute(sql`UPDATE companies SET ${sql.identifier(column.name)} = ${value} WHERE id = ${company.id}`);
        expect(await changesOf(company.id), column.name).toBeGreaterThan(logged);
        const after = await cardInDatabase(company.id);
        expect(after, column.name).not.toEqual(before);
        expect(await cardInIndex(), column.name).toEqual(cardOf(after, names));
      }
      const logged = await changesOf(company.id);
      await handle.db.execute(sql`UPDATE companies SET rfc = 'CGO900101AB1', headcount = 40 WHERE id = ${company.id}`);
      expect(await changesOf(company.id)).toBe(logged);
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
