// npm run bench:marketplace [-- --pglite] [-- --rows 100000 --duration 20 --connections 50 --distinct 2200 --reuse-database]
// A million: -- --rows 1000000 --replicate 100000 --database puente_bench_1m --keep-database
//
// Seeds varied companies into a database of its own, starts the real server
// in a child process on 127.0.0.1 and loads GET /api/companies with a mix of
// listings using autocannon: 76 listings a buyer would ask for (no filter,
// each filter, two filters, searches with and without accents, typos) and
// thousands of distinct generated ones (./marketplace-queries.ts: words as
// typed, typos, phrases, prefixes, every filter combination, deep pages);
// then the same load on GET /api/health as a baseline. Prints how the
// in-memory index answers representative listings and ends with exactly
// one line:
//   rows=<n> p50_ms=<n> p95_ms=<n> p99_ms=<n> rps=<n> baseline_rps=<n> distinct=<n> startup_ms=<n> rss_mb=<n> heap_mb=<n> rss_after_mb=<n> rss_peak_mb=<n> first_listing_ms=<n>
// (the server process's start to ready, its memory at ready with the heap
// after a full collection, its RSS after the loads and at its peak, and the
// first listing's time after the start).
//
// PostgreSQL: DATABASE_URL (default postgres://root@127.0.0.1:5432/test) is
// only used to connect; the benchmark creates and drops its own database
// `puente_bench` next to it and never touches the named one. --pglite seeds
// an on-disk PGlite in a temporary directory instead.
// MARKETPLACE_RESULT_CACHE=off in the environment measures without the
// server's result cache (every request is answered afresh).
// --reuse-database (PostgreSQL) keeps an existing `puente_bench` with
// --rows companies instead of seeding again (with --keep-database before).
// --index-only stops after the in-process index report (its load time and
// memory per listed company), without the server and the HTTP load.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { rowsOf } from "../../server/db/rows.ts";
import { catalogueNames } from "../../server/catalogues/names.ts";
import { SearchIndexSync } from "../../server/marketplace/search-index-sync.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { type CompanyListQuery } from "../../contracts/marketplace.ts";
import { generatedQueries } from "./marketplace-queries.ts";
import { interleave, querySources, requestMix } from "./marketplace-mix.ts";
import { replicateBenchCompanies, seedBenchCompanies } from "./seed-companies.ts";

const REPO = path.resolve(import.meta.dirname, "../..");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

