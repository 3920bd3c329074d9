// npm run bench:load [-- --duration 60 --connections 200 --front-door 8 --users 24 --port 3918 --keep-database]
//
// The whole API under load, the way the product is used: creates its own
// PostgreSQL database `puente_load` next to DATABASE_URL (default the local
// `test` one, which is only connected to), starts the real server in a child
// process on 127.0.0.1 with the demo data and catalogues seeded (as `npm
// start` does) and every rate limit raised through RATE_LIMIT_<BUCKET> (the
// operator's knob: the limiter still counts every request, it just never
// refuses the benchmark's single IP), signs up and logs in `--users` buyers
// through the API, then runs `--connections` concurrent clients for
// `--duration` seconds with autocannon:
//
// - the visitors (all clients but the front door) go round a fixed mix:
//   browse the marketplace (filters, pages), search, open profiles, read
//   catalogues, and, signed in, update their profile and write interest
//   messages; anonymous contact leads;
// - the front door (`--front-door` clients, 4% of them by default) logs in and
//   signs up, four to one. Password hashing (scrypt, server/auth/passwords.ts)
//   is deliberately expensive; a fixed share of every client's requests would
//   queue 200 clients behind the hashing, so a few % of the *clients* are at
//   the log-in or sign-up form at any time, and their share of the requests
//   and their latency are reported on their own lines. `--front-door 0`
//   leaves them out, to see what the hashing costs everything else.
//
// Then GET /api/health with the same connections and duration as the
// baseline. Prints per mix item and overall: requests, req/s, p50/p95/p99
// latency, errors (a status other than the item's success, a timeout, a lost
// connection) and 5xx; ends with one line:
//   requests=<n> rps=<n> p50_ms=<n> p95_ms=<n> p99_ms=<n> errors=<n> 5xx=<n> login_p95_ms=<n> signup_p95_ms=<n> baseline_rps=<n>
// and exits 1 when it saw any error or 5xx. Not part of `npm test`.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { CATALOGUE_PATHS } from "../../contracts/catalogues.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { cpus, loadavg } from "node:os";
import {
  freshDatabase,
  log,
  machineBusySeconds,
  percentile,
  processCpuSeconds,
  raisedRateLimitEnv,
  round,
  startServerChild,
  threadCpuSeconds,
  type BenchDatabase,
  type ServerChild,
} from "./support.ts";

