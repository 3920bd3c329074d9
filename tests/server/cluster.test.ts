import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppProcess,
  BalancingClient,
  dealEventsCheck,
  errorChecks,
  listingCheck,
  prepareFixture,
  processEnv,
  rateLimitCheck,
  report,
  runLoad,
  sharedFilesCheck,
  summarize,
  writeChecks,
  type Check,
  type ClusterSettings,
  type Window,
} from "../../scripts/bench/cluster-load.ts";
import { bundleServer } from "../../scripts/build/server-bundle.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";

// Several processes, one truth (issue 30; docs/decisions/044): the CI
// version of `npm run bench:cluster`. Two real server processes over one
// PostgreSQL and one Redis, with one uploads folder; a client that balances
// and retries as the proxy does (no proxy here: the benchmark installs one);
// each started as `npm start` starts it (the esbuild bundle: a start in 2 s,
// not 5 s through tsx); a short mixed load during which one process is killed (SIGKILL) and
// started again, then both are rolled (SIGTERM, one at a time); then the
// same checks as the benchmark (scripts/bench/cluster-load.ts). Several
// processes need a database several processes can open: PGlite is one
// process's, so the suite runs this only on PostgreSQL with Redis.

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Its own database per run: two suites on one PostgreSQL (two checkouts) must not drop each other's.
const DATABASE = `puente_cluster_test_${process.pid}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function once(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(databaseUrl === undefined || redisUrl === undefined)("two processes, one truth (needs TEST_DATABASE_URL and TEST_REDIS_URL: PGlite is one process's database)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "puente-cluster-"));
  // Inside the checkout, so the bundle finds node_modules above it.
  const bundle = path.join(REPO_ROOT, ".cache", `cluster-bundle-${process.pid}`);
  let settings: ClusterSettings;
  let processes: AppProcess[] = [];
  const checks: Check[] = [];
  let lines: string[] = [];

  beforeAll(async () => {
    const admin = new URL(databaseUrl ?? "");
    const own = new URL(admin);
    own.pathname = `/${DATABASE}`;
    await once(admin.toString(), `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await once(admin.toString(), `CREATE DATABASE ${DATABASE}`);
    settings = {
      databaseUrl: own.toString(),
      redisUrl: redisUrl ?? "",
      uploadsDir: path.join(folder, "uploads"),
      dataDir: folder,
      jwtSecret: randomBytes(32).toString("base64url"),
      // The balancing client checks readiness every 100 ms; a busy machine may delay a check by a few hundred.
      drainMs: 700,
    };
    await bundleServer(bundle);
    const ports = [await freePort(), await freePort()];
    processes = ports.map((port, index) => new AppProcess(`process ${index + 1}`, port, processEnv(settings, port), path.join(bundle, "main.js")));
    // Both at once, as a deploy starts them: they take turns to migrate.
    await Promise.all(processes.map((process) => process.start()));
    const fixture = await prepareFixture(settings.databaseUrl, { pairs: 2, jwtSecret: settings.jwtSecret });
    const [first, second] = processes as [AppProcess, AppProcess];
    const backends = processes.map((process) => process.url);
    const client = new BalancingClient(backends);
    client.start();
    const windows: Window[] = [];
    let done = false;
    const began = performance.now();
    const now = () => performance.now() - began;
    const load = runLoad(client.send, fixture, 8, () => done);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const kill: Window = { name: "kill", from: now(), to: Infinity };
      windows.push(kill);
      const killed = await first.kill();
      expect(killed.signal).toBe("SIGKILL");
      await first.start();
      kill.to = now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const roll: Window = { name: "roll", from: now(), to: Infinity };
      windows.push(roll);
      for (const process of [second, first]) {
        const exit = await process.terminate();
        expect(exit.code, process.lines.slice(-5).join("\n")).toBe(0);
        await process.start();
      }
      roll.to = now();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      done = true;
      await load;
      client.stop();
    }
    const result = await load;
    const summary = summarize(result, windows);
    checks.push(...errorChecks(summary), ...(await writeChecks(settings.databaseUrl, fixture, result)));
    checks.push(await rateLimitCheck(backends), await listingCheck(backends, fixture), await dealEventsCheck(backends, fixture), await sharedFilesCheck(backends, fixture));
    lines = report(summary, checks);
    process.stderr.write(`${lines.join("\n")}\n`);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    if (databaseUrl !== undefined) await once(databaseUrl, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
  });

  const check = (name: string) => {
    const found = checks.find((item) => item.name.startsWith(name));
    expect(found, `no check named ${name}`).toBeDefined();
    return found;
  };

  it("loses no acknowledged write and writes nothing twice, through a SIGKILL and a rolling restart", () => {
    expect(check("no acknowledged write lost")).toMatchObject({ ok: true });
    expect(check("no duplicate write")).toMatchObject({ ok: true });
  });

  it("clients see no error during the rolling restart, and during the SIGKILL only retryable 5xx of in-flight writes", () => {
    expect(check("errors during the SIGKILL")).toMatchObject({ ok: true });
    expect(check("no error during the rolling restart")).toMatchObject({ ok: true });
    expect(check("no error outside")).toMatchObject({ ok: true });
  });

  it("shares rate limits, listings, deal-room events and uploaded files across processes", () => {
    expect(check("rate limits shared")).toMatchObject({ ok: true });
    expect(check("a write through one process")).toMatchObject({ ok: true });
    expect(check("deal-room events")).toMatchObject({ ok: true });
    expect(check("uploads shared")).toMatchObject({ ok: true });
  });
});
