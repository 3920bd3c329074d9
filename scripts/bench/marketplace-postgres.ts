// npm run bench:marketplace-postgres [-- --rebuild --clients 2,8,50 --duration 20 --storage split[,weighted] --walks informed|planner --ranking walk|case --skip-check --explain PATH]
//
// Issue 29: "PostgreSQL done properly", measured on the same long-tail mix
// as `npm run bench:marketplace` (./marketplace-mix.ts, ./marketplace-queries.ts)
// against the 100,000-company benchmark database `puente_bench` (seed it with
// `npm run bench:marketplace -- --seed-only --keep-database`). It answers every listing from
// PostgreSQL alone, the way a server without the in-memory index would
// (docs/performance/marketplace.md, "Issue 29: PostgreSQL done properly"):
//
// - a schema of its own, `postgres_listing` (PostgreSQL reserves the `pg_`
//   prefix for system schemas; built by --rebuild, or when absent; never
//   dropped; `public` is only read): one row per listed company with its
//   filter columns, industry and interest ids as int arrays (GIN), the
//   search document `v` and its lexemes by best weight `va`…`vd`, each with
//   a GIN index, twice: `companies` keeps the level vectors in the row (for
//   walks that test them row by row), `matches` keeps every vector out of
//   line (a narrow heap for what GIN finds: counts, branches); and `cards`,
//   each card's public JSON built once by the server's own cardOf (masking
//   included), so a page is one statement over indexes;
// - search words rewritten before the query, in this process, as the index
//   does (SearchIndex.resolveWord): stop words dropped, a word becomes the
//   lexemes of the vocabulary stems and lexemes it starts (as exact lexemes,
//   so the planner's statistics apply; as `prefix:*` past 32 of them), and
//   a word that starts nothing becomes its nearest vocabulary word
//   (typoDistance, the index's distance and tie-break);
// - ranking as the index ranks: the sum of each word's best level (A 4 …
//   D 1), newest first within a level. `walk` (default) is a UNION ALL of one
//   query per level combination, best first, each ORDER BY id DESC LIMIT the
//   page's end, under one LIMIT, so PostgreSQL stops when the page is full;
//   `case` computes the level in an ORDER BY over every match (searches of
//   more than 3 words always use it, as the index scores them into buckets);
//   ts_rank, the old listing's order, is only EXPLAINed, for comparison;
// - storage `split`: a word's level read from the level columns;
//   `weighted`: from the one column `v` with weight-restricted lexemes
//   (`'tecnologi':A`), which GIN must recheck on the (out-of-line) vector;
// - counts capped: count(*) over a LIMIT 1001 subquery.
//
// Before the load it checks that every distinct listing of the mix answers
// exactly what the in-memory index answers (same JSON: cards, order, total;
// --skip-check skips it) and times each once, prints EXPLAIN (ANALYZE,
// BUFFERS) of representative listings (--explain PATH for others), then, per
// storage and pool size, runs the mix closed-loop through a pg.Pool (as many
// requests in flight as clients) for --duration seconds, and prints req/s
// and p50/p95/p99 with the load average. This is an upper bound for a server
// answering from PostgreSQL: no HTTP, no request validation, no event loop
// shared with other work.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { DEFAULT_PAGE_SIZE } from "../../contracts/list-query.ts";
import { FILTER_KEYS, TOTAL_COUNT_CAP, type CompanyListQuery, type FilterKey } from "../../contracts/marketplace.ts";
import { searchWords } from "../../contracts/search-words.ts";
import { catalogueNames, type CatalogueNames } from "../../server/catalogues/names.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { rowsOf } from "../../server/db/rows.ts";
import { CARD_COLUMNS, cardOf, cardSourceOf } from "../../server/marketplace/cards.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { SPANISH_STOP_WORDS } from "../../server/marketplace/spanish-stop-words.ts";
import { typoDistance, typoLimit } from "../../server/marketplace/typo-distance.ts";
import { interleave, querySources, requestMix } from "./marketplace-mix.ts";
import { generatedQueries } from "./marketplace-queries.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "puente_bench" },
    rebuild: { type: "boolean", default: false },
    clients: { type: "string", default: "2,8,50" },
    duration: { type: "string", default: "20" },
    distinct: { type: "string", default: "2200" },
    storage: { type: "string", default: "split" },
    ranking: { type: "string", default: "walk" },
    "skip-check": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    /** EXPLAIN these listing paths instead of the representative ones, then stop. */
    explain: { type: "string", multiple: true },
    walks: { type: "string", default: "informed" },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
/**
 * The sessions' planner settings, as a server for this workload would set
 * them: every page is in memory (random reads cost about what sequential
 * ones do), JIT compilation (milliseconds) never pays off for a 12-row
 * page, no listing is better served by a sequential scan (under a
 * LIMIT the planner picks one for the capped count when it expects the
 * matches early, and its cost model omits decompressing each row's
 * vectors), and parallel workers only add processes to 50 concurrent
 * listings on 2 cores.
 */
const SESSION_OPTIONS = "-c random_page_cost=1.1 -c jit=off -c enable_seqscan=off -c max_parallel_workers_per_gather=0";