const LOAD_DATABASE = "puente_load";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    "front-door": { type: "string" },
    users: { type: "string", default: "24" },
    port: { type: "string", default: "3918" },
    "keep-database": { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const frontDoor = args["front-door"] === undefined ? Math.max(1, Math.round(connections * 0.04)) : Number(args["front-door"]);
const userCount = Number(args.users);
const port = Number(args.port);
if (![duration, connections, userCount, port].every((value) => Number.isSafeInteger(value) && value > 0) || !Number.isSafeInteger(frontDoor) || frontDoor < 0 || frontDoor >= connections) {
  throw new Error("--duration, --connections, --users and --port must be positive integers, --front-door 0 or more and below --connections.");
}
const TIMEOUT_SECONDS = 10;
const USER_PASSWORD = "Carga-2026-segura";

// --- Requests -------------------------------------------------------------------------

interface ApiRequest {
  readonly method: "GET" | "POST" | "PATCH";
  readonly path: string;
  readonly token?: string;
  readonly body?: unknown;
}

/** The raw HTTP/1.1 request autocannon writes on its keep-alive connection. */
function rawRequest(request: ApiRequest): Buffer {
  const body = request.body === undefined ? "" : JSON.stringify(request.body);
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: keep-alive",
    "Accept: application/json",
    ...(request.token === undefined ? [] : [`Authorization: Bearer ${request.token}`]),
    ...(request.body === undefined ? [] : ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`]),
  ];
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** One request through fetch (preparation and warm-up), with its decoded JSON. */
async function call(request: ApiRequest): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: {
      accept: "application/json",
      ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? null : (JSON.parse(text) as unknown) };
}

async function expectStatus(request: ApiRequest, status: number): Promise<unknown> {
  const { status: got, json } = await call(request);
  if (got !== status) throw new Error(`${request.method} ${request.path} answered ${got} (expected ${status}): ${JSON.stringify(json)}`);
  return json;
}

const idsOf = (json: unknown): ReadonlyArray<number> =>
  Array.isArray(json) ? json.map((item: { id?: unknown }) => Number(item.id)).filter((id) => Number.isSafeInteger(id)) : [];

// --- The mix -----------------------------------------------------------------------------

type Kind = "browse" | "search" | "profile" | "catalogue" | "account" | "interest" | "lead" | "login" | "signup";

interface MixItem {
  readonly label: string;
  /** The status of success; anything else is an error. */
  readonly expected: number;
  /** Share of a visitor's requests (per 100); the front door's items have 0. */
  readonly visitorShare: number;
  next(): ApiRequest;
}

interface Fixture {
  /** Listed companies: id and human_id (for interest messages). */
  readonly companies: ReadonlyArray<{ id: number; humanId: string }>;
  /** Signed-in buyers made for the run. */
  readonly users: ReadonlyArray<{ email: string; token: string }>;
  readonly catalogues: Readonly<Record<"buyer_descriptions" | "states" | "investment_sizes" | "services_interested" | "referers", ReadonlyArray<number>>>;
}

/** Round-robin over `values`, never empty. */
function rotate<T>(values: ReadonlyArray<T>): () => T {
  if (values.length === 0) throw new Error("nothing to rotate over");
  let next = 0;
  return () => {
    const value = values[next % values.length] as T;
    next += 1;
    return value;
  };
}

/** Listings a buyer asks for: no filter, pages, each filter, two filters (ids of the seeded catalogues). */
function browsePaths(): ReadonlyArray<string> {
  const paths = ["", "", "?page=2", "?page=3", "?per_page=24"];
  for (const state of [19, 9, 14, 15, 21]) paths.push(`?state_id=${state}`);
  for (const industry of [1, 2, 3, 5, 8]) paths.push(`?industry_id=${industry}`);
  for (const interest of [1, 2, 3]) paths.push(`?interest_id=${interest}`);
  for (const ebitda of [2, 4]) paths.push(`?ebitda_id=${ebitda}`);
  for (const sales of [3, 5]) paths.push(`?sales_range_id=${sales}`);
  paths.push("?company_type_id=1", "?verification_level_id=3", "?industry_id=1&state_id=19", "?interest_id=1&page=2", "?state_id=14&ebitda_id=4");
  return paths.map((query) => `/api/companies${query}`);
}

function searchPaths(): ReadonlyArray<string> {
  const words = ["tecnologia", "tecnología", "manufactura", "logística", "alimentos", "construcción", "salud", "monterrey", "jalisco", "software nube", "exportación", "tecnolgia", "logisitca"];
  return [...words.map((word) => `?q=${encodeURIComponent(word)}`), `?q=salud&page=2`, `?q=${encodeURIComponent("manufactura")}&state_id=19`].map(
    (query) => `/api/companies${query}`,
  );
}

function buildMix(fixture: Fixture): Readonly<Record<Kind, MixItem>> {
  const first = (values: ReadonlyArray<number>): number => values[0] ?? 1;
  const { catalogues } = fixture;
  const browse = rotate(browsePaths());
  const search = rotate(searchPaths());
  const company = rotate(fixture.companies);
  const catalogue = rotate(CATALOGUE_PATHS);
  const user = rotate(fixture.users);
  const loginEmail = rotate([...fixture.users.map((item) => item.email), DEMO_USERS.buyer.email]);
  const states = rotate(catalogues.states);
  const services = rotate(catalogues.services_interested);
  const referers = rotate(catalogues.referers);
  const run = Date.now().toString(36);
  let serial = 0;
  const unique = () => (serial += 1);
  return {
    browse: { label: "browse     GET /api/companies (filters, pages)", expected: 200, visitorShare: 42, next: () => ({ method: "GET", path: browse() }) },
    search: { label: "search     GET /api/companies?q=…", expected: 200, visitorShare: 15, next: () => ({ method: "GET", path: search() }) },
    profile: { label: "profile    GET /api/companies/:id", expected: 200, visitorShare: 22, next: () => ({ method: "GET", path: `/api/companies/${company().id}` }) },
    catalogue: { label: "catalogue  GET /api/<catalogue>", expected: 200, visitorShare: 12, next: () => ({ method: "GET", path: `/api/${catalogue()}` }) },
    account: {
      label: "account    PATCH /api/accounts (signed in)",
      expected: 200,
      visitorShare: 3,
      next: () => ({ method: "PATCH", path: "/api/accounts", token: user().token, body: { name: `Compradora Carga ${unique()}`, phone: `55${String(10_000_000 + unique()).slice(-8)}` } }),
    },
    interest: {
      label: "interest   POST /api/companies/:id/interest_messages",
      expected: 201,
      visitorShare: 3,
      next: () => {
        const target = company();
        const sender = user();
        return {
          method: "POST",
          path: `/api/companies/${target.id}/interest_messages`,
          token: sender.token,
          body: {
            name: "Compradora Carga",
            email: sender.email,
            human_id: target.humanId,
            summary: `Nos interesa conocer más de ${target.humanId}: ventas, márgenes y la razón de la venta (mensaje ${unique()}).`,
          },
        };
      },
    },
    lead: {
      label: "lead       POST /api/leads",
      expected: 201,
      visitorShare: 3,
      next: () => ({
        method: "POST",
        path: "/api/leads",
        body: { name: "Contacto Carga", service_interested: services(), email: `contacto.${run}.${unique()}@ejemplo.mx`, phone: "55 1234 5678", referer: referers() },
      }),
    },
    login: {
      label: "login      POST /api/sessions (scrypt)",
      expected: 200,
      visitorShare: 0,
      next: () => {
        const email = loginEmail();
        return { method: "POST", path: "/api/sessions", body: { email, password: email === DEMO_USERS.buyer.email ? DEMO_PASSWORD : USER_PASSWORD } };
      },
    },
    signup: {
      label: "signup     POST /api/buyers (scrypt)",
      expected: 201,
      visitorShare: 0,
      next: () => ({
        method: "POST",
        path: "/api/buyers",
        body: {
          buyer_description_id: first(catalogues.buyer_descriptions),
          state_id: states(),
          investment_description_summary: "Buscamos empresas rentables de manufactura y servicios en el Bajío.",
          investment_size_id: first(catalogues.investment_sizes),
          user: { email: `alta.${run}.${unique()}@ejemplo.mx`, password: USER_PASSWORD, phone: "5512345678", name: "Alta Carga" },
        },
      }),
    },
  };
}

/** Smooth weighted round-robin: the visitors' 100-step schedule, shares spread out rather than in runs. */
function visitorSchedule(mix: Readonly<Record<Kind, MixItem>>): ReadonlyArray<Kind> {
  const weighted = (Object.keys(mix) as Kind[]).map((kind) => ({ kind, weight: mix[kind].visitorShare, current: 0 })).filter((entry) => entry.weight > 0);
  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  const schedule: Kind[] = [];
  for (let step = 0; step < total; step += 1) {
    for (const entry of weighted) entry.current += entry.weight;
    const chosen = weighted.reduce((best, entry) => (entry.current > best.current ? entry : best));
    chosen.current -= total;
    schedule.push(chosen.kind);
  }
  return schedule;
}

const FRONT_DOOR_SCHEDULE: ReadonlyArray<Kind> = ["login", "login", "signup", "login", "login"];

// --- Load ---------------------------------------------------------------------------------

interface ItemStats {
  readonly latencies: number[];
  readonly statuses: Map<number, number>;
  /** Sent, never answered: timed out or the connection dropped. */
  lost: number;
  unexpected: number;
  serverErrors: number;
}

const newStats = (): ItemStats => ({ latencies: [], statuses: new Map(), lost: 0, unexpected: 0, serverErrors: 0 });

interface MixResult {
  readonly stats: Readonly<Record<Kind, ItemStats>>;
  readonly seconds: number;
  readonly autocannonErrors: number;
  readonly autocannonTimeouts: number;
}

/**
 * autocannon with one request schedule per connection. Each client's
 * `getRequestBuffer` (autocannon 9 calls it for every request it writes;
 * the version is pinned) is replaced with the client's own schedule, so a
 * response is attributed to the item it answers (one request in flight per
 * connection) and a request never answered (autocannon reconnects after a
 * timeout or a dropped connection and asks for the next one) is counted
 * against its item.
 */
async function runMix(mix: Readonly<Record<Kind, MixItem>>): Promise<MixResult> {
  const stats = Object.fromEntries((Object.keys(mix) as Kind[]).map((kind) => [kind, newStats()])) as Record<Kind, ItemStats>;
  const visitors = visitorSchedule(mix);
  let clients = 0;
  const setupClient = (client: autocannon.Client) => {
    const index = clients;
    clients += 1;
    const schedule = index < frontDoor ? FRONT_DOOR_SCHEDULE : visitors;
    let step = index < frontDoor ? index : (index * 37) % schedule.length;
    let pending: Kind | null = null;
    (client as unknown as { getRequestBuffer: () => Buffer }).getRequestBuffer = () => {
      if (pending !== null) stats[pending].lost += 1;
      const kind = schedule[step % schedule.length] as Kind;
      step += 1;
      pending = kind;
      return rawRequest(mix[kind].next());
    };
    client.on("response", (status: number, _bytes: number, responseTime: number) => {
      if (pending === null) return;
      const item = stats[pending];
      item.latencies.push(responseTime);
      item.statuses.set(status, (item.statuses.get(status) ?? 0) + 1);
      if (status !== mix[pending].expected) item.unexpected += 1;
      if (status >= 500) item.serverErrors += 1;
      pending = null;
    });
  };
  const started = performance.now();
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections, duration, timeout: TIMEOUT_SECONDS, setupClient });
  return { stats, seconds: (performance.now() - started) / 1000, autocannonErrors: result.errors, autocannonTimeouts: result.timeouts };
}

interface Row {
  readonly label: string;
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
  readonly serverErrors: number;
  readonly statuses: string;
}

function rowOf(label: string, parts: ReadonlyArray<ItemStats>, seconds: number): Row {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const part of parts) for (const [status, count] of part.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
  return {
    label,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: parts.reduce((sum, part) => sum + part.unexpected + part.lost, 0),
    serverErrors: parts.reduce((sum, part) => sum + part.serverErrors, 0),
    statuses: [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" "),
  };
}

async function baseline(): Promise<Row> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}/api/health`, connections, duration, timeout: TIMEOUT_SECONDS },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const stats: ItemStats = { latencies, statuses, lost: result.errors, unexpected: result.non2xx, serverErrors: result["5xx"] };
  return rowOf("baseline   GET /api/health", [stats], seconds);
}

// --- Preparation ------------------------------------------------------------------------------

/** Run `task` over `items`, `width` at a time. */
async function inBatches<T, R>(items: ReadonlyArray<T>, width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let from = 0; from < items.length; from += width) {
    results.push(...(await Promise.all(items.slice(from, from + width).map((item, offset) => task(item, from + offset)))));
  }
  return results;
}

