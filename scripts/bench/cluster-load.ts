// Several processes, one truth (issue 30; docs/decisions/044-several-processes.md):
// what the cluster benchmark (scripts/bench/cluster.ts, three processes behind
// HAProxy) and its CI version (tests/server/cluster.test.ts, two processes and
// a balancing client) share, so both check the same things:
//
// - the processes: `node --import tsx server/main.ts` with the environment an
//   operator sets (one database, one Redis, one uploads folder, one JWT
//   secret), started, killed (SIGKILL), stopped (SIGTERM: decision 041's
//   drain) and restarted;
// - the fixture: sellers with a listed company each, buyers with an approved
//   deal room with them, their tokens;
// - the mixed load: listings, profiles, logins, interest messages, uploads
//   and deal-room messages; every write carries a unique marker, so the
//   database can be asked afterwards whether it has it, once;
// - the invariants: no acknowledged (2xx) write lost, no write twice, no
//   client error but a retryable 5xx and only while a process was killed,
//   rate limits shared, a write through one process in the next listing of
//   another, deal-room events across processes.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { currentNda, NDA_VERSIONS } from "../../content/nda.ts";
import { TEST_SCRYPT_PARAMS, type ScryptParams } from "../../server/auth/passwords.ts";
import { issueSessionTokenFor } from "../../server/auth/sessions.ts";
import { createUser } from "../../server/auth/users.ts";
import { createCompany } from "../../server/companies/create-company.ts";
import { rowsOf, textOf } from "../../server/db/rows.ts";
import { openDatabase } from "../../server/db/open.ts";
import { accessRequests, ndaAcceptances } from "../../server/deal-room/schema.ts";
import { rateLimitVariable } from "../../server/config.ts";
import { RATE_LIMIT_BUCKETS, type RateLimitBucket } from "../../server/http/rate-limit.ts";
import { sql } from "drizzle-orm";

const REPO = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// --- The processes -----------------------------------------------------------------------

/** The bucket the rate-limit check lowers (nothing in the mix uses it); every other bucket is raised for the load. */
export const PROBED_BUCKET: RateLimitBucket = "recovery";
export const PROBED_LIMIT = 6;

export interface ClusterSettings {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** The one folder every process stores uploads in (shared storage). */
  readonly uploadsDir: string;
  /** Each process's own DATA_DIR (nothing shared is in it once the secrets are given). */
  readonly dataDir: string;
  readonly jwtSecret: string;
  /** SHUTDOWN_DRAIN_MS: longer than the proxy's health-check interval × fall count. */
  readonly drainMs: number;
}

/** The environment an operator gives every process (docs/deploy.md), plus this process's port. */
export function processEnv(settings: ClusterSettings, port: number): Record<string, string> {
  const raised = Object.fromEntries(RATE_LIMIT_BUCKETS.map((bucket) => [rateLimitVariable(bucket), "999999999/1h"]));
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    UPLOADS_DIR: settings.uploadsDir,
    DATA_DIR: path.join(settings.dataDir, `p${port}`),
    JWT_SECRET: settings.jwtSecret,
    PAYMENTS_LOCAL_WEBHOOK_SECRET: `${settings.jwtSecret}-webhook`,
    TRUST_PROXY: "1",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    SHUTDOWN_DRAIN_MS: String(settings.drainMs),
    SAVED_SEARCH_ALERTS_INTERVAL_MS: "0",
    ...raised,
    [rateLimitVariable(PROBED_BUCKET)]: `${PROBED_LIMIT}/1h`,
  };
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * One app process on 127.0.0.1:`port`: `node <bundle>/main.js` as `npm
 * start` runs it (decision 041: bundleServer), or `node --import tsx
 * server/main.ts` without a bundle. Either way one process, so a signal
 * reaches the server itself, not a wrapper. It can be killed and started
 * again on the same port.
 */