type Storage = "split" | "weighted";
type Ranking = "walk" | "case" | "ts_rank";
const storages = args.storage.split(",").map((value): Storage => {
  if (value !== "split" && value !== "weighted") throw new Error(`--storage: split or weighted, not ${value}`);
  return value;
});
/**
 * When the planner may answer "newest first, LIMIT n" by walking the id
 * order and filtering each row: it stops early when matches are dense, and
 * reads the whole table when its estimate was wrong (two conditions it
 * takes as independent, a word that is at B in the companies where the
 * other is at C, a city and another state: "Rows Removed by Filter: 93000").
 * `planner` lets it choose; `informed` decides in the client, from the
 * exact counts it holds (each word's companies per level, each filter
 * value's companies): a walk only where at least WALK_FACTOR times the
 * page's end is expected to match, and never for a branch of several words
 * (their levels are correlated); elsewhere `ORDER BY c.id + 0` makes it read
 * the matches through the indexes and keep the newest, a cost bounded by
 * the matches.
 */
const walks = ((): "planner" | "informed" => {
  if (args.walks !== "planner" && args.walks !== "informed") throw new Error(`--walks: planner or informed, not ${args.walks}`);
  return args.walks;
})();
/** A walk is expected to read (listed / matches) × end rows: at most 1/20 of the table. */
const WALK_FACTOR = 20;
const ranking = ((): Ranking => {
  if (args.ranking !== "walk" && args.ranking !== "case") throw new Error(`--ranking: walk or case, not ${args.ranking}`);
  return args.ranking;
})();

function benchUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/puente_bench");
  if (!LOOPBACK.has(url.hostname)) throw new Error(`The benchmark only runs against a database on this machine; DATABASE_URL points at ${url.hostname}.`);
  url.pathname = `/${args.database}`;
  return url.toString();
}

// --- The schema postgres_listing ------------------------------------------------------------

/** What the planner is told a match on an out-of-line vector costs: ~4 buffer reads (TOAST index and heap) / cpu_operator_cost 0.0025. */
const OUT_OF_LINE_MATCH_COST = 1000;
/** The listing, its level columns in the row: filtered row by row when the id order is walked. */
const WIDE = "postgres_listing.companies";
/** The same listing with every vector out of line: read through its indexes (counts, branches that are not walked). */
const NARROW = "postgres_listing.matches";
const LEVEL_COLUMNS = ["va", "vb", "vc", "vd"] as const;
/**
 * The level columns stay in the row (A ~40 bytes, B ~250, C ~800; MAIN:
 * compressed in place): a filter on one must not fetch it from TOAST row by
 * row (the planner does not count that cost; with C out of line a deep page
 * of a C word cost 46,000 buffer reads). The whole document goes out of line.
 */
const INLINE_COLUMNS: ReadonlySet<string> = new Set(LEVEL_COLUMNS);

/**
 * (Re)build postgres_listing from `public` (read only): the listed companies
 * (company_search holds exactly those) with their filters, ids, document
 * and lexemes per level, and their cards.
 *
 * Each lexeme sits in the column of its best weight only (va: it has an A
 * position; vb: a B one and no A; …), as the index keeps one level per
 * lexeme: a one-lexeme word's level is then one `@@` without a NOT, and the
 * planner's per-column statistics (STATISTICS 10000: every lexeme is a
 * most common element) describe exactly the sets a query walks.
 */