async function prepare(database: BenchDatabase): Promise<Fixture> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let companies: Fixture["companies"];
  try {
    const listed = await client.query<{ id: number; human_id: string }>("SELECT id, human_id FROM companies WHERE is_published AND is_active ORDER BY id");
    companies = listed.rows.map((row) => ({ id: row.id, humanId: row.human_id }));
  } finally {
    await client.end();
  }
  if (companies.length === 0) throw new Error("no listed companies: the demo data was not seeded");
  const catalogue = async (name: keyof Fixture["catalogues"]) => idsOf(await expectStatus({ method: "GET", path: `/api/${name}` }, 200));
  const catalogues = {
    buyer_descriptions: await catalogue("buyer_descriptions"),
    states: await catalogue("states"),
    investment_sizes: await catalogue("investment_sizes"),
    services_interested: await catalogue("services_interested"),
    referers: await catalogue("referers"),
  };
  log(`Signing up and logging in ${userCount} buyers through the API (production scrypt cost)…`);
  const emails = Array.from({ length: userCount }, (_, index) => `compradora.carga.${index + 1}@ejemplo.mx`);
  const users = await inBatches(emails, 4, async (email, index) => {
    await expectStatus(
      {
        method: "POST",
        path: "/api/buyers",
        body: {
          buyer_description_id: catalogues.buyer_descriptions[0] ?? 1,
          state_id: catalogues.states[index % catalogues.states.length] ?? 1,
          investment_description_summary: "Fondo que busca empresas medianas rentables en México.",
          investment_size_id: catalogues.investment_sizes[0] ?? 1,
          user: { email, password: USER_PASSWORD, phone: "5512345678", name: `Compradora Carga ${index + 1}` },
        },
      },
      201,
    );
    const session = (await expectStatus({ method: "POST", path: "/api/sessions", body: { email, password: USER_PASSWORD } }, 200)) as { access_token?: unknown };
    if (typeof session.access_token !== "string") throw new Error("login answered no access_token");
    return { email, token: session.access_token };
  });
  return { companies, users, catalogues };
}

