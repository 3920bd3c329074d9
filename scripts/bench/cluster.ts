// npm run bench:cluster [-- --duration 60 --connections 200 --companies 1000 --keep-database]
//
// Several processes, one truth (issue 30; docs/decisions/044, figures in
// docs/performance/cluster.md). Starts PostgreSQL-backed Puente as three
// processes (127.0.0.1:4311-4313, the server bundle `npm start` runs) over
// its own database `puente_cluster` (dropped and created next to
// DATABASE_URL, default the local `test` one), Redis for the rate limits
// (REDIS_URL, default redis://127.0.0.1:6379) and one uploads folder, behind
// HAProxy on 127.0.0.1:4300 (installed from Debian's packages when missing:
// scripts/ensure-haproxy.sh; run here as a child process with a generated
// configuration), which checks GET /api/health/ready every 500 ms and
// retries only what is safe. Then:
//
// - a mixed load through the proxy (listings, profiles, logins, interest
//   messages, uploads, deal-room messages), `--connections` clients for at
//   least `--duration` seconds;
// - at 10 s one process is killed (SIGKILL) and started again; once it is
//   back, the three are rolled: SIGTERM one, start it again, wait until the
//   proxy has it back, the next;
// - the checks of scripts/bench/cluster-load.ts: no acknowledged write lost,
//   none twice, the errors clients saw (none in the roll; in the kill only
//   retryable 5xx of in-flight POSTs), rate limits shared, a write through
//   one process in the next listing of another, deal-room events across
//   processes.
// Prints the figures and one PASS/FAIL line per check; exits 1 on a FAIL.
// Not in CI (it installs a proxy): tests/server/cluster.test.ts is its short version.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../server/db/open.ts";
import { bundleServer } from "../build/server-bundle.ts";
import {
  AppProcess,
  dealEventsCheck,
  errorChecks,
  listingCheck,
  prepareFixture,
  processEnv,
  rateLimitCheck,
  report,
  runLoad,
  send,
  sharedFilesCheck,
  summarize,
  writeChecks,
  type Sender,
  type Window,
} from "./cluster-load.ts";
import { seedBenchCompanies } from "./seed-companies.ts";
import { freshDatabase, log, REPO, sleep } from "./support.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    companies: { type: "string", default: "1000" },
    "keep-database": { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const companies = Number(args.companies);
if (![duration, connections, companies].every((value) => Number.isSafeInteger(value) && value > 0)) throw new Error("--duration, --connections and --companies must be positive integers.");

const PROXY_PORT = 4300;
const PORTS = [4311, 4312, 4313] as const;
const DATABASE = "puente_cluster";
/**
 * The proxy's health check: every 500 ms, out after 2 failures, back after
 * 2 successes; a check waits up to 1.5 s for its answer (a busy process answers
 * late, and must not be taken for a dead one).
 */
const CHECK = { interMs: 500, fall: 2, rise: 2, timeoutMs: 1500 } as const;
/** Requests one process works on at once; the rest wait in HAProxy's queue, so a process keeps answering its health check. */
const PER_PROCESS = 32;
/**
 * Longer than the proxy takes to see a stopping process: `fall` checks, each
 * after the interval and as slow as its timeout under load (a drain of
 * interval × fall, 2 s, was too short: a check took ~500 ms, the process
 * closed while HAProxy still sent to it, and POSTs got 502 and 503).
 */
const DRAIN_MS = CHECK.fall * (CHECK.interMs + CHECK.timeoutMs) + 1000;
const KILL_AT_MS = 10_000;

/**
 * HAProxy's configuration (decision 044): round robin over the processes,
 * each checked on /api/health/ready; a request whose connection failed
 * before it was sent is retried on another process (any method: nothing
 * reached the server); a GET is also retried after an empty or broken
 * answer or a timeout; any other request is never sent twice, so a POST
 * in flight on a process that dies is answered 502 (the client may retry
 * it: it was not acknowledged).
 */
function haproxyConfig(): string {
  return [
    "global",
    // Two file descriptors a connection: within the usual limit of open files.
    "  maxconn 4096",
    "  log stderr format raw local0 info",
    "defaults",
    "  mode http",
    "  log global",
    "  option dontlognull",
    // Only what went wrong: a request that ended abnormally, a server going up or down.
    "  option httplog",
    "  option dontlog-normal",
    
    "  option forwardfor",
    // One request per connection: when a process dies under a request that was not its connection's
    // first, HAProxy closes the client's connection without an answer (RFC 9112 9.3.1: the client may
    // resend it if idempotent); on a connection's first request it answers 502 (decision 044).
    "  option httpclose",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 30s",
    "  timeout http-request 10s",
    `  timeout check ${CHECK.timeoutMs}ms`,
    "  timeout queue 20s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response junk-response response-timeout",
    "frontend web",
    `  bind 127.0.0.1:${PROXY_PORT}`,
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /api/health/ready",
    "  http-check expect status 200",
    // METH_GET is GET and HEAD: the only requests sent again after they reached a server.
    "  http-request disable-l7-retry unless METH_GET",
    "  http-response set-header X-Puente-Process %s",
    // A refused or broken connection takes the process out at once (a killed one), not after `fall` checks:
    // the retries of what was refused then go to the others; the checks bring it back.
    `  default-server check inter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise} maxconn ${PER_PROCESS} observe layer4 error-limit 1 on-error mark-down`,
    ...PORTS.map((port, index) => `  server p${index + 1} 127.0.0.1:${port}`),
    "",
  ].join("\n");
}

function startHaproxy(configFile: string, lines: string[]): ChildProcess {
  const child = spawn("haproxy", ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() !== "") lines.push(line.trim());
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return child;
}

/** HAProxy's abnormal requests by status and termination state (e.g. "502 SH--": the server aborted before its headers), and its server changes. */
function describeProxyLog(lines: ReadonlyArray<string>): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const request = / (\d{3}) \S+ - - (\S{4}) .*"(\S+) /.exec(line);
    const server = /Server (app\/p\d) is (UP|DOWN)/.exec(line);
    const key = request !== null ? `${request[3]} ${request[1]} ${request[2]}` : server !== null ? `server ${server[2]}` : undefined;
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(", ") || "nothing abnormal";
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function main(): Promise<number> {
  const ensured = spawnSync("bash", [path.join(REPO, "scripts/ensure-haproxy.sh")], { stdio: "inherit" });
  if (ensured.status !== 0) throw new Error("HAProxy could not be installed (scripts/ensure-haproxy.sh)");
  const folder = mkdtempSync(path.join(tmpdir(), "puente-bench-cluster-"));
  const bundle = path.join(REPO, ".cache", "bench-cluster-bundle");
  const database = await freshDatabase(DATABASE);
  const settings = {
    databaseUrl: database.url,
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    uploadsDir: path.join(folder, "uploads"),
    dataDir: folder,
    jwtSecret: randomBytes(32).toString("base64url"),
    drainMs: DRAIN_MS,
  };
  const processes = PORTS.map((port, index) => new AppProcess(`p${index + 1}`, port, processEnv(settings, port), path.join(bundle, "main.js")));
  const proxyLines: string[] = [];
  let proxy: ChildProcess | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections + 10 });
  try {
    log("Bundling the server as npm start does…");
    await bundleServer(bundle);
    log(`Starting ${processes.length} processes over ${DATABASE} (they take turns to migrate)…`);
    await Promise.all(processes.map((process) => process.start()));
    log(`Seeding ${companies} listed companies and the deal rooms…`);
    const handle = await openDatabase({ url: database.url });
    try {
      await seedBenchCompanies(handle.db, companies, () => undefined);
    } finally {
      await handle.close();
    }
    // The tests' password cost: at production's, the logins alone would use the machine's two cores
    // (bench:load measures them); here the processes and the proxy are measured.
    const fixture = await prepareFixture(database.url, { pairs: 12, jwtSecret: settings.jwtSecret });
    const configFile = path.join(folder, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig());
    proxy = startHaproxy(configFile, proxyLines);
    const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
    const seen = new Set<string>();
    await until(
      async () => {
        const answer = await new Promise<string | undefined>((resolve) => {
          http.get(`${proxyUrl}/api/health/ready`, { agent: false }, (response) => {
            response.resume();
            resolve(response.statusCode === 200 ? String(response.headers["x-puente-process"]) : undefined);
          }).on("error", () => resolve(undefined));
        });
        if (answer !== undefined) seen.add(answer);
        return seen.size === PORTS.length;
      },
      15_000,
      "HAProxy to send requests to every process",
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; HAProxy said: ${proxyLines.slice(-5).join(" | ")}`);
    });
    const sender: Sender = (request) => send(proxyUrl, request, agent);
    const backends = processes.map((process) => process.url);
    log(`Load: ${connections} connections through HAProxy for at least ${duration} s; SIGKILL at ${KILL_AT_MS / 1000} s, then a rolling restart. Load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores.`);
    const windows: Window[] = [];
    let done = false;
    const began = performance.now();
    const now = () => performance.now() - began;
    const load = runLoad(sender, fixture, connections, () => done);
    let orchestration = "";
    try {
      await sleep(KILL_AT_MS);
      const [first] = processes;
      if (first === undefined) throw new Error("no process");
      const kill: Window = { name: "kill", from: now(), to: Infinity };
      windows.push(kill);
      const killed = await first.kill();
      await first.start();
      // Back in the proxy's rotation: `rise` checks.
      await sleep(CHECK.interMs * (CHECK.rise + 1));
      kill.to = now();
      orchestration += `SIGKILL ${first.name} at ${Math.round(kill.from)} ms (${killed.signal ?? killed.code}), back in rotation at ${Math.round(kill.to)} ms; `;
      await sleep(3000);
      const roll: Window = { name: "roll", from: now(), to: Infinity };
      windows.push(roll);
      for (const process of processes) {
        const stopping = now();
        const exit = await process.terminate();
        if (exit.code !== 0) throw new Error(`${process.name} exited with ${exit.code ?? exit.signal} after SIGTERM: ${process.lines.slice(-5).join(" | ")}`);
        const exited = now();
        await process.start();
        await sleep(CHECK.interMs * (CHECK.rise + 1));
        orchestration += `${process.name}: SIGTERM at ${Math.round(stopping)} ms, exit 0 after ${Math.round(exited - stopping)} ms, back at ${Math.round(now())} ms; `;
      }
      roll.to = now();
      const rest = duration * 1000 - now();
      await sleep(Math.max(3000, rest));
    } finally {
      done = true;
      await load;
    }
    const result = await load;
    const summary = summarize(result, windows);
    log(orchestration);
    const checks = [
      ...errorChecks(summary),
      ...(await writeChecks(database.url, fixture, result)),
      await rateLimitCheck(backends),
      await listingCheck(backends, fixture),
      await dealEventsCheck(backends, fixture),
      await sharedFilesCheck(backends, fixture),
    ];
    log("");
    log(`Topology: HAProxy ${proxyUrl} → ${backends.join(", ")}; PostgreSQL ${DATABASE}; Redis ${settings.redisUrl}; uploads ${settings.uploadsDir} (shared).`);
    const proxyLog = path.join(REPO, ".cache", "bench-cluster-haproxy.log");
    writeFileSync(proxyLog, `${proxyLines.join("\n")}\n`);
    log(`HAProxy's log (abnormal requests, servers up and down): ${proxyLog}; ${describeProxyLog(proxyLines)}`);
    for (const line of report(summary, checks)) process.stdout.write(`${line}\n`);
    return checks.every((check) => check.ok) ? 0 : 1;
  } finally {
    agent.destroy();
    proxy?.kill("SIGTERM");
    await Promise.all(processes.map((process) => process.stop()));
    if (!args["keep-database"]) await database.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main();