async function rebuild(pool: pg.Pool, handle: DatabaseHandle, names: CatalogueNames): Promise<void> {
  const startedAt = performance.now();
  await pool.query("CREATE SCHEMA IF NOT EXISTS postgres_listing");
  await pool.query("DROP TABLE IF EXISTS postgres_listing.companies, postgres_listing.matches, postgres_listing.cards");
  // `@@` as the planner should cost it on the narrow table: there a match
  // evaluated row by row (a filter, not an index condition) fetches the
  // vector from TOAST, a few buffer reads, which the built-in operator's
  // cost (one CPU operation) leaves out, so it would filter on the vectors
  // where two GIN indexes and a BitmapAnd are far cheaper. Same function,
  // estimator and GIN support functions as the built-in tsvector_ops.
  await pool.query("DROP OPERATOR CLASS IF EXISTS postgres_listing.tsvector_out_of_line_ops USING gin CASCADE");
  await pool.query("DROP OPERATOR IF EXISTS postgres_listing.@@ (tsvector, tsquery)");
  await pool.query(`
    CREATE OR REPLACE FUNCTION postgres_listing.match_out_of_line(tsvector, tsquery) RETURNS boolean
    LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE COST ${OUT_OF_LINE_MATCH_COST} AS 'ts_match_vq'`);
  await pool.query(`
    CREATE OPERATOR postgres_listing.@@ (
      LEFTARG = tsvector, RIGHTARG = tsquery, FUNCTION = postgres_listing.match_out_of_line,
      RESTRICT = tsmatchsel, JOIN = tsmatchjoinsel)`);
  await pool.query(`
    CREATE OPERATOR CLASS postgres_listing.tsvector_out_of_line_ops FOR TYPE tsvector USING gin AS
      OPERATOR 1 postgres_listing.@@ (tsvector, tsquery),
      FUNCTION 1 gin_cmp_tslexeme(text, text),
      FUNCTION 2 gin_extract_tsvector(tsvector, internal, internal),
      FUNCTION 3 gin_extract_tsquery(tsvector, internal, smallint, internal, internal, internal, internal),
      FUNCTION 4 gin_tsquery_consistent(internal, smallint, tsvector, integer, internal, internal, internal, internal),
      FUNCTION 5 gin_cmp_prefix(text, text, smallint, internal),
      FUNCTION 6 gin_tsquery_triconsistent(internal, smallint, tsvector, integer, internal, internal, internal),
      STORAGE text`);
  await pool.query(`
    CREATE TABLE postgres_listing.companies (
      id int PRIMARY KEY,
      state_id int, company_type_id int, verification_level_id int NOT NULL,
      ebitda_range_id int, sales_range_id int,
      industry_ids int[] NOT NULL, interest_ids int[] NOT NULL,
      va tsvector NOT NULL, vb tsvector NOT NULL, vc tsvector NOT NULL, vd tsvector NOT NULL,
      v tsvector NOT NULL
    ) WITH (toast_tuple_target = 128)`);
  await pool.query(`
    ALTER TABLE postgres_listing.companies
      ${[...LEVEL_COLUMNS, "v"].map((column) => `ALTER ${column} SET STORAGE ${INLINE_COLUMNS.has(column) ? "MAIN" : "EXTERNAL"}, ALTER ${column} SET STATISTICS 10000`).join(", ")}`);
  await pool.query(`
    INSERT INTO postgres_listing.companies
    SELECT s.company_id, s.state_id, s.company_type_id, s.verification_level_id, s.ebitda_range_id, s.yearly_sales_range_id,
           ARRAY(SELECT ci.industry_id FROM public.company_industries ci WHERE ci.company_id = s.company_id ORDER BY 1),
           ARRAY(SELECT cn.interest_id FROM public.company_interests cn WHERE cn.company_id = s.company_id ORDER BY 1),
           ts_filter(s.search_vector, '{a}'),
           ts_delete(ts_filter(s.search_vector, '{b}'), tsvector_to_array(ts_filter(s.search_vector, '{a}'))),
           ts_delete(ts_filter(s.search_vector, '{c}'), tsvector_to_array(ts_filter(s.search_vector, '{a,b}'))),
           ts_delete(ts_filter(s.search_vector, '{d}'), tsvector_to_array(ts_filter(s.search_vector, '{a,b,c}'))),
           s.search_vector
    FROM public.company_search s
    ORDER BY s.company_id`);
  // The narrow copy: a capped count or a branch read through GIN still
  // visits each match's heap page (PostgreSQL 15.13+ no longer skips
  // all-visible pages in bitmap scans), so there the fewer pages the better.
  await pool.query(`
    CREATE TABLE postgres_listing.matches WITH (toast_tuple_target = 128) AS
    SELECT id, state_id, company_type_id, verification_level_id, ebitda_range_id, sales_range_id, industry_ids, interest_ids, va, vb, vc, vd, v
    FROM postgres_listing.companies WHERE false`);
  await pool.query(`
    ALTER TABLE postgres_listing.matches ADD PRIMARY KEY (id),
      ${[...LEVEL_COLUMNS, "v"].map((column) => `ALTER ${column} SET STORAGE EXTERNAL, ALTER ${column} SET STATISTICS 10000`).join(", ")},
      ALTER industry_ids SET STORAGE MAIN, ALTER interest_ids SET STORAGE MAIN`);
  await pool.query(`
    INSERT INTO postgres_listing.matches
    SELECT id, state_id, company_type_id, verification_level_id, ebitda_range_id, sales_range_id, industry_ids, interest_ids, va, vb, vc, vd, v
    FROM postgres_listing.companies ORDER BY id`);
  await pool.query("CREATE TABLE postgres_listing.cards (id int PRIMARY KEY, card text NOT NULL)");
  const rows = rowsOf(
    await handle.db.execute(sql`SELECT ${CARD_COLUMNS} FROM public.companies c JOIN public.company_search s ON s.company_id = c.id ORDER BY c.id`),
  );
  const batch = 5000;
  for (let from = 0; from < rows.length; from += batch) {
    const sources = rows.slice(from, from + batch).map(cardSourceOf);
    await pool.query("INSERT INTO postgres_listing.cards SELECT * FROM unnest($1::int[], $2::text[])", [
      sources.map((source) => source.id),
      sources.map((source) => JSON.stringify(cardOf(source, names))),
    ]);
  }
  for (const table of [WIDE, NARROW]) {
    for (const column of ["state_id", "company_type_id", "verification_level_id", "ebitda_range_id", "sales_range_id"]) {
      await pool.query(`CREATE INDEX ON ${table} (${column}, id)`);
    }
    for (const column of ["industry_ids", "interest_ids"]) await pool.query(`CREATE INDEX ON ${table} USING gin (${column})`);
    for (const column of [...LEVEL_COLUMNS, "v"]) {
      await pool.query(`CREATE INDEX ON ${table} USING gin (${column}${table === NARROW ? " postgres_listing.tsvector_out_of_line_ops" : ""})`);
    }
  }
  for (const table of [WIDE, NARROW, "postgres_listing.cards"]) await pool.query(`VACUUM ANALYZE ${table}`);
  log(`postgres_listing rebuilt in ${Math.round((performance.now() - startedAt) / 1000)} s: ${rows.length} listed companies.`);
}

async function listingExists(pool: pg.Pool): Promise<boolean> {
  const result = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'postgres_listing' AND tablename IN ('companies', 'matches', 'cards')",
  );
  return result.rows[0]?.n === 3;
}