/** Every read of the mix once before measuring: connections open, result cache and catalogue names warm. */
async function warmUp(): Promise<void> {
  const paths = [...browsePaths(), ...searchPaths(), ...CATALOGUE_PATHS.map((name) => `/api/${name}`)];
  await inBatches(paths, 8, (item) => expectStatus({ method: "GET", path: item }, 200));
}

// --- Where the CPU went -------------------------------------------------------------------------------

interface CpuSnapshot {
  readonly at: number;
  readonly main: number;
  readonly others: number;
  readonly postgres: ReadonlyMap<number, number>;
  readonly generator: number;
  readonly machine: number;
}

/** The backends serving the benchmark's database, by pid. */
async function postgresBackends(database: BenchDatabase): Promise<number[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

async function cpuSnapshot(server: ServerChild, database: BenchDatabase): Promise<CpuSnapshot> {
  const threads = threadCpuSeconds(server.serverPid);
  const backends = await postgresBackends(database);
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    ...threads,
    postgres: new Map(backends.map((pid) => [pid, processCpuSeconds([pid])])),
    generator: (usage.user + usage.system) / 1e6,
    machine: machineBusySeconds(),
  };
}

/**
 * CPU seconds between two snapshots: the server's event loop and other
 * threads, the PostgreSQL backends of the benchmark's database, this
 * process (the load generator), and whatever else the machine ran.
 */
