// npm run bench:durability [-- --seconds 30 --restart-at 8 --workers 12 --mode fast|immediate --down 0 --wait-idle 30 --port 3919 --keep-database]
//
// What a PostgreSQL restart does to the running API. Creates its own
// database `puente_durability` next to DATABASE_URL (default the local `test`
// one, only connected to), starts the real server in a child process on
// 127.0.0.1 (demo data, every rate limit raised through RATE_LIMIT_<BUCKET>),
// signs up and logs in one buyer per worker through the API, then runs a
// bounded write load for `--seconds`: `--workers` loops, one request in flight
// each, writing contact leads, sign-ups (a transaction), interest messages and
// profile updates (signed in: the authorization hook's prepared statement)
// and reading the marketplace (the version's prepared statement). Every write
// the API acknowledged with a 2xx is recorded with its id or unique key.
//
// `--restart-at` seconds in, it restarts the machine's own PostgreSQL cluster
// (the one DATABASE_URL's port belongs to, found with `pg_lsclusters`):
// `pg_ctlcluster <version> <cluster> restart --mode <fast|immediate>`, or
// `pg_ctl restart` as the cluster's owner where pg_ctlcluster is missing.
// `--mode immediate` stops without a shutdown checkpoint, so the start runs
// crash recovery from the WAL. `--down <s>` stops it, waits that long and
// starts it instead (a longer outage). A probe connects every 25 ms to time it.
// THE RESTART CUTS EVERY SESSION OF EVERY DATABASE ON THAT CLUSTER: on a
// shared machine it first waits up to `--wait-idle` seconds (default 30) for
// other databases' sessions to end; the load then runs at least 10 s past
// the restart.
//
// Then it checks, and exits 1 if one fails:
//   (a) every acknowledged write is in the database (queried directly);
//   (b) the server recovers by itself: the first acknowledged write comes
//       within 5 s (`--recovery-budget`) of PostgreSQL accepting connections;
//   (c) the server process never exited, and still answers;
//   (d) every failed request failed cleanly: a 5xx with a Spanish JSON
//       `{ message }`, no request left hanging (15 s), no dropped connection.
// PostgreSQL is always left running (started again in `finally` if needed).
// Last line: writes_acked=<n> lost=<n> failed=<n> statuses=<…> outage_ms=<n> recovery_ms=<n> crashed=<bool>
// Not part of `npm test`.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freshDatabase, log, loopbackDatabaseUrl, raisedRateLimitEnv, round, sleep, startServerChild, type ServerChild } from "./support.ts";

const DURABILITY_DATABASE = "puente_durability";
const REQUEST_TIMEOUT_MS = 15_000;
const PROBE_INTERVAL_MS = 25;
const USER_PASSWORD = "Durable-2026-segura";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    "restart-at": { type: "string", default: "8" },
    workers: { type: "string", default: "12" },
    mode: { type: "string", default: "fast" },
    down: { type: "string", default: "0" },
    "wait-idle": { type: "string", default: "30" },
    "recovery-budget": { type: "string", default: "5" },
    port: { type: "string", default: "3919" },
    "keep-database": { type: "boolean", default: false },
  },
});
const seconds = Number(args.seconds);
const restartAt = Number(args["restart-at"]);
const workerCount = Number(args.workers);
const recoveryBudgetMs = Number(args["recovery-budget"]) * 1000;
const port = Number(args.port);
const mode = args.mode;
const downSeconds = Number(args.down);
const waitIdleSeconds = Number(args["wait-idle"]);
if (mode !== "fast" && mode !== "immediate") throw new Error("--mode is fast or immediate");
if (
  ![seconds, restartAt, workerCount, recoveryBudgetMs, port].every((value) => Number.isFinite(value) && value > 0) ||
  restartAt >= seconds ||
  !(downSeconds >= 0 && downSeconds <= 60) ||
  !(waitIdleSeconds >= 0 && waitIdleSeconds <= 300)
) {
  throw new Error("--seconds, --restart-at, --workers, --recovery-budget and --port must be positive, --restart-at below --seconds, --down 0 to 60, --wait-idle 0 to 300.");
}

// --- The cluster ------------------------------------------------------------------------

interface Cluster {
  readonly version: string;
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  readonly ownerUid: number;
  /** How to restart, stop and start it, as argv. */
  restart(): ReadonlyArray<string>;
  stop(): ReadonlyArray<string>;
  start(): ReadonlyArray<string>;
}