async function sizes(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ name: string; heap: string; toast: string; indexes: string }>(`
    SELECT c.relname AS name, pg_size_pretty(pg_relation_size(c.oid)) AS heap,
           pg_size_pretty(pg_table_size(c.oid) - pg_relation_size(c.oid)) AS toast,
           pg_size_pretty(pg_indexes_size(c.oid)) AS indexes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'postgres_listing' AND c.relkind = 'r'
    ORDER BY c.relname`);
  return result.rows.map((row) => `postgres_listing.${row.name}: heap ${row.heap}, out of line ${row.toast}, indexes ${row.indexes}`).join("\n");
}

// --- Words rewritten before the query ---------------------------------------------------

/** Each filter's column in postgres_listing.companies. */
const FILTER_SQL_COLUMNS: Readonly<Record<FilterKey, string>> = {
  state_id: "state_id",
  company_type_id: "company_type_id",
  verification_level_id: "verification_level_id",
  ebitda_id: "ebitda_range_id",
  sales_range_id: "sales_range_id",
  industry_id: "industry_ids",
  interest_id: "interest_ids",
};

/** A level (4 A … 1 D) and its weight letter. */
const LETTER = { 4: "A", 3: "B", 2: "C", 1: "D" } as const;
type Level = keyof typeof LETTER;
const LEVELS: ReadonlyArray<Level> = [4, 3, 2, 1];

/** The first index of a sorted array whose value is >= key. */
function lowerBound(sorted: ReadonlyArray<string>, key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? "") < key) low = middle + 1;
    else high = middle;
  }
  return low;
}
const startsAny = (sorted: ReadonlyArray<string>, prefix: string): boolean => (sorted[lowerBound(sorted, prefix)] ?? "").startsWith(prefix);
function withPrefix(sorted: ReadonlyArray<string>, prefix: string): ReadonlyArray<string> {
  const from = lowerBound(sorted, prefix);
  let to = from;
  while (to < sorted.length && (sorted[to] ?? "").startsWith(prefix)) to += 1;
  return sorted.slice(from, to);
}

/** A search word as the query will look for it. */
interface SearchTerm {
  /** Exact lexemes, or prefixes (`prefix`) when the word starts more than MAX_LEXEMES lexemes. */
  readonly terms: ReadonlyArray<string>;
  readonly prefix: boolean;
  /** How many listed companies hold one of its lexemes at best at each level (A … D); 0: that level is skipped. */
  readonly companiesAt: Readonly<Record<Level, number>>;
}

/** Past this many lexemes a word is sent as prefixes (`'1':*`): numbers start hundreds of lexemes. */
const MAX_LEXEMES = 32;

/**
 * What a server answering from PostgreSQL keeps in memory to rewrite search
 * words before the query: the vocabulary (search_terms, with each word's
 * stem) and the listed documents' lexemes with how many companies hold each
 * at each best level (ts_stat per level column), a few hundred kB, kept
 * fresh from the same change log the index reads. Same rules as
 * SearchIndex.resolveWord and SearchIndex.correction, so the rewritten query
 * matches the same lexemes; and, as the index skips a word's empty levels,
 * the query leaves out the levels where a word has no company (PostgreSQL
 * estimates a lexeme a column lacks at 0.5% of the rows, and would walk the
 * whole table looking for it).
 */
class Vocabulary {
  private readonly wordsByLength = new Map<number, string[]>();

  private constructor(
    private readonly stems: ReadonlyMap<string, string | null>,
    private readonly sortedWords: ReadonlyArray<string>,
    private readonly sortedLexemes: ReadonlyArray<string>,
    private readonly companiesWith: ReadonlyMap<string, number>,
    private readonly companiesAtLevel: ReadonlyMap<string, Readonly<Record<Level, number>>>,
    /** Listed companies, and how many hold each filter value ("filter=value" → companies). */
    readonly listed: number,
    private readonly companiesWithFilter: ReadonlyMap<string, number>,
  ) {
    for (const word of sortedWords) {
      const same = this.wordsByLength.get(word.length);
      if (same === undefined) this.wordsByLength.set(word.length, [word]);
      else same.push(word);
    }
  }

  static async load(pool: pg.Pool): Promise<Vocabulary> {
    const words = await pool.query<{ word: string; stem: string | null }>(`
      SELECT st.word, (SELECT min(l) FROM unnest(tsvector_to_array(to_tsvector('pg_catalog.spanish', st.word))) AS l) AS stem
      FROM public.search_terms st`);
    const stat = async (column: string) =>
      (await pool.query<{ word: string; ndoc: number }>(`SELECT word, ndoc FROM ts_stat('SELECT ${column} FROM postgres_listing.companies')`)).rows;
    const lexemes = await stat("v");
    const atLevel = new Map<string, Record<Level, number>>();
    for (const [index, column] of LEVEL_COLUMNS.entries()) {
      const level = LEVELS[index] as Level;
      for (const row of await stat(column)) {
        const counts = atLevel.get(row.word) ?? { 4: 0, 3: 0, 2: 0, 1: 0 };
        counts[level] = row.ndoc;
        atLevel.set(row.word, counts);
      }
    }
    const filterCounts = await pool.query<{ filter: string; value: number; n: number }>(
      FILTER_KEYS.map((key) => {
        const column = FILTER_SQL_COLUMNS[key];
        const value = column.endsWith("_ids") ? `unnest(${column})` : column;
        return `SELECT '${key}' AS filter, v AS value, count(*)::int AS n FROM (SELECT ${value} AS v FROM postgres_listing.companies) f WHERE v IS NOT NULL GROUP BY v`;
      }).join(" UNION ALL "),
    );
    const listed = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM postgres_listing.companies");
    const stems = new Map(words.rows.map((row) => [row.word, row.stem]));
    return new Vocabulary(
      stems,
      [...stems.keys()].sort(),
      lexemes.map((row) => row.word).sort(),
      new Map(lexemes.map((row) => [row.word, row.ndoc])),
      atLevel,
      listed.rows[0]?.n ?? 0,
      new Map(filterCounts.rows.map((row) => [`${row.filter}=${row.value}`, row.n])),
    );
  }