function describeCpu(label: string, from: CpuSnapshot, to: CpuSnapshot, requests: number): string {
  const seconds = (to.at - from.at) / 1000;
  const main = to.main - from.main;
  const others = to.others - from.others;
  let postgres = 0;
  for (const [pid, value] of to.postgres) postgres += value - (from.postgres.get(pid) ?? 0);
  const generator = to.generator - from.generator;
  const machine = to.machine - from.machine;
  const rest = machine - main - others - postgres - generator;
  const perRequest = (value: number) => (requests === 0 ? 0 : round((1000 * value) / requests, 2));
  const cores = cpus().length;
  return [
    `CPU, ${label} (${round(seconds)} s × ${cores} cores = ${round(seconds * cores)} CPU-s; the machine was busy ${round(machine)}):`,
    `server event loop ${round(main)} (${Math.round((100 * main) / seconds)}% of a core), server other threads ${round(others)} (scrypt, WebCrypto, GC),`,
    `PostgreSQL ${round(postgres)}, load generator ${round(generator)}, rest of the machine ${round(rest)};`,
    `server CPU per request: event loop ${perRequest(main)} ms + other threads ${perRequest(others)} ms; PostgreSQL ${perRequest(postgres)} ms`,
  ].join(" ");
}

// --- Report ---------------------------------------------------------------------------------------

const pad = (text: string | number, width: number): string => String(text).padStart(width);