export class AppProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exit: Promise<Exit> | undefined;
  /** The last lines it wrote (logs at warn or worse, a crash's stack). */
  readonly lines: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Readonly<Record<string, string>>,
    /** The bundle's main.js (scripts/build/server-bundle.ts); absent: the sources through tsx. */
    private readonly entry?: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Spawn it; resolves once /api/health/ready answers 200 (rejects if it exits first). */
  async start(timeoutMs = 120_000): Promise<void> {
    const { NODE_ENV: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, this.entry === undefined ? ["--import", "tsx", "server/main.ts"] : [this.entry], { cwd: REPO, env: { ...inherited, ...this.env }, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim() !== "") this.lines.push(`${this.name}: ${line.slice(0, 400)}`);
      if (this.lines.length > 200) this.lines.splice(0, this.lines.length - 200);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    let exited: Exit | undefined;
    void this.exit.then((value) => (exited = value));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exited !== undefined) throw new Error(`${this.name} exited while starting (code ${exited.code ?? "?"}, signal ${exited.signal ?? "none"}): ${this.lines.slice(-5).join(" | ")}`);
      if ((await probeReady(this.url)) === 200) return;
      await sleep(100);
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** SIGKILL: the process dies at once, with whatever it had in flight. */
  async kill(): Promise<Exit> {
    this.child?.kill("SIGKILL");
    return this.waitExit();
  }

  /** SIGTERM: the graceful shutdown (drain, close, exit 0). */
  async terminate(): Promise<Exit> {
    this.child?.kill("SIGTERM");
    return this.waitExit();
  }

  private async waitExit(): Promise<Exit> {
    if (this.exit === undefined) return { code: null, signal: null };
    const exit = await this.exit;
    this.child = undefined;
    this.exit = undefined;
    return exit;
  }

  /** At the end, whatever state it is in. */
  async stop(): Promise<void> {
    if (this.child === undefined) return;
    const killer = setTimeout(() => this.child?.kill("SIGKILL"), 20_000);
    await this.terminate();
    clearTimeout(killer);
  }
}