  /** The share of the listed companies with this filter value. */
  shareWith(filter: FilterKey, value: number): number {
    return (this.companiesWithFilter.get(`${filter}=${value}`) ?? 0) / Math.max(1, this.listed);
  }

  /** A search word as the query will use it; null for a stop word (dropped), or when it matches nothing. */
  term(word: string): SearchTerm | "stop word" | null {
    if (SPANISH_STOP_WORDS.has(word)) return "stop word";
    const prefixes = new Set<string>();
    for (const known of withPrefix(this.sortedWords, word)) {
      const stem = this.stems.get(known);
      if (stem !== null && stem !== undefined && startsAny(this.sortedLexemes, stem)) prefixes.add(stem);
    }
    if (startsAny(this.sortedLexemes, word)) prefixes.add(word);
    if (prefixes.size === 0) {
      const corrected = this.correction(word);
      const stem = corrected === null ? null : this.stems.get(corrected);
      if (stem !== null && stem !== undefined && startsAny(this.sortedLexemes, stem)) prefixes.add(stem);
    }
    if (prefixes.size === 0) return null;
    // A prefix another one starts adds nothing ('tecnolog':* holds 'tecnologi':*).
    const minimal = [...prefixes].filter((prefix) => ![...prefixes].some((other) => other !== prefix && prefix.startsWith(other))).sort();
    const lexemes = minimal.flatMap((prefix) => withPrefix(this.sortedLexemes, prefix));
    const companiesAt: Record<Level, number> = { 4: 0, 3: 0, 2: 0, 1: 0 };
    for (const lexeme of lexemes) {
      for (const level of LEVELS) companiesAt[level] += this.companiesAtLevel.get(lexeme)?.[level] ?? 0;
    }
    const prefix = lexemes.length > MAX_LEXEMES;
    return { terms: prefix ? minimal : lexemes, prefix, companiesAt };
  }

  /** SearchIndex.correction: the nearest vocabulary word, then the one more companies hold, then alphabetical. */
  correction(word: string): string | null {
    if (word.length < 4) return null;
    const limit = typoLimit(word.length);
    let best: string | null = null;
    let bestDistance = limit + 1;
    let bestFrequency = -1;
    for (let length = word.length - limit; length <= word.length + limit; length += 1) {
      for (const candidate of this.wordsByLength.get(length) ?? []) {
        const distance = typoDistance(word, candidate, Math.min(limit, bestDistance));
        if (distance > limit || distance > bestDistance) continue;
        const stem = this.stems.get(candidate);
        const frequency = stem === null || stem === undefined ? 0 : (this.companiesWith.get(stem) ?? 0);
        if (distance < bestDistance || frequency > bestFrequency || (frequency === bestFrequency && best !== null && candidate < best)) {
          best = candidate;
          bestDistance = distance;
          bestFrequency = frequency;
        }
      }
    }
    return best;
  }
}

// --- The listing as one statement ---------------------------------------------------------

/** Searches of up to this many words walk level combinations (4^n of them), as the index does. */
const COMBINED_WORDS = 3;