const { values: args } = parseArgs({
  options: {
    pglite: { type: "boolean", default: false },
    rows: { type: "string", default: "100000" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3917" },
    "keep-database": { type: "boolean", default: false },
    "reuse-database": { type: "boolean", default: false },
    distinct: { type: "string", default: "2200" },
    database: { type: "string", default: "puente_bench" },
    "seed-only": { type: "boolean", default: false },
    // Seed this many through the generator, then copy them up to --rows (a million in minutes, not hours).
    replicate: { type: "string" },
    "index-only": { type: "boolean", default: false },
    // Server processes sharing the port (node:cluster), as production runs one per core.
    workers: { type: "string", default: "1" },
  },
});
const rows = Number(args.rows);
// Its own database, so a million-row catalogue can be kept beside the 100,000-row one.
const BENCH_DATABASE = args.database;
const duration = Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
const log = (line: string) => process.stderr.write(`${line}\n`);

// --- Database -----------------------------------------------------------------------

interface BenchDatabase {
  /** What the server is started on: a postgres URL or a PGlite directory. */
  readonly target: string;
  /** Seeded by an earlier run (--reuse-database). */
  readonly reused: boolean;
  /** A handle for seeding and EXPLAIN (closed before the server starts on PGlite). */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

function loopbackUrl(raw: string): URL {
  const url = new URL(raw);
  if (!LOOPBACK.has(url.hostname)) {
    throw new Error(`The benchmark only runs against a database on this machine (127.0.0.1); DATABASE_URL points at ${url.hostname}.`);
  }
  return url;
}

/** How many companies an existing bench database holds (null: none). */
async function seededRows(url: URL): Promise<number | null> {
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM companies");
    return result.rows[0]?.n ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresDatabase(): Promise<BenchDatabase> {
  const adminUrl = loopbackUrl(process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test");
  const benchUrl = new URL(adminUrl);
  benchUrl.pathname = `/${BENCH_DATABASE}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const reused = args["reuse-database"] && (await seededRows(benchUrl)) === rows;
  if (!reused) {
    await admin(`DROP DATABASE IF EXISTS "${BENCH_DATABASE}" WITH (FORCE)`);
    await admin(`CREATE DATABASE "${BENCH_DATABASE}"`);
  }
  return {
    target: benchUrl.toString(),
    reused,
    open: () => openDatabase({ url: benchUrl.toString() }),
    drop: () => admin(`DROP DATABASE IF EXISTS "${BENCH_DATABASE}" WITH (FORCE)`),
  };
}

async function pgliteDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "puente-bench-pglite-"));
  return {
    target: dir,
    reused: false,
    open: () => openDatabase({ dataDir: dir }),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A listing path's query as the server decodes it (the generated paths use only numeric filters and q). */
function queryOf(path: string): CompanyListQuery {
  const query: Record<string, string | number> = {};
  for (const [key, value] of new URLSearchParams(path.split("?")[1] ?? "")) query[key] = key === "q" ? value : Number(value);
  return query;
}

/**
 * The in-memory index's plans (server/marketplace/search-index.ts explain)
 * and CPU per listing, measured in this process on an index loaded from the
 * seeded database: representative listings one by one, then every distinct
 * path of the mix (mean, p50, p95, max).
 */
async function indexPlans(handle: DatabaseHandle, paths: ReadonlyArray<string>): Promise<string> {
  const names = await catalogueNames(handle.db);
  // The index's memory: the heap and the typed arrays' buffers (bitsets and
  // postings live outside the JavaScript heap), after a full collection,
  // before and after it loads.
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc") as () => void;
  const heldBytes = async () => {
    // Array buffers are released a moment after the collection that finds them unused.
    for (let pass = 0; pass < 3; pass += 1) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return { heapUsed, arrayBuffers, total: heapUsed + arrayBuffers };
  };
  const before = await heldBytes();
  const loadingAt = performance.now();
  const sync = new SearchIndexSync(handle.db);
  await sync.load();
  const loadMs = performance.now() - loadingAt;
  const index = await sync.at(0);
  const after = await heldBytes();
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const held = after.total - before.total;
  const out = [
    `index loaded in ${Math.round(loadMs)} ms: ${index.size} listed companies`,
    `index memory: ${mb(held)} MB (heap ${mb(after.heapUsed - before.heapUsed)} MB + array buffers ${mb(after.arrayBuffers - before.arrayBuffers)} MB; process heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB), ${Math.round(held / Math.max(1, index.size))} bytes per listed company`,
    `  of which, in bytes per listed company: ${Object.entries(index.memoryParts())
      .map(([part, bytes]) => (part === "denseLexemes" ? `${part} ${bytes}` : `${part} ${Math.round(bytes / Math.max(1, index.size))}`))
      .join(", ")}`,
  ];
  const cpu = (query: CompanyListQuery, runs: number): number => {
    index.listJson(query, names);
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) index.listJson(query, names);
    return (performance.now() - started) / runs;
  };
  const samples: ReadonlyArray<CompanyListQuery> = [
    {},
    { state_id: 19 },
    { interest_id: 3, ebitda_id: 4 },
    { q: "TECNOLOGÍA" },
    { q: "tecnolgia" },
    { q: "Desapcho" },
    { q: "manufactura", state_id: 19 },
    { q: "nuevo león" },
    { q: "vender 100%", page: 40 },
    { q: "servicios profesionales para empresas de monterrey" },
  ];
  for (const query of samples) {
    out.push(`--- ${JSON.stringify(query)}: ${cpu(query, 200).toFixed(3)} ms CPU`, ...index.explain(query).map((line) => `  ${line}`));
  }
  const times = [...new Set(paths)].map((path) => cpu(queryOf(path), 5)).sort((a, b) => a - b);
  const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(3);
  const mean = times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length);
  out.push(`--- every distinct listing of the mix (${times.length}): CPU per listing mean ${mean.toFixed(3)} ms, p50 ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`);
  return out.join("\n");
}

// --- Server and load ------------------------------------------------------------------

/** What the server process reported when it became ready (scripts/bench/serve.ts): its start-up time and memory. */
interface Started {
  /** The server process (with --workers, the primary: it serves nothing). */
  readonly pid: number;
  readonly startupMs: number;
  readonly rssMb: number;
  readonly heapMb: number;
}

async function startChild(target: string): Promise<{ child: ChildProcess; started: Started }> {
  // --expose-gc: the heap is measured after a full collection, without the garbage of the load.
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes more flags (a CPU profile) to the server alone.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== "");
  const child = spawn(path.join(REPO, "node_modules/.bin/tsx"), ["--expose-gc", ...nodeArgs, "scripts/bench/serve.ts", String(port), target, "--workers", args.workers], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = await new Promise<Started>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready \S+ pid=(\d+) startup_ms=(\d+) rss_mb=(\d+) heap_mb=(\d+)/.exec(output);
      if (ready !== null) resolve({ pid: Number(ready[1]), startupMs: Number(ready[2]), rssMb: Number(ready[3]), heapMb: Number(ready[4]) });
    });
    child.once("exit", (code) => reject(new Error(`the server exited early (code ${code ?? "?"})`)));
  });
  return { child, started };
}

interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * The server process's memory now and at its peak (Linux's VmRSS and VmHWM),
 * in MB: what it holds once serving, and the most it ever held (loading
 * included). Null where /proc is not there, and with --workers (the pid is
 * the primary's).
 */
async function serverMemory(pid: number): Promise<{ readonly rssMb: number; readonly peakMb: number } | null> {
  if (Number(args.workers) > 1) return null;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status ?? "")?.[1] ?? NaN);
  const rss = kb("VmRSS");
  const peak = kb("VmHWM");
  return Number.isNaN(rss) || Number.isNaN(peak) ? null : { rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) };
}

async function load(paths: ReadonlyArray<string>, seconds: number): Promise<LoadResult> {
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const chosen = paths[next % paths.length] ?? "/api/health";
              next += 1;
              return { ...request, path: chosen };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One request per path before measuring: connections open, plans and the result cache warm. Answers the first listing's time (ms). */
async function warmUp(paths: ReadonlyArray<string>): Promise<number> {
  let firstMs: number | null = null;
  for (const item of paths) {
    const sentAt = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${item}`);
    if (!response.ok) throw new Error(`warm-up: ${item} answered ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    firstMs ??= performance.now() - sentAt;
  }
  return firstMs ?? 0;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function main(): Promise<void> {
  const database = args.pglite ? await pgliteDatabase() : await postgresDatabase();
  let child: ChildProcess | undefined;
  try {
    const seeding = await database.open();
    await seeding.migrate();
    if (database.reused) {
      log(`Reusing ${BENCH_DATABASE} (${rows.toLocaleString("en-US")} companies, seeded by an earlier run).`);
    } else {
      log(`Seeding ${rows.toLocaleString("en-US")} companies into ${args.pglite ? `PGlite (${database.target})` : BENCH_DATABASE}…`);
      await seedCatalogues(seeding.db);
      const seededAt = Date.now();
      const generated = args.replicate === undefined ? rows : Math.min(rows, Number(args.replicate));
      await seedBenchCompanies(seeding.db, generated, log);
      if (generated < rows) await replicateBenchCompanies(seeding.db, generated, rows, log);
      log(`Seeded in ${Math.round((Date.now() - seededAt) / 1000)} s; VACUUM ANALYZE…`);
      await seeding.db.execute(sql`VACUUM ANALYZE`);
    }
    if (args["seed-only"]) {
      log(`Seeded; --seed-only: stopping here (reuse it with --reuse-database --database ${BENCH_DATABASE}).`);
      await seeding.close();
      return;
    }
    const [listed] = rowsOf(await seeding.db.execute(sql`SELECT count(*)::int AS n FROM companies WHERE is_published AND is_active`));
    log(`${String(listed?.["n"])} of them listed (published and active).`);
    const generated = generatedQueries(await querySources(seeding), Number(args.distinct));
    const paths = interleave(requestMix(), generated);
    log(`The in-memory index (what the server answers from), in this process:\n${await indexPlans(seeding, paths)}\n`);
    if (args["index-only"]) {
      log("--index-only: stopping here.");
      await seeding.close();
      return;
    }
    await seeding.close();

    const server = await startChild(database.target);
    child = server.child;
    const { started } = server;
    log(`Server ready (GET /api/health/ready 200: migrated, seeded, search index loaded) ${round(started.startupMs / 1000)} s after its process started; at ready: RSS ${started.rssMb} MB, heap ${started.heapMb} MB.`);
    const distinct = new Set(paths).size;
    const warmingAt = Date.now();
    const firstListingMs = await warmUp(paths);
    log(`Warm-up: each of ${distinct} distinct listings once, ${Math.round((Date.now() - warmingAt) / 1000)} s; the first listing after the start answered in ${round(firstListingMs)} ms.`);
    log(`Loading ${paths.length} listing variants, ${connections} connections, ${duration} s…`);
    const listing = await load(paths, duration);
    log(`  listing: ${listing.requests} requests, ${round(listing.rps)} req/s, p50 ${listing.p50} ms, p95 ${listing.p95} ms, p99 ${listing.p99} ms, errors ${listing.errors}, non-2xx ${listing.non2xx}`);
    log(`Baseline GET /api/health, ${connections} connections, ${duration} s…`);
    const baseline = await load(["/api/health"], duration);
    log(`  baseline: ${round(baseline.rps)} req/s, p95 ${baseline.p95} ms`);
    const memory = await serverMemory(started.pid);
    if (memory !== null) log(`Server memory after the loads: RSS ${memory.rssMb} MB; its peak since the start (VmHWM) ${memory.peakMb} MB.`);
    if (listing.errors + listing.non2xx > 0) log("WARNING: some listing requests failed; the figures are not valid.");
    const cache = process.env.MARKETPLACE_RESULT_CACHE === "off" ? "off" : "on";
    log(`(${args.pglite ? "PGlite" : "PostgreSQL"}, result cache ${cache}, in-memory index)`);
    process.stdout.write(
      `rows=${rows} p50_ms=${round(listing.p50, 2)} p95_ms=${round(listing.p95, 2)} p99_ms=${round(listing.p99, 2)} rps=${Math.round(listing.rps)} baseline_rps=${Math.round(baseline.rps)} distinct=${distinct} startup_ms=${started.startupMs} rss_mb=${started.rssMb} heap_mb=${started.heapMb} rss_after_mb=${memory?.rssMb ?? "-"} rss_peak_mb=${memory?.peakMb ?? "-"} first_listing_ms=${round(firstListingMs)}\n`,
    );
  } finally {
    if (child !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (!args["keep-database"]) await database.drop();
  }
}

await main();