interface ListedCluster {
  readonly cluster: string;
  readonly version: number | string;
  readonly port: string | number;
  readonly pgdata: string;
  readonly owneruid: number;
}

const which = (command: string): string | null => {
  const found = spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
};

/**
 * The cluster serving DATABASE_URL: the one `pg_lsclusters` lists on its port,
 * whose data directory is the one the server itself reports. Without the
 * Debian wrappers, pg_ctl on the reported data directory, run as its owner.
 */
async function findCluster(adminUrl: string): Promise<Cluster> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  let dataDir: string;
  let serverPort: number;
  let configFile: string;
  try {
    dataDir = String((await client.query<{ data_directory: string }>("SHOW data_directory")).rows[0]?.data_directory);
    serverPort = Number((await client.query<{ port: string }>("SHOW port")).rows[0]?.port);
    configFile = String((await client.query<{ config_file: string }>("SHOW config_file")).rows[0]?.config_file);
  } finally {
    await client.end();
  }
  if (which("pg_lsclusters") !== null && which("pg_ctlcluster") !== null) {
    const listed = JSON.parse(spawnSync("pg_lsclusters", ["--json"], { encoding: "utf8" }).stdout) as ReadonlyArray<ListedCluster>;
    const match = listed.find((item) => Number(item.port) === serverPort && item.pgdata === dataDir);
    if (match === undefined) throw new Error(`pg_lsclusters lists no cluster on port ${serverPort} with data directory ${dataDir}.`);
    const id = [String(match.version), match.cluster];
    return {
      version: String(match.version),
      name: match.cluster,
      port: serverPort,
      dataDir,
      ownerUid: match.owneruid,
      restart: () => ["pg_ctlcluster", "--mode", mode, ...id, "restart"],
      stop: () => ["pg_ctlcluster", "--mode", mode, ...id, "stop"],
      start: () => ["pg_ctlcluster", ...id, "start"],
    };
  }
  // No Debian wrappers: pg_ctl on the directory holding the configuration (Debian keeps it apart from the data).
  const pgCtl = which("pg_ctl");
  if (pgCtl === null) throw new Error("Neither pg_ctlcluster nor pg_ctl is on the PATH: cannot restart PostgreSQL.");
  const configDir = existsSync(configFile) ? path.dirname(configFile) : dataDir;
  const owner = spawnSync("stat", ["-c", "%U", dataDir], { encoding: "utf8" }).stdout.trim();
  const asOwner = process.getuid?.() === 0 ? ["runuser", "-u", owner, "--"] : [];
  return {
    version: "?",
    name: configDir,
    port: serverPort,
    dataDir,
    ownerUid: -1,
    restart: () => [...asOwner, pgCtl, "restart", "-D", configDir, "-m", mode, "-w", "-t", "60", "-o", `-D ${dataDir}`],
    stop: () => [...asOwner, pgCtl, "stop", "-D", configDir, "-m", mode, "-w", "-t", "60"],
    start: () => [...asOwner, pgCtl, "start", "-D", configDir, "-w", "-t", "60", "-o", `-D ${dataDir}`],
  };
}

/** Run argv to completion (at most 90 s); the started postmaster keeps no pipe of ours open. */
function run(argv: ReadonlyArray<string>): Promise<{ code: number | null; output: string }> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new Error("empty command");
  return new Promise((resolve) => {
    const child = spawn(command, rest, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.once("exit", (code) => {
      clearTimeout(killer);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ code, output: output.trim() });
    });
    child.once("error", (error) => {
      clearTimeout(killer);
      resolve({ code: -1, output: error.message });
    });
  });
}

/** Client sessions of other databases on the cluster, as "name×count". */
async function otherSessions(adminUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const rows = await client.query<{ datname: string | null; n: number }>(
      "SELECT datname, count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname IS DISTINCT FROM $1 GROUP BY datname",
      [DURABILITY_DATABASE],
    );
    return rows.rows.map((row) => `${row.datname ?? "?"}×${row.n}`);
  } catch {
    return [];
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Start the cluster if it does not accept connections, and wait (at most 60 s) until it does. */
async function ensureRunning(cluster: Cluster | null, url: string): Promise<boolean> {
  if (await accepts(url)) return true;
  if (cluster !== null) {
    log(`PostgreSQL does not accept connections: ${cluster.start().join(" ")}`);
    const started = await run(cluster.start());
    if (started.code !== 0) log(`  exit ${started.code ?? "?"}: ${started.output}`);
  }
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await accepts(url)) return true;
    await sleep(250);
  }
  return false;
}