/** GET /api/health/ready's status, or 0 when the process does not answer. */
export function probeReady(base: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/api/health/ready`, { timeout: 1000, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

// --- The fixture ------------------------------------------------------------------------

export interface DealPair {
  readonly seller: { readonly id: number; readonly token: string };
  readonly buyer: { readonly id: number; readonly email: string; readonly token: string };
  readonly companyId: number;
  readonly humanId: string;
  /** The approved access request: their deal room. */
  readonly requestId: number;
}

export interface Fixture {
  /** This run's marker prefix: every write of the run carries it. */
  readonly run: string;
  readonly pairs: ReadonlyArray<DealPair>;
  /** Buyers' e-mails and the password the login item uses. */
  readonly password: string;
}

export interface FixtureOptions {
  readonly pairs: number;
  readonly jwtSecret: string;
  /** The cost of the fixture users' password hashes (what a login in the mix pays). */
  readonly scrypt?: ScryptParams;
}

/**
 * Sellers, their listed companies, and buyers with an approved deal room,
 * written with the server's own code into the migrated database; tokens are
 * signed with the processes' JWT secret.
 */
export async function prepareFixture(databaseUrl: string, options: FixtureOptions): Promise<Fixture> {
  const run = `k${randomBytes(4).toString("hex")}`;
  const password = "Cluster-2026-segura";
  const handle = await openDatabase({ url: databaseUrl });
  try {
    const tokens = { secret: new TextEncoder().encode(options.jwtSecret), ttlSeconds: 4 * 3600 };
    const params = options.scrypt ?? TEST_SCRYPT_PARAMS;
    const nda = currentNda(NDA_VERSIONS).version;
    const pairs: DealPair[] = [];
    for (let index = 0; index < options.pairs; index += 1) {
      const seller = await createUser(handle.db, { email: `vendedora.${run}.${index}@cluster.ejemplo.mx`, password, name: `Vendedora ${index}`, phone: null, roles: ["seller"] }, { params });
      const buyer = await createUser(handle.db, { email: `comprador.${run}.${index}@cluster.ejemplo.mx`, password, name: `Comprador ${index}`, phone: null, roles: ["buyer"] }, { params });
      const company = await createCompany(handle.db, {
        name: `Manufacturas Clúster ${index}`,
        ownerUserId: seller.id,
        isPublished: true,
        stateId: 19,
        shortDescription: "Fabricante de piezas metálicas con clientes en el Bajío.",
        contactEmail: `contacto.${run}.${index}@cluster.ejemplo.mx`,
      });
      const [request] = await handle.db
        .insert(accessRequests)
        .values({ companyId: company.id, buyerUserId: buyer.id, status: "approved", message: "Nos interesa conocer la empresa.", approvedAt: new Date(), decidedAt: new Date() })
        .returning({ id: accessRequests.id });
      if (request === undefined) throw new Error("no access request id returned");
      await handle.db.insert(ndaAcceptances).values({ accessRequestId: request.id, userId: buyer.id, version: nda, acceptedText: "Acuerdo aceptado", textSha256: "0".repeat(64), ip: "127.0.0.1" });
      pairs.push({
        seller: { id: seller.id, token: await issueSessionTokenFor(handle.db, seller.id, tokens) },
        buyer: { id: buyer.id, email: buyer.email, token: await issueSessionTokenFor(handle.db, buyer.id, tokens) },
        companyId: company.id,
        humanId: company.humanId,
        requestId: request.id,
      });
    }
    return { run, pairs, password };
  } finally {
    await handle.close();
  }
}

// --- Requests -----------------------------------------------------------------------------

export interface ApiRequest {
  readonly method: "GET" | "POST" | "PUT";
  readonly path: string;
  readonly token?: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Buffer | undefined;
  readonly contentType?: string | undefined;
}

export interface Answer {
  /** The HTTP status, or null when no response came (connection refused or lost, timeout). */
  readonly status: number | null;
  readonly body: string;
  /** The connection error when there was no response (ECONNREFUSED, ECONNRESET, timeout). */
  readonly error?: string;
  /** Whether the request's bytes may have reached a server (false: refused before anything was sent). */
  readonly sent: boolean;
}

export const json = (value: unknown): { body: Buffer; contentType: string } => ({ body: Buffer.from(JSON.stringify(value)), contentType: "application/json" });

/** One request to `base` (http://127.0.0.1:port) over `agent`. */
export function send(base: string, request: ApiRequest, agent: http.Agent | false, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve) => {
    let sent = false;
    const outgoing = http.request(
      `${base}/api${request.path}`,
      {
        method: request.method,
        agent,
        timeout: timeoutMs,
        headers: {
          accept: "application/json",
          ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
          ...(request.body === undefined ? {} : { "content-type": request.contentType ?? "application/json", "content-length": String(request.body.length) }),
          ...request.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent: true }));
        response.on("error", (error) => resolve({ status: null, body: "", error: error.message, sent: true }));
      },
    );
    // On a fresh connection nothing is sent before it connects; a reused one is connected already.
    outgoing.on("socket", (socket) => {
      if (!socket.connecting) sent = true;
      else socket.once("connect", () => (sent = true));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve({ status: null, body: "", error: error.code ?? error.message, sent: sent && error.code !== "ECONNREFUSED" }));
    outgoing.end(request.body);
  });
}

/** Where the load sends its requests: the proxy, or the balancing client of the CI version. */
export type Sender = (request: ApiRequest) => Promise<Answer>;

const IDEMPOTENT = new Set(["GET", "HEAD"]);

/**
 * The CI version's stand-in for the proxy (no proxy there): a client that
 * polls each process's /api/health/ready every `checkMs`, sends each
 * request to the next ready process, and retries as the proxy is told to
 * (decision 044): a request refused before it was sent goes to another
 * process; a GET that got no answer is sent again; a write that got no
 * answer is answered 502, as the proxy would, and is never sent twice.
 */
export class BalancingClient {
  private readonly ready = new Map<string, boolean>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(
    private readonly backends: ReadonlyArray<string>,
    private readonly checkMs = 100,
  ) {
    for (const backend of backends) this.ready.set(backend, true);
  }

  start(): void {
    const check = async () => {
      await Promise.all(this.backends.map(async (backend) => this.ready.set(backend, (await probeReady(backend)) === 200)));
      this.timer = setTimeout(() => void check(), this.checkMs);
    };
    void check();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.agent.destroy();
  }

  private pick(exclude: ReadonlySet<string>): string | undefined {
    for (let tries = 0; tries < this.backends.length; tries += 1) {
      const backend = this.backends[this.next % this.backends.length] as string;
      this.next += 1;
      if (this.ready.get(backend) === true && !exclude.has(backend)) return backend;
    }
    return this.backends.find((backend) => !exclude.has(backend));
  }

  readonly send: Sender = async (request) => {
    const tried = new Set<string>();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const backend = this.pick(tried);
      if (backend === undefined) break;
      const answer = await send(backend, request, this.agent);
      if (answer.status !== null) return answer;
      tried.add(backend);
      // A health check would take it out of rotation; until then, do not pick it again.
      this.ready.set(backend, false);
      if (answer.sent && !IDEMPOTENT.has(request.method)) return { status: 502, body: "", error: answer.error ?? "lost", sent: true };
    }
    return { status: 503, body: "", error: "no process answered", sent: false };
  };
}

// --- The mixed load ---------------------------------------------------------------------------

export type Kind = "listing" | "profile" | "login" | "interest" | "upload" | "deal_message";

/** What a success is for each kind. */
const EXPECTED: Readonly<Record<Kind, number>> = { listing: 200, profile: 200, login: 200, interest: 201, upload: 201, deal_message: 201 };
/** POSTs: never sent twice by the proxy, so the one kind of request a SIGKILL may fail (a login writes a session). */
const NOT_IDEMPOTENT: ReadonlySet<Kind> = new Set<Kind>(["login", "interest", "upload", "deal_message"]);

/** Per 40 requests of a client: mostly reads, as people use it; every kind of write the issue names. */
const SCHEDULE: ReadonlyArray<Kind> = [
  ...Array<Kind>(14).fill("listing"),
  ...Array<Kind>(10).fill("profile"),
  ...Array<Kind>(2).fill("login"),
  ...Array<Kind>(5).fill("interest"),
  ...Array<Kind>(4).fill("upload"),
  ...Array<Kind>(5).fill("deal_message"),
];

// One real page: uploads read a PDF the way the watermark will (issue 31).
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

function multipart(filename: string): { body: Buffer; contentType: string } {
  const boundary = `----puente-cluster-${randomBytes(6).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const LISTINGS = ["", "?page=2", "?state_id=19", "?industry_id=1", "?q=manufactura", "?q=piezas", "?interest_id=1", "?per_page=24"];

/** A request of the given kind, and the marker it writes (writes only). */
function requestOf(kind: Kind, fixture: Fixture, client: number, serial: number): { request: ApiRequest; marker?: string } {
  const pair = fixture.pairs[(client + serial) % fixture.pairs.length] as DealPair;
  const marker = `${fixture.run}-${client}-${serial}`;
  switch (kind) {
    case "listing":
      return { request: { method: "GET", path: `/companies${LISTINGS[serial % LISTINGS.length] ?? ""}` } };
    case "profile":
      return { request: { method: "GET", path: `/companies/${pair.companyId}` } };
    case "login":
      return { request: { method: "POST", path: "/sessions", ...json({ email: pair.buyer.email, password: fixture.password }) } };
    case "interest":
      return {
        marker,
        request: {
          method: "POST",
          path: `/companies/${pair.companyId}/interest_messages`,
          token: pair.buyer.token,
          ...json({ name: "Comprador Clúster", email: pair.buyer.email, human_id: pair.humanId, summary: `Nos interesa conocer ventas y márgenes de la empresa [${marker}].` }),
        },
      };
    case "upload":
      return { marker, request: { method: "POST", path: `/companies/${pair.companyId}/company_files/company_asambleas`, token: pair.seller.token, ...multipart(`${marker}.pdf`) } };
    case "deal_message":
      return { marker, request: { method: "POST", path: `/access_requests/${pair.requestId}/messages`, token: pair.buyer.token, ...json({ body: `¿Revisamos los estados financieros el jueves? [${marker}]` }) } };
  }
}

export interface Outcome {
  readonly kind: Kind;
  readonly marker: string | undefined;
  readonly status: number | null;
  readonly error: string | undefined;
  /** ms since the load began. */
  readonly start: number;
  readonly end: number;
}

export interface LoadResult {
  readonly outcomes: ReadonlyArray<Outcome>;
  readonly seconds: number;
}

/**
 * `connections` clients, each sending one request after the other through
 * `sender` until `until()` says stop (checked between requests).
 */
export async function runLoad(sender: Sender, fixture: Fixture, connections: number, until: () => boolean): Promise<LoadResult> {
  const outcomes: Outcome[] = [];
  const began = performance.now();
  const client = async (index: number) => {
    for (let serial = (index * 7) % SCHEDULE.length; !until(); serial += 1) {
      const kind = SCHEDULE[serial % SCHEDULE.length] as Kind;
      const { request, marker } = requestOf(kind, fixture, index, serial);
      const start = performance.now() - began;
      const answer = await sender(request);
      outcomes.push({ kind, marker, status: answer.status, error: answer.error, start, end: performance.now() - began });
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
  return { outcomes, seconds: (performance.now() - began) / 1000 };
}

// --- What happened ----------------------------------------------------------------------------

/** A span of the load (ms since it began) when processes were killed or rolled. */
export interface Window {
  readonly name: "kill" | "roll";
  readonly from: number;
  to: number;
}

export const isError = (outcome: Outcome): boolean => outcome.status !== EXPECTED[outcome.kind];
/** A status the client may retry: the proxy's (or balancing client's) 502/503/504. */
const retryable = (status: number | null): boolean => status === 502 || status === 503 || status === 504;

export interface Summary {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly errors: number;
  readonly byWindow: Readonly<Record<"kill" | "roll" | "steady", ReadonlyArray<Outcome>>>;
  readonly perKind: ReadonlyArray<{ kind: Kind; requests: number; p95: number; errors: number }>;
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/** Figures, and the errors sorted by when they happened: during a kill, during the roll, or otherwise. */
export function summarize(load: LoadResult, windows: ReadonlyArray<Window>): Summary {
  const latencies = load.outcomes.map((outcome) => outcome.end - outcome.start).sort((a, b) => a - b);
  const errors = load.outcomes.filter(isError);
  const inWindow = (outcome: Outcome, name: Window["name"]) => windows.some((window) => window.name === name && outcome.end >= window.from && outcome.start <= window.to);
  const kinds = [...new Set(load.outcomes.map((outcome) => outcome.kind))];
  return {
    requests: load.outcomes.length,
    rps: load.outcomes.length / load.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors.length,
    byWindow: {
      kill: errors.filter((outcome) => inWindow(outcome, "kill")),
      roll: errors.filter((outcome) => !inWindow(outcome, "kill") && inWindow(outcome, "roll")),
      steady: errors.filter((outcome) => !inWindow(outcome, "kill") && !inWindow(outcome, "roll")),
    },
    perKind: kinds.map((kind) => {
      const own = load.outcomes.filter((outcome) => outcome.kind === kind);
      return { kind, requests: own.length, p95: percentile(own.map((outcome) => outcome.end - outcome.start).sort((a, b) => a - b), 95), errors: own.filter(isError).length };
    }),
  };
}

export interface Check {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

const describeErrors = (outcomes: ReadonlyArray<Outcome>): string => {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = `${outcome.kind} ${outcome.status ?? outcome.error ?? "?"}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size === 0 ? "none" : [...counts].map(([key, count]) => `${key} ×${count}`).join(", ");
};

/** The errors clients saw, judged (the issue's goal): none in the roll or outside the windows; during a kill only retryable 5xx of POSTs (GETs are retried). */
export function errorChecks(summary: Summary): Check[] {
  const { kill, roll, steady } = summary.byWindow;
  const killOk = kill.every((outcome) => retryable(outcome.status) && NOT_IDEMPOTENT.has(outcome.kind));
  return [
    { name: "errors during the SIGKILL: only retryable 5xx of in-flight POSTs", ok: killOk, detail: describeErrors(kill) },
    { name: "no error during the rolling restart", ok: roll.length === 0, detail: describeErrors(roll) },
    { name: "no error outside the kill and the roll", ok: steady.length === 0, detail: describeErrors(steady) },
  ];
}

/** The markers in the database, with how many rows carry each. */
async function markersInDatabase(databaseUrl: string, run: string): Promise<Map<string, number>> {
  const handle = await openDatabase({ url: databaseUrl });
  try {
    const pattern = `${run}-%`;
    const result = await handle.db.execute(sql`
      SELECT substring(summary from '\\[(${sql.raw(run)}-[0-9]+-[0-9]+)\\]') AS marker FROM interest_messages WHERE summary LIKE ${`%[${pattern}]%`}
      UNION ALL SELECT substring(body from '\\[(${sql.raw(run)}-[0-9]+-[0-9]+)\\]') FROM deal_messages WHERE body LIKE ${`%[${pattern}]%`}
      UNION ALL SELECT substring(filename from '^(${sql.raw(run)}-[0-9]+-[0-9]+)\\.pdf$') FROM company_files WHERE filename LIKE ${`${pattern}.pdf`}`);
    const counts = new Map<string, number>();
    for (const row of rowsOf(result)) {
      const marker = textOf(row, "marker");
      counts.set(marker, (counts.get(marker) ?? 0) + 1);
    }
    return counts;
  } finally {
    await handle.close();
  }
}

/** Every acknowledged write in the database; no write there twice; what became of the unacknowledged ones. */
export async function writeChecks(databaseUrl: string, fixture: Fixture, load: LoadResult): Promise<Check[]> {
  if (!/^k[0-9a-f]{8}$/.test(fixture.run)) throw new Error("unexpected run marker");
  const found = await markersInDatabase(databaseUrl, fixture.run);
  const writes = load.outcomes.filter((outcome) => outcome.marker !== undefined);
  const acknowledged = writes.filter((outcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300);
  const lost = acknowledged.filter((outcome) => !found.has(outcome.marker ?? ""));
  const duplicated = [...found].filter(([, count]) => count > 1);
  const unacknowledged = writes.filter((outcome) => !acknowledged.includes(outcome));
  const committedAnyway = unacknowledged.filter((outcome) => found.has(outcome.marker ?? "")).length;
  const sentMarkers = new Set(writes.map((outcome) => outcome.marker));
  const strangers = [...found.keys()].filter((marker) => !sentMarkers.has(marker));
  return [
    {
      name: "no acknowledged write lost",
      ok: lost.length === 0 && acknowledged.length > 0,
      detail: `${acknowledged.length} acknowledged writes, ${lost.length} missing${lost.length === 0 ? "" : ` (${lost.slice(0, 5).map((outcome) => outcome.marker).join(", ")})`}; of ${unacknowledged.length} unacknowledged, ${committedAnyway} committed before the process died`,
    },
    {
      name: "no duplicate write from a retried request",
      ok: duplicated.length === 0 && strangers.length === 0,
      detail: `${found.size} markers in the database, ${duplicated.length} more than once${duplicated.length === 0 ? "" : ` (${duplicated.slice(0, 5).map(([marker, count]) => `${marker} ×${count}`).join(", ")})`}, ${strangers.length} never sent`,
    },
  ];
}

// --- Checks made on each process directly ----------------------------------------------------------

const randomIp = (): string => `10.${1 + (randomBytes(1)[0] ?? 0) % 250}.${randomBytes(1)[0] ?? 0}.${1 + (randomBytes(1)[0] ?? 0) % 250}`;

/**
 * The probed bucket allows PROBED_LIMIT requests an hour per address: sent
 * from one (made-up, forwarded) address to the processes in turn, exactly
 * PROBED_LIMIT pass in all, not PROBED_LIMIT per process.
 */
export async function rateLimitCheck(backends: ReadonlyArray<string>): Promise<Check> {
  const ip = randomIp();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < PROBED_LIMIT * backends.length; attempt += 1) {
    const backend = backends[attempt % backends.length] as string;
    const answer = await send(backend, { method: "POST", path: "/accounts/recover-passwords", headers: { "x-forwarded-for": ip }, ...json({ email: `nadie.${attempt}@cluster.ejemplo.mx` }) }, false);
    statuses.push(answer.status ?? 0);
  }
  const passed = statuses.filter((status) => status >= 200 && status < 300).length;
  const refused = statuses.filter((status) => status === 429).length;
  return {
    name: "rate limits shared across processes",
    ok: passed === PROBED_LIMIT && refused === statuses.length - PROBED_LIMIT,
    detail: `${statuses.length} requests from one address over ${backends.length} processes (limit ${PROBED_LIMIT}): ${passed} passed, ${refused} refused with 429`,
  };
}

const letters = (count: number): string =>
  Array.from(randomBytes(count), (byte) => "abcdefghijklmnopqrstuvwxyz"[byte % 26])
    .join("");

/** A company changed through one process is in the very next listing asked of another, for every ordered pair of processes. */
export async function listingCheck(backends: ReadonlyArray<string>, fixture: Fixture): Promise<Check> {
  const pair = fixture.pairs[0] as DealPair;
  const misses: string[] = [];
  let tries = 0;
  for (const [writerIndex, writer] of backends.entries()) {
    for (const [readerIndex, reader] of backends.entries()) {
      if (writer === reader) continue;
      tries += 1;
      const word = `zafiro${letters(10)}`;
      const written = await send(writer, { method: "PUT", path: `/companies/${pair.companyId}`, token: pair.seller.token, ...json({ short_description: `Fabricante de piezas ${word} con clientes en el Bajío.` }) }, false);
      if (written.status !== 200) {
        misses.push(`write through process ${writerIndex + 1} answered ${written.status ?? written.error}`);
        continue;
      }
      const listed = await send(reader, { method: "GET", path: `/companies?q=${word}` }, false);
      const ids = listed.status === 200 ? ((JSON.parse(listed.body) as { items?: Array<{ id: number }> }).items ?? []).map((card) => card.id) : [];
      if (!ids.includes(pair.companyId)) misses.push(`process ${readerIndex + 1} did not list the change made through process ${writerIndex + 1} (${listed.status ?? listed.error})`);
    }
  }
  return { name: "a write through one process in the next listing of another", ok: misses.length === 0 && tries > 0, detail: misses.length === 0 ? `${tries} of ${tries} writes listed by another process on its next request` : misses.join("; ") };
}

/** A file uploaded through one process is opened, bytes and all, through every other (one uploads folder, or S3). */
export async function sharedFilesCheck(backends: ReadonlyArray<string>, fixture: Fixture): Promise<Check> {
  const pair = fixture.pairs[0] as DealPair;
  const problems: string[] = [];
  let opened = 0;
  for (const [writerIndex, writer] of backends.entries()) {
    const uploaded = await send(writer, { method: "POST", path: `/companies/${pair.companyId}/company_files/company_poderes`, token: pair.seller.token, ...multipart(`poder-${writerIndex + 1}.pdf`) }, false);
    const fileId = uploaded.status === 201 ? (JSON.parse(uploaded.body) as { items?: Array<{ id: number }> }).items?.[0]?.id : undefined;
    if (fileId === undefined) {
      problems.push(`an upload through process ${writerIndex + 1} answered ${uploaded.status ?? uploaded.error}`);
      continue;
    }
    for (const [readerIndex, reader] of backends.entries()) {
      if (reader === writer) continue;
      const signed = await send(reader, { method: "GET", path: `/companies/${pair.companyId}/company_files/${fileId}`, token: pair.seller.token }, false);
      const url = signed.status === 200 ? (JSON.parse(signed.body) as { url?: string }).url : undefined;
      const location = url === undefined ? undefined : new URL(url, reader);
      const file = location === undefined ? undefined : await send(reader, { method: "GET", path: `${location.pathname.replace(/^\/api/, "")}${location.search}` }, false);
      if (file?.status === 200 && file.body === PDF.toString()) opened += 1;
      else problems.push(`process ${readerIndex + 1} could not open the file uploaded through process ${writerIndex + 1} (${signed.status ?? signed.error}, ${file?.status ?? file?.error ?? "no url"})`);
    }
  }
  return { name: "uploads shared across processes", ok: problems.length === 0 && opened > 0, detail: problems.length === 0 ? `${opened} of ${opened} files uploaded through one process opened through another, same bytes` : problems.join("; ") };
}

/** An open GET /api/events stream: its events as they come. */
interface EventStream {
  next(timeoutMs: number): Promise<unknown>;
  close(): void;
}

function openEvents(base: string, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const queue: unknown[] = [];
    let waiting: ((event: unknown) => void) | undefined;
    const request = http.get(`${base}/api/events`, { agent: false, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      let buffer = "";
      response.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (data === undefined) continue;
          const event = JSON.parse(data.slice("data: ".length)) as unknown;
          if (waiting !== undefined) {
            const deliver = waiting;
            waiting = undefined;
            deliver(event);
          } else queue.push(event);
        }
      });
      resolve({
        next: (timeoutMs) =>
          queue.length > 0
            ? Promise.resolve(queue.shift())
            : new Promise((deliver) => {
                const timer = setTimeout(() => {
                  waiting = undefined;
                  deliver(null);
                }, timeoutMs);
                waiting = (event) => {
                  clearTimeout(timer);
                  deliver(event);
                };
              }),
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}

/** A deal-room message written through each process reaches the seller's stream on every other process. */
export async function dealEventsCheck(backends: ReadonlyArray<string>, fixture: Fixture): Promise<Check> {
  const pair = fixture.pairs[0] as DealPair;
  const problems: string[] = [];
  let delivered = 0;
  let expected = 0;
  const streams = await Promise.all(backends.map((backend) => openEvents(backend, pair.seller.token)));
  try {
    for (const stream of streams) {
      const first = (await stream.next(5000)) as { type?: string } | null;
      if (first?.type !== "ready") problems.push(`a stream opened with ${JSON.stringify(first)} instead of ready`);
    }
    for (const [writerIndex, writer] of backends.entries()) {
      const written = await send(writer, { method: "POST", path: `/access_requests/${pair.requestId}/messages`, token: pair.buyer.token, ...json({ body: `Mensaje entre procesos ${writerIndex + 1}` }) }, false);
      if (written.status !== 201) {
        problems.push(`a message through process ${writerIndex + 1} answered ${written.status ?? written.error}`);
        continue;
      }
      for (const [readerIndex, stream] of streams.entries()) {
        if (readerIndex === writerIndex) continue;
        expected += 1;
        const event = (await stream.next(5000)) as { type?: string; access_request_id?: number } | null;
        if (event?.type === "deal_message.created" && event.access_request_id === pair.requestId) delivered += 1;
        else problems.push(`process ${readerIndex + 1}'s stream got ${JSON.stringify(event)} for the message through process ${writerIndex + 1}`);
      }
      // The writer's own process also tells the seller; drained so the next read is the next message's.
      const own = streams[writerIndex];
      if (own !== undefined) await own.next(5000);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  return { name: "deal-room events delivered across processes", ok: problems.length === 0 && expected > 0, detail: problems.length === 0 ? `${delivered} of ${expected} events delivered on another process's stream` : problems.join("; ") };
}

/** The figures and checks, one line each, for the log and docs/performance/cluster.md. */
export function report(summary: Summary, checks: ReadonlyArray<Check>): string[] {
  const round = (value: number) => Math.round(value * 10) / 10;
  return [
    `requests=${summary.requests} rps=${Math.round(summary.rps)} p50_ms=${round(summary.p50)} p95_ms=${round(summary.p95)} p99_ms=${round(summary.p99)} errors=${summary.errors} kill_errors=${summary.byWindow.kill.length} roll_errors=${summary.byWindow.roll.length} other_errors=${summary.byWindow.steady.length}`,
    ...summary.perKind.map((row) => `  ${row.kind.padEnd(13)} requests=${row.requests} p95_ms=${round(row.p95)} errors=${row.errors}`),
    ...checks.map((check) => `${check.ok ? "PASS" : "FAIL"} ${check.name}: ${check.detail}`),
  ];
}