/** A word's tsquery text: any of its lexemes (or prefixes), restricted to weights when given ('tecnologi':AB). */
const tsQueryOf = (term: SearchTerm, weights = ""): string => {
  const marks = `${term.prefix ? ":*" : ""}${weights === "" ? "" : `${term.prefix ? "" : ":"}${weights}`}`;
  return `(${term.terms.map((lexeme) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${marks}`).join(" | ")})`;
};

interface Statement {
  readonly text: string;
  readonly values: unknown[];
}

interface PlannedListing {
  /** null: a word matches nothing, the answer is empty without a query. */
  readonly statement: Statement | null;
  readonly page: number;
  readonly perPage: number;
}

/**
 * The one statement for a page: the ranked ids of the page (`page`), the
 * capped count, and the page's cards joined in display order.
 */
function planListing(query: CompanyListQuery, vocabulary: Vocabulary, storage: Storage, order: Ranking): PlannedListing {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * perPage;
  const end = Math.min(offset + perPage, TOTAL_COUNT_CAP + 1);
  const words: SearchTerm[] = [];
  for (const word of query.q === undefined ? [] : searchWords(query.q)) {
    const term = vocabulary.term(word);
    if (term === "stop word") continue;
    if (term === null) return { statement: null, page, perPage };
    words.push(term);
  }
  const values: unknown[] = [];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const chosenFilters = FILTER_KEYS.flatMap((key) => {
    const value = query[key];
    return value === undefined ? [] : [{ column: FILTER_SQL_COLUMNS[key], placeholder: param(value) }];
  });
  const filters = chosenFilters.map(({ column, placeholder }) =>
    column.endsWith("_ids") ? `c.${column} @> ARRAY[${placeholder}::int]` : `c.${column} = ${placeholder}`,
  );
  /** The same filters in a form no index serves, checked on the rows a GIN search found. */
  const checkedFilters = chosenFilters.map(({ column, placeholder }) =>
    column.endsWith("_ids") ? `${placeholder}::int = ANY(c.${column})` : `c.${column} + 0 = ${placeholder}`,
  );
  // Each tsquery text once, as a parameter.
  const placeholders = new Map<string, string>();
  const tsQuery = (text: string): string => {
    let placeholder = placeholders.get(text);
    if (placeholder === undefined) {
      placeholder = `${param(text)}::tsquery`;
      placeholders.set(text, placeholder);
    }
    return placeholder;
  };
  /** The levels at which a word has companies, best first (the others are left out of the query). */
  const levelsOf = (word: number): ReadonlyArray<Level> => LEVELS.filter((level) => (words[word]?.companiesAt[level] ?? 0) > 0);
  /** The word has a lexeme at one of these levels. */
  const hasAt = (word: number, levels: ReadonlyArray<Level>): string => {
    const term = words[word] as SearchTerm;
    if (storage === "weighted") return `c.v @@ ${tsQuery(tsQueryOf(term, levels.map((level) => LETTER[level]).join("")))}`;
    const tests = levels.map((level) => `c.v${LETTER[level].toLowerCase()} @@ ${tsQuery(tsQueryOf(term))}`);
    return tests.length === 1 ? (tests[0] ?? "") : `(${tests.join(" OR ")})`;
  };
  /**
   * The word's best level is exactly `level`: it has it, and none of its
   * lexemes is at a better level in the company. A one-lexeme word needs no
   * NOT with the split columns (a lexeme is in one column); the weighted
   * column holds every position of a lexeme, so it does.
   */
  const exactly = (word: number, level: Level): string => {
    const above = levelsOf(word).filter((other) => other > level);
    const single = storage === "split" && !(words[word]?.prefix ?? true) && words[word]?.terms.length === 1;
    return above.length === 0 || single ? hasAt(word, [level]) : `${hasAt(word, [level])} AND NOT ${hasAt(word, above)}`;
  };
  /** Every word matches, at some level: the count's condition (one GIN search of the whole document for all the words). */
  const everyWord = words.length === 0 ? [] : [`c.v @@ ${tsQuery(words.map((term) => tsQueryOf(term)).join(" & "))}`];
  const where = (conditions: ReadonlyArray<string>) => (conditions.length === 0 ? "" : `WHERE ${conditions.join(" AND ")}`);
  const levelOf = (word: number): string => {
    const levels = levelsOf(word);
    const cases = levels.slice(0, -1).map((level) => `WHEN ${hasAt(word, [level])} THEN ${level}`);
    return cases.length === 0 ? String(levels[0] ?? 1) : `CASE ${cases.join(" ")} ELSE ${levels.at(-1) ?? 1} END`;
  };

  /** The expected share of the listed companies that pass the filters (taken as independent), from the exact counts. */
  const filterShare = FILTER_KEYS.reduce((share, key) => {
    const value = query[key];
    return value === undefined ? share : share * vocabulary.shareWith(key, value);
  }, 1);
  /** Newest first, as a walk of the id order only when `expected` matches (null: not known) make it short. */
  /** Conditions on the narrow table use its costed `@@` (the tsquery texts are parameters: " @@ " is only ever the operator). */
  const costed = (condition: string): string => condition.replaceAll(" @@ ", " OPERATOR(postgres_listing.@@) ");
  /**
   * Where and how the rows matching one search condition (or none) and the
   * filters are read, newest first:
   * - a walk of the id order, where `expected` says it is short: on the
   *   wide table when it must test vectors row by row (they are in its
   *   rows), else on the narrow one;
   * - otherwise through the indexes, keeping the newest: on the narrow
   *   table when at most one vector condition drives it (GIN finds the
   *   rows, the filters are checked on them: the planner cannot choose to
   *   test a vector fetched from TOAST on every row of a filter's index),
   *   on the wide table for several (their tests read the row's vectors).
   * The weighted storage reads the wide table only (its document is there).
   */
  const read = (vector: string | null, several: boolean, expected: number | null, limit: string): string => {
    // The count (no order) is never a walk.
    const walk = limit !== "" && (walks === "planner" || (expected !== null && expected >= WALK_FACTOR * end));
    const narrowOk = storage === "split" && (vector === null || !several);
    const table = walk ? (vector === null && storage === "split" ? NARROW : WIDE) : narrowOk ? NARROW : WIDE;
    const conditions =
      table === NARROW && vector !== null ? [costed(vector), ...checkedFilters] : [...(vector === null ? [] : [vector]), ...filters];
    return `FROM ${table} c ${where(conditions)} ${limit === "" ? "" : `ORDER BY ${walk ? "c.id DESC" : "c.id + 0 DESC"} LIMIT ${limit}`}`;
  };

  let ranked: string;
  if (words.length === 0) {
    // One scalar filter has its (filter, id) index: an exact walk.
    const exactIndex = chosenFilters.length === 0 || (chosenFilters.length === 1 && !chosenFilters[0]?.column.endsWith("_ids"));
    ranked = `SELECT 0 AS score, c.id ${read(null, false, exactIndex ? Infinity : filterShare * vocabulary.listed, String(end))}`;
  } else if (order === "ts_rank") {
    const all = tsQuery(words.map((term) => tsQueryOf(term)).join(" & "));
    ranked = `SELECT ts_rank(c.v, ${all}) AS score, c.id
      FROM ${WIDE} c ${where([`c.v @@ ${all}`, ...filters])} ORDER BY score DESC, c.id DESC LIMIT ${end}`;
  } else if (order === "case" || words.length > COMBINED_WORDS) {
    ranked = `SELECT ${words.map((_, word) => levelOf(word)).join(" + ")} AS score, c.id
      FROM ${WIDE} c ${where([...everyWord, ...filters])} ORDER BY score DESC, c.id DESC LIMIT ${end}`;
  } else {
    // One branch per score, best first: the OR of the level combinations that add up to it (levels a word lacks left out).
    const branches: string[] = [];
    const top = words.reduce((sum, _, word) => sum + (levelsOf(word)[0] ?? 1), 0);
    for (let score = top; score >= words.length; score -= 1) {
      const tuples: Level[][] = [];
      const choose = (chosen: Level[], left: number): void => {
        const word = chosen.length;
        if (word === words.length) {
          if (left === 0) tuples.push(chosen);
          return;
        }
        for (const level of levelsOf(word)) if (left - level >= words.length - word - 1) choose([...chosen, level], left - level);
      };
      choose([], score);
      if (tuples.length === 0) continue;
      const combinations = tuples.map((tuple) => tuple.map((level, word) => exactly(word, level)).join(" AND "));
      const condition = combinations.length === 1 ? (combinations[0] ?? "") : `(${combinations.map((text) => `(${text})`).join(" OR ")})`;
      const expected = words.length === 1 ? (words[0]?.companiesAt[score as Level] ?? 0) * filterShare : null;
      const several = words.length > 1 || tuples.length > 1 || condition.includes(" NOT ");
      branches.push(`(SELECT ${score} AS score, c.id ${read(condition, several, expected, String(end))})`);
    }
    // Append runs its branches in order and the LIMIT stops it once the page's end is reached.
    ranked = `SELECT * FROM (${branches.join("\n      UNION ALL ")}) AS walked LIMIT ${end}`;
  }
  const text = `
    WITH page AS MATERIALIZED (
      SELECT r.score, r.id FROM (${ranked}) AS r LIMIT ${perPage} OFFSET ${offset}
    )
    SELECT (SELECT count(*) FROM (SELECT 1 ${read(everyWord[0] ?? null, false, null, "")} LIMIT ${TOTAL_COUNT_CAP + 1}) AS capped)::int AS total,
           (SELECT string_agg(k.card, ',' ORDER BY p.score DESC, p.id DESC) FROM page p JOIN postgres_listing.cards k ON k.id = p.id) AS items`;
  return { statement: { text, values }, page, perPage };
}

/** A listing path's query as the server decodes it (the mix uses numeric filters, q, page and per_page). */
function queryOf(path: string): CompanyListQuery {
  const query: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(path.split("?")[1] ?? "")) query[key] = key === "q" ? value : Number(value);
  return query as CompanyListQuery;
}

/** The listing's JSON as the server sends it (SearchIndex.listJson's shape). */
async function answer(pool: pg.Pool, vocabulary: Vocabulary, storage: Storage, path: string): Promise<string> {
  const { statement, page, perPage } = planListing(queryOf(path), vocabulary, storage, ranking);
  let total = 0;
  let items = "";
  if (statement !== null) {
    const result = await pool.query<{ total: number; items: string | null }>(statement.text, statement.values);
    total = result.rows[0]?.total ?? 0;
    items = result.rows[0]?.items ?? "";
  }
  return `{"items":[${items}],"total":${Math.min(total, TOTAL_COUNT_CAP)},"total_capped":${total > TOTAL_COUNT_CAP},"page":${page},"per_page":${perPage}}`;
}

// --- Checks, plans and load ------------------------------------------------------------------

/** Every distinct listing of the mix against the in-memory index: the same JSON, byte for byte. */
async function checkAgainstIndex(pool: pg.Pool, handle: DatabaseHandle, names: CatalogueNames, vocabulary: Vocabulary, paths: ReadonlyArray<string>): Promise<void> {
  const loadingAt = performance.now();
  const index = await new SearchIndexSync(handle.db).at(0);
  log(`in-memory index loaded for the check in ${Math.round((performance.now() - loadingAt) / 1000)} s (${index.size} listed)`);
  const distinct = [...new Set(paths)];
  for (const storage of storages) {
    let differ = 0;
    let withoutQuery = 0;
    const times: Array<readonly [number, string]> = [];
    for (const path of distinct) {
      const expected = index.listJson(queryOf(path), names);
      const sentAt = performance.now();
      const actual = await answer(pool, vocabulary, storage, path);
      times.push([performance.now() - sentAt, path]);
      if (planListing(queryOf(path), vocabulary, storage, ranking).statement === null) withoutQuery += 1;
      if (actual !== expected) {
        differ += 1;
        if (differ <= 5) log(`  DIFFERS (${storage}) ${path}\n    index:    ${expected.slice(0, 300)}\n    postgres: ${actual.slice(0, 300)}`);
      }
    }
    log(`check (${storage}, ranking ${ranking}, walks ${walks}): ${distinct.length - differ} of ${distinct.length} distinct listings answer exactly as the index (${withoutQuery} need no query: a word matches nothing)`);
    times.sort((a, b) => a[0] - b[0]);
    const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(share * times.length))]?.[0] ?? 0).toFixed(2);
    const mean = times.reduce((sum, [time]) => sum + time, 0) / Math.max(1, times.length);
    log(`  one at a time: mean ${mean.toFixed(2)} ms, p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)}; slowest:`);
    for (const [time, path] of times.slice(-8).reverse()) log(`    ${time.toFixed(1)} ms ${decodeURIComponent(path)}`);
  }
}

const EXPLAINED: ReadonlyArray<readonly [string, string, Ranking?]> = [
  ["no filter", "/api/companies"],
  ["a filter", "/api/companies?state_id=19"],
  ["a common word", `/api/companies?q=${encodeURIComponent("TECNOLOGÍA")}`],
  ["a common word, ordered by ts_rank (the old listing's order, for comparison)", `/api/companies?q=${encodeURIComponent("TECNOLOGÍA")}`, "ts_rank"],
  ["a typo", "/api/companies?q=Desapcho"],
  ["a prefix", "/api/companies?q=manuf"],
  ["two filters + a word", "/api/companies?interest_id=3&ebitda_id=4&q=manufactura"],
  ["a deep page", "/api/companies?q=salud&page=84"],
  ["a 3-word phrase", `/api/companies?q=${encodeURIComponent("facturación electrónica nómina")}`],
  ["a 3-word phrase, ranked by case", `/api/companies?q=${encodeURIComponent("facturación electrónica nómina")}`, "case"],
];

async function explainPlans(pool: pg.Pool, vocabulary: Vocabulary, storage: Storage, listings = EXPLAINED): Promise<string> {
  const out: string[] = [];
  for (const [label, path, order] of listings) {
    const { statement } = planListing(queryOf(path), vocabulary, storage, order ?? ranking);
    if (statement === null) {
      out.push(`--- ${label}: ${path}: no query (a word matches nothing)`);
      continue;
    }
    const result = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`, statement.values);
    out.push(`--- ${label}: ${path} (${storage}, ${order ?? ranking}); parameters ${JSON.stringify(statement.values)}`, ...result.rows.map((row) => row["QUERY PLAN"]));
  }
  return out.join("\n");
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const loadAverage = (): string => execFileSync("uptime", { encoding: "utf8" }).trim().replace(/^.*load average:\s*/, "");

interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** `clients` loops, each sending the next listing of the mix as soon as its last one answered, for `seconds`. */
async function closedLoop(pool: pg.Pool, vocabulary: Vocabulary, storage: Storage, paths: ReadonlyArray<string>, clients: number, seconds: number): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const path = paths[next % paths.length] ?? "/api/companies";
        next += 1;
        const sentAt = performance.now();
        await answer(pool, vocabulary, storage, path);
        latencies.push(performance.now() - sentAt);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

async function main(): Promise<void> {
  const url = benchUrl();
  const handle = await openDatabase({ url });
  const admin = new pg.Pool({ connectionString: url, max: 2, options: SESSION_OPTIONS });
  try {
    const names = await catalogueNames(handle.db);
    if (args.rebuild || !(await listingExists(admin))) await rebuild(admin, handle, names);
    log(await sizes(admin));
    const vocabulary = await Vocabulary.load(admin);
    if (args.explain !== undefined) {
      const listings = args.explain.map((path) => ["asked", path] as const);
      for (const storage of storages) log(`EXPLAIN (ANALYZE, BUFFERS), storage ${storage}:\n${await explainPlans(admin, vocabulary, storage, listings)}\n`);
      return;
    }
    const paths = interleave(requestMix(), generatedQueries(await querySources(handle), Number(args.distinct)));
    log(`The mix: ${paths.length} listings, ${new Set(paths).size} distinct.`);
    if (!args["skip-check"]) await checkAgainstIndex(admin, handle, names, vocabulary, paths);
    for (const storage of storages) log(`\nEXPLAIN (ANALYZE, BUFFERS), storage ${storage}:\n${await explainPlans(admin, vocabulary, storage)}\n`);
    if (args["skip-load"]) return;
    const lines: string[] = [];
    for (const storage of storages) {
      for (const clients of args.clients.split(",").map(Number)) {
        const pool = new pg.Pool({ connectionString: url, max: clients, options: SESSION_OPTIONS });
        try {
          // Each distinct listing once (connections open, pages cached), as bench:marketplace warms up.
          await Promise.all(Array.from({ length: clients }, () => pool.query("SELECT 1")));
          for (const path of new Set(paths)) await answer(pool, vocabulary, storage, path);
          const before = loadAverage();
          const result = await closedLoop(pool, vocabulary, storage, paths, clients, Number(args.duration));
          const line = `storage=${storage} ranking=${ranking} walks=${walks} clients=${clients} requests=${result.requests} rps=${Math.round(result.rps)} p50_ms=${result.p50.toFixed(2)} p95_ms=${result.p95.toFixed(2)} p99_ms=${result.p99.toFixed(2)} load_before=[${before}] load_after=[${loadAverage()}]`;
          log(line);
          lines.push(line);
        } finally {
          await pool.end();
        }
      }
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await admin.end();
    await handle.close();
  }
}

await main();