function printTable(rows: ReadonlyArray<Row>, totalRequests: number): void {
  log(`${"item".padEnd(56)} ${pad("share", 6)} ${pad("requests", 9)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p95 ms", 8)} ${pad("p99 ms", 8)} ${pad("errors", 7)} ${pad("5xx", 5)}  statuses`);
  for (const row of rows) {
    // The baseline is a run of its own: no share of the mix.
    const share = row.label.startsWith("baseline") || totalRequests === 0 ? "—" : `${round((100 * row.requests) / totalRequests)}%`;
    log(
      `${row.label.padEnd(56)} ${pad(share, 6)} ${pad(row.requests, 9)} ${pad(round(row.rps), 8)} ${pad(round(row.p50), 8)} ${pad(round(row.p95), 8)} ${pad(round(row.p99), 8)} ${pad(row.errors, 7)} ${pad(row.serverErrors, 5)}  ${row.statuses}`,
    );
  }
}

async function main(): Promise<number> {
  const database = await freshDatabase(LOAD_DATABASE);
  let server: ServerChild | undefined;
  try {
    log(`Database ${LOAD_DATABASE}: starting the server (migrations, catalogues, demo data)…`);
    server = await startServerChild({ port, databaseUrl: database.url, seedDemo: true, env: raisedRateLimitEnv() });
    const fixture = await prepare(database);
    await warmUp();
    const mix = buildMix(fixture);
    log(
      `Loading the mix: ${connections} connections (${connections - frontDoor} visitors, ${frontDoor} at the log-in/sign-up forms), ${duration} s, timeout ${TIMEOUT_SECONDS} s; ${fixture.companies.length} listed companies, ${fixture.users.length} signed-in buyers…`,
    );
    log(`Machine load average (1 min) before the mix: ${round(loadavg()[0] ?? 0, 2)} on ${cpus().length} cores.`);
    const beforeMix = await cpuSnapshot(server, database);
    const loaded = await runMix(mix);
    const afterMix = await cpuSnapshot(server, database);
    const kinds = Object.keys(mix) as Kind[];
    const rows = kinds.map((kind) => rowOf(mix[kind].label, [loaded.stats[kind]], loaded.seconds));
    const overall = rowOf("overall", kinds.map((kind) => loaded.stats[kind]), loaded.seconds);
    log(`Baseline GET /api/health, ${connections} connections, ${duration} s…`);
    const health = await baseline();
    const afterBaseline = await cpuSnapshot(server, database);
    log("");
    printTable([...rows, overall, health], overall.requests);
    log("");
    log(describeCpu("mix", beforeMix, afterMix, overall.requests));
    log(describeCpu("baseline", afterMix, afterBaseline, health.requests));
    log(`Machine load average (1 min) at the end: ${round(loadavg()[0] ?? 0, 2)}.`);
    log(`(autocannon counted ${loaded.autocannonErrors} connection errors, ${loaded.autocannonTimeouts} of them timeouts, in the mix)`);
    const crashed = server.exited();
    if (crashed !== null) log(`The server exited during the run (code ${crashed.code ?? "?"}, signal ${crashed.signal ?? "none"}).`);
    if (server.errorLogs.length > 0) log(`The server logged ${server.errorLogs.length} errors; first: ${server.errorLogs.slice(0, 5).join(" | ")}`);
    const errors = overall.errors + health.errors;
    const serverErrors = overall.serverErrors + health.serverErrors;
    const login = rows[kinds.indexOf("login")];
    const signup = rows[kinds.indexOf("signup")];
    process.stdout.write(
      `requests=${overall.requests} rps=${Math.round(overall.rps)} p50_ms=${round(overall.p50, 2)} p95_ms=${round(overall.p95, 2)} p99_ms=${round(overall.p99, 2)} errors=${errors} 5xx=${serverErrors} login_p95_ms=${round(login?.p95 ?? 0)} signup_p95_ms=${round(signup?.p95 ?? 0)} baseline_rps=${Math.round(health.rps)}\n`,
    );
    if (errors > 0 || serverErrors > 0 || crashed !== null) {
      log("FAILED: the goal is 0 errors and 0 5xx.");
      return 1;
    }
    return 0;
  } finally {
    await server?.stop();
    if (!args["keep-database"]) await database.drop();
  }
}

process.exitCode = await main();