// --- The write load ---------------------------------------------------------------------------

type Kind = "lead" | "signup" | "interest" | "profile" | "browse";
const WRITES: ReadonlySet<Kind> = new Set(["lead", "signup", "interest", "profile"]);
/** Each worker goes round this, from its own offset. */
const SCHEDULE: ReadonlyArray<Kind> = ["lead", "interest", "profile", "browse", "lead", "profile", "interest", "lead", "signup", "browse"];

interface Outcome {
  readonly kind: Kind;
  readonly worker: number;
  /** The unique value the write carries: e-mail (lead, sign-up) or name (profile). */
  readonly key: string;
  readonly startedAt: number;
  readonly endedAt: number;
  /** HTTP status, or null when no answer came. */
  readonly status: number | null;
  readonly failure?: "timeout" | "network";
  readonly id?: number;
  /** The `message` of a JSON error answer; null when the answer was not JSON with a message. */
  readonly message?: string | null;
}

interface Worker {
  readonly index: number;
  readonly userId: number;
  readonly email: string;
  readonly token: string;
}

interface Target {
  readonly id: number;
  readonly humanId: string;
}

interface Catalogues {
  readonly buyerDescription: number;
  readonly state: number;
  readonly investmentSize: number;
  readonly service: number;
  readonly referer: number;
}

async function send(method: string, urlPath: string, body: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json };
}

const field = (json: unknown, name: string): unknown => (typeof json === "object" && json !== null ? Reflect.get(json, name) : undefined);

async function expectOk(method: string, urlPath: string, body: unknown, status: number, token?: string): Promise<unknown> {
  const answer = await send(method, urlPath, body, token);
  if (answer.status !== status) throw new Error(`${method} ${urlPath} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** One request of `kind` for `worker`; never throws. */
async function attempt(kind: Kind, worker: Worker, serial: number, targets: ReadonlyArray<Target>, catalogues: Catalogues): Promise<Outcome> {
  const target = targets[(worker.index * 7 + serial) % targets.length] as Target;
  let request: { method: string; path: string; body?: unknown; token?: string; key: string };
  switch (kind) {
    case "lead": {
      const email = `lead.${worker.index}.${serial}@ejemplo.mx`;
      request = {
        method: "POST",
        path: "/api/leads",
        body: { name: "Contacto Durabilidad", service_interested: catalogues.service, email, phone: "55 1234 5678", referer: catalogues.referer },
        key: email,
      };
      break;
    }
    case "signup": {
      const email = `alta.${worker.index}.${serial}@ejemplo.mx`;
      request = {
        method: "POST",
        path: "/api/buyers",
        body: {
          buyer_description_id: catalogues.buyerDescription,
          state_id: catalogues.state,
          investment_description_summary: "Buscamos empresas rentables en el Bajío.",
          investment_size_id: catalogues.investmentSize,
          user: { email, password: USER_PASSWORD, phone: "5512345678", name: "Alta Durabilidad" },
        },
        key: email,
      };
      break;
    }
    case "interest":
      request = {
        method: "POST",
        path: `/api/companies/${target.id}/interest_messages`,
        body: { name: "Compradora Durabilidad", email: worker.email, human_id: target.humanId, summary: `Mensaje ${worker.index}.${serial}: nos interesa conocer más.` },
        token: worker.token,
        key: `${worker.index}.${serial}`,
      };
      break;
    case "profile": {
      const name = `Durabilidad ${worker.index}-${serial}`;
      request = { method: "PATCH", path: "/api/accounts", body: { name, phone: "5512345678" }, token: worker.token, key: name };
      break;
    }
    case "browse":
      request = { method: "GET", path: `/api/companies?page=${1 + (serial % 3)}`, key: "" };
      break;
  }
  const startedAt = Date.now();
  try {
    const { status, json } = await send(request.method, request.path, request.body, request.token);
    const id = Number(field(json, "id"));
    const message = field(json, "message");
    return {
      kind,
      worker: worker.index,
      key: request.key,
      startedAt,
      endedAt: Date.now(),
      status,
      ...(Number.isSafeInteger(id) ? { id } : {}),
      ...(status >= 400 ? { message: typeof message === "string" && message !== "" ? message : null } : {}),
    };
  } catch (error) {
    const timeout = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { kind, worker: worker.index, key: request.key, startedAt, endedAt: Date.now(), status: null, failure: timeout ? "timeout" : "network" };
  }
}

const isOk = (outcome: Outcome): boolean => outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

// --- Verification --------------------------------------------------------------------------------

interface Verification {
  readonly acked: number;
  readonly missing: ReadonlyArray<string>;
  /** Writes the API did not acknowledge that are stored anyway (committed, then the answer failed). */
  readonly storedUnacked: number;
}

async function verify(url: string, outcomes: ReadonlyArray<Outcome>): Promise<Verification> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const missing: string[] = [];
    const acked = outcomes.filter((outcome) => WRITES.has(outcome.kind) && isOk(outcome));
    const failed = outcomes.filter((outcome) => WRITES.has(outcome.kind) && !isOk(outcome));
    const of = (kind: Kind, list: ReadonlyArray<Outcome>) => list.filter((outcome) => outcome.kind === kind);

    const leads = of("lead", acked);
    const leadRows = await client.query<{ id: number; email: string }>("SELECT id, email FROM leads WHERE id = ANY($1::int[])", [leads.map((item) => item.id ?? 0)]);
    const leadById = new Map(leadRows.rows.map((row) => [row.id, row.email]));
    for (const lead of leads) if (leadById.get(lead.id ?? 0) !== lead.key) missing.push(`lead ${lead.id ?? "?"} (${lead.key})`);

    const signups = of("signup", acked);
    const userRows = await client.query<{ id: number; email: string; profile: boolean }>(
      "SELECT u.id, u.email, EXISTS (SELECT 1 FROM buyer_profiles p WHERE p.user_id = u.id) AS profile FROM users u WHERE u.id = ANY($1::int[])",
      [signups.map((item) => item.id ?? 0)],
    );
    const userById = new Map(userRows.rows.map((row) => [row.id, row]));
    for (const signup of signups) {
      const row = userById.get(signup.id ?? 0);
      if (row === undefined || row.email !== signup.key || !row.profile) missing.push(`sign-up ${signup.id ?? "?"} (${signup.key})`);
    }

    const messages = of("interest", acked);
    const messageRows = await client.query<{ id: number }>("SELECT id FROM interest_messages WHERE id = ANY($1::int[])", [messages.map((item) => item.id ?? 0)]);
    const messageIds = new Set(messageRows.rows.map((row) => row.id));
    for (const message of messages) if (!messageIds.has(message.id ?? 0)) missing.push(`interest message ${message.id ?? "?"}`);

    // Profiles: one worker, one user, one request at a time. The stored name is the last
    // acknowledged one, or one attempted after it (committed, then the answer was lost).
    const profileUsers = await client.query<{ email: string; name: string }>("SELECT email, name FROM users WHERE email LIKE 'durabilidad.%@ejemplo.mx'");
    const storedName = new Map(profileUsers.rows.map((row) => [row.email, row.name]));
    const byWorker = new Map<number, Outcome[]>();
    for (const outcome of outcomes) if (outcome.kind === "profile") byWorker.set(outcome.worker, [...(byWorker.get(outcome.worker) ?? []), outcome]);
    for (const [worker, list] of byWorker) {
      const lastAcked = list.findLastIndex(isOk);
      if (lastAcked < 0) continue;
      const allowed = new Set(list.slice(lastAcked).filter((outcome, index) => index === 0 || !isOk(outcome)).map((outcome) => outcome.key));
      const stored = storedName.get(`durabilidad.${worker}@ejemplo.mx`) ?? "(none)";
      if (!allowed.has(stored)) missing.push(`profile of worker ${worker}: stored "${stored}", last acknowledged "${list[lastAcked]?.key ?? "?"}"`);
    }

    const failedLeads = of("lead", failed).map((item) => item.key);
    const failedSignups = of("signup", failed).map((item) => item.key);
    const storedLeads = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE email = ANY($1::text[])", [failedLeads]);
    const storedSignups = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = ANY($1::text[])", [failedSignups]);
    return { acked: acked.length, missing, storedUnacked: (storedLeads.rows[0]?.n ?? 0) + (storedSignups.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

// --- Main ---------------------------------------------------------------------------------------------

async function prepareWorkers(databaseUrl: string): Promise<{ workers: Worker[]; targets: Target[]; catalogues: Catalogues }> {
  const firstId = async (name: string) => {
    const list = await expectOk("GET", `/api/${name}`, undefined, 200);
    const id = Array.isArray(list) ? Number(field(list[0], "id")) : NaN;
    if (!Number.isSafeInteger(id)) throw new Error(`catalogue ${name} is empty`);
    return id;
  };
  const catalogues: Catalogues = {
    buyerDescription: await firstId("buyer_descriptions"),
    state: await firstId("states"),
    investmentSize: await firstId("investment_sizes"),
    service: await firstId("services_interested"),
    referer: await firstId("referers"),
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let targets: Target[];
  try {
    const rows = await client.query<{ id: number; human_id: string }>("SELECT id, human_id FROM companies WHERE is_published AND is_active ORDER BY id");
    targets = rows.rows.map((row) => ({ id: row.id, humanId: row.human_id }));
  } finally {
    await client.end();
  }
  if (targets.length === 0) throw new Error("no listed companies: the demo data was not seeded");
  const workers: Worker[] = [];
  for (let from = 0; from < workerCount; from += 4) {
    const batch = Array.from({ length: Math.min(4, workerCount - from) }, (_, offset) => from + offset);
    workers.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const email = `durabilidad.${index}@ejemplo.mx`;
          const created = await expectOk(
            "POST",
            "/api/buyers",
            {
              buyer_description_id: catalogues.buyerDescription,
              state_id: catalogues.state,
              investment_description_summary: "Fondo que prueba la durabilidad.",
              investment_size_id: catalogues.investmentSize,
              user: { email, password: USER_PASSWORD, phone: "5512345678", name: `Durabilidad ${index}` },
            },
            201,
          );
          const session = await expectOk("POST", "/api/sessions", { email, password: USER_PASSWORD }, 200);
          const token = field(session, "access_token");
          if (typeof token !== "string") throw new Error("login answered no access_token");
          return { index, userId: Number(field(created, "id")), email, token };
        }),
      )),
    );
  }
  return { workers, targets, catalogues };
}

interface Outage {
  /** Date.now() of the first probe that could not connect, and of the first that could again. */
  downAt: number | null;
  backAt: number | null;
  restartStartedAt: number | null;
  restartEndedAt: number | null;
  restartResult: { code: number | null; output: string } | null;
}

const ms = (value: number | null, from: number): string => (value === null ? "—" : `${round((value - from) / 1000, 2)} s`);

async function main(): Promise<number> {
  const adminUrl = loopbackDatabaseUrl().toString();
  let cluster: Cluster | null = null;
  let server: ServerChild | undefined;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  try {
    cluster = await findCluster(adminUrl);
    log(`PostgreSQL cluster ${cluster.version}/${cluster.name} on port ${cluster.port} (${cluster.dataDir}); restart: ${cluster.restart().join(" ")}`);
    const database = await freshDatabase(DURABILITY_DATABASE);
    databaseUrl = database.url;
    drop = database.drop;
    server = await startServerChild({ port, databaseUrl, seedDemo: true, env: raisedRateLimitEnv(), onStderr: (line) => log(`[server] ${line}`) });
    log(`Server ${server.url} (pid ${server.pid}); signing up and logging in ${workerCount} buyers…`);
    const { workers, targets, catalogues } = await prepareWorkers(databaseUrl);

    const outcomes: Outcome[] = [];
    const outage: Outage = { downAt: null, backAt: null, restartStartedAt: null, restartEndedAt: null, restartResult: null };
    const loadStartedAt = Date.now();
    let deadline = loadStartedAt + seconds * 1000;
    let restarted = false;

    const probe = async () => {
      const probeUrl = databaseUrl ?? adminUrl;
      while (Date.now() < deadline + 30_000) {
        if (outage.restartStartedAt !== null) {
          const up = await accepts(probeUrl);
          const now = Date.now();
          if (!up && outage.downAt === null) outage.downAt = now;
          if (up && outage.downAt !== null && outage.backAt === null) outage.backAt = now;
          if (outage.backAt !== null || (outage.restartEndedAt !== null && outage.downAt === null && up)) return;
        }
        await sleep(PROBE_INTERVAL_MS);
      }
    };
    const restart = async () => {
      await sleep(restartAt * 1000);
      // On a shared machine, wait (at most --wait-idle s) for other databases' sessions to end.
      const waitUntil = Date.now() + waitIdleSeconds * 1000;
      let others = await otherSessions(adminUrl);
      if (others.length > 0 && waitIdleSeconds > 0) log(`  waiting up to ${waitIdleSeconds} s for other sessions to end: ${others.join(", ")}`);
      while (others.length > 0 && Date.now() < waitUntil) {
        await sleep(200);
        others = await otherSessions(adminUrl);
      }
      if (others.length > 0) log(`  (the restart also cuts other sessions: ${others.join(", ")})`);
      if (cluster === null) throw new Error("no cluster to restart");
      outage.restartStartedAt = Date.now();
      restarted = true;
      if (downSeconds === 0) {
        log(`${ms(Date.now(), loadStartedAt)}: restarting PostgreSQL (${cluster.restart().join(" ")})…`);
        outage.restartResult = await run(cluster.restart());
      } else {
        log(`${ms(Date.now(), loadStartedAt)}: stopping PostgreSQL for ${downSeconds} s (${cluster.stop().join(" ")}, then ${cluster.start().join(" ")})…`);
        const stopped = await run(cluster.stop());
        await sleep(downSeconds * 1000);
        const started = await run(cluster.start());
        outage.restartResult = { code: stopped.code === 0 ? started.code : stopped.code, output: [stopped.output, started.output].filter((text) => text !== "").join("; ") };
      }
      outage.restartEndedAt = Date.now();
      // At least 10 s of load after the restart, to see the recovery.
      deadline = Math.max(deadline, outage.restartEndedAt + 10_000);
      log(`${ms(outage.restartEndedAt, loadStartedAt)}: restart command exited ${outage.restartResult.code ?? "?"}${outage.restartResult.output === "" ? "" : `: ${outage.restartResult.output}`}`);
    };
    const work = async (worker: Worker) => {
      let serial = 0;
      while (Date.now() < deadline) {
        const kind = SCHEDULE[(worker.index + serial) % SCHEDULE.length] as Kind;
        outcomes.push(await attempt(kind, worker, serial, targets, catalogues));
        serial += 1;
        // A failed request is not retried at once: a pause, as a person would make.
        const last = outcomes[outcomes.length - 1];
        if (last !== undefined && !isOk(last)) await sleep(50);
      }
    };
    log(`Write load: ${workerCount} workers for ${seconds} s; PostgreSQL restart (${mode}) at ${restartAt} s…`);
    await Promise.all([...workers.map(work), restart(), probe()]);
    if (!restarted) throw new Error("the restart never ran");

    const pgUp = await ensureRunning(cluster, adminUrl);
    if (!pgUp) throw new Error("PostgreSQL did not come back within 60 s after the load");
    const crashedDuringLoad = server.exited();
    let stillAnswers = false;
    try {
      stillAnswers = (await send("GET", "/api/health", undefined)).status === 200;
    } catch {
      stillAnswers = false;
    }

    // --- Figures ---
    const writes = outcomes.filter((outcome) => WRITES.has(outcome.kind));
    const failed = outcomes.filter((outcome) => !isOk(outcome));
    const statusCounts = new Map<string, number>();
    for (const outcome of failed) {
      const label = outcome.status === null ? (outcome.failure ?? "network") : String(outcome.status);
      statusCounts.set(label, (statusCounts.get(label) ?? 0) + 1);
    }
    const messages = new Map<string, number>();
    for (const outcome of failed) {
      const message = outcome.message === undefined ? "(no answer)" : (outcome.message ?? "(not a JSON { message })");
      messages.set(message, (messages.get(message) ?? 0) + 1);
    }
    const unclean = failed.filter((outcome) => outcome.status === null || outcome.status < 500 || outcome.message === null || outcome.message === undefined);
    const backAt = outage.backAt ?? (outage.downAt === null ? outage.restartEndedAt : null);
    const firstWrite = backAt === null ? undefined : writes.filter((outcome) => isOk(outcome) && outcome.endedAt >= backAt).sort((a, b) => a.endedAt - b.endedAt)[0];
    const recoveryMs = firstWrite === undefined || backAt === null ? null : firstWrite.endedAt - backAt;
    const firstWriteSentAfter = backAt === null ? undefined : writes.filter((outcome) => isOk(outcome) && outcome.startedAt >= backAt).sort((a, b) => a.endedAt - b.endedAt)[0];
    const failuresAfterBack = backAt === null ? [] : failed.filter((outcome) => outcome.startedAt >= backAt);
    const lastFailure = failed.reduce<number | null>((latest, outcome) => (latest === null || outcome.endedAt > latest ? outcome.endedAt : latest), null);
    const outageMs = outage.downAt !== null && outage.backAt !== null ? outage.backAt - outage.downAt : 0;
    const verification = await verify(databaseUrl, outcomes);

    log("");
    const loadSeconds = round((Math.max(...outcomes.map((outcome) => outcome.endedAt)) - loadStartedAt) / 1000);
    log(`Requests: ${outcomes.length} (${writes.length} writes, ${outcomes.length - writes.length} marketplace reads) in ${loadSeconds} s, ${workerCount} workers`);
    log(`Timeline (from the start of the load): restart command ${ms(outage.restartStartedAt, loadStartedAt)} → ${ms(outage.restartEndedAt, loadStartedAt)}; PostgreSQL refused connections ${ms(outage.downAt, loadStartedAt)} → accepted again ${ms(outage.backAt, loadStartedAt)} (outage ${outageMs} ms)`);
    log(`Failed requests: ${failed.length} (${[...statusCounts].map(([status, count]) => `${status}×${count}`).join(", ") || "none"}); last failure ended ${ms(lastFailure, loadStartedAt)}; failures sent after PostgreSQL was back: ${failuresAfterBack.length}`);
    for (const [message, count] of messages) log(`  ${count}× ${message}`);
    log(`(a) acknowledged writes: ${verification.acked}; missing from the database: ${verification.missing.length}${verification.missing.length === 0 ? "" : ` — ${verification.missing.slice(0, 10).join("; ")}`}; stored although not acknowledged: ${verification.storedUnacked}`);
    log(
      `(b) recovery: first acknowledged write ${recoveryMs === null ? "never" : `${recoveryMs} ms`} after PostgreSQL accepted connections (first write sent after it: ${firstWriteSentAfter === undefined || backAt === null ? "never" : `acknowledged after ${firstWriteSentAfter.endedAt - backAt} ms`}); budget ${recoveryBudgetMs} ms`,
    );
    log(`(c) server process: ${crashedDuringLoad === null ? `pid ${server.pid} never exited` : `EXITED (code ${crashedDuringLoad.code ?? "?"}, signal ${crashedDuringLoad.signal ?? "none"})`}; answers /api/health afterwards: ${stillAnswers}`);
    log(`(d) failures that were not a 5xx with a JSON message (hung, dropped, other status): ${unclean.length}`);
    if (server.errorLogs.length > 0) {
      const distinct = new Map<string, number>();
      for (const line of server.errorLogs) distinct.set(line, (distinct.get(line) ?? 0) + 1);
      log(`The server logged ${server.errorLogs.length} errors:`);
      for (const [line, count] of [...distinct].slice(0, 8)) log(`  ${count}× ${line}`);
    }

    const okA = verification.missing.length === 0;
    const okB = recoveryMs !== null && recoveryMs <= recoveryBudgetMs;
    const okC = crashedDuringLoad === null && stillAnswers;
    const okD = unclean.length === 0;
    process.stdout.write(
      `writes_acked=${verification.acked} lost=${verification.missing.length} failed=${failed.length} statuses=${[...statusCounts].map(([status, count]) => `${status}x${count}`).join(",") || "none"} outage_ms=${outageMs} recovery_ms=${recoveryMs ?? "never"} crashed=${crashedDuringLoad !== null}\n`,
    );
    const verdicts = [
      ["(a) acknowledged writes durable", okA],
      ["(b) recovery within budget", okB],
      ["(c) server never crashed", okC],
      ["(d) failures clean", okD],
    ] as const;
    for (const [label, ok] of verdicts) log(`${ok ? "PASS" : "FAIL"} ${label}`);
    return verdicts.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await server?.stop();
    const up = await ensureRunning(cluster, adminUrl);
    if (!up) log("WARNING: PostgreSQL is NOT accepting connections; start it by hand (pg_ctlcluster <version> <cluster> start).");
    if (up && drop !== undefined && !args["keep-database"]) await drop();
  }
}

process.exitCode = await main();
