// Shared by the load and durability benchmarks (scripts/bench/load.ts,
// scripts/bench/durability.ts): a PostgreSQL database of their own next to
// DATABASE_URL, the real server in a child process (scripts/bench/serve.ts)
// with every rate limit raised the way an operator would, and percentiles.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { rateLimitVariable } from "../../server/config.ts";
import { RATE_LIMIT_BUCKETS } from "../../server/http/rate-limit.ts";

export const REPO = path.resolve(import.meta.dirname, "../..");
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
export const DEFAULT_DATABASE_URL = "postgres://root@127.0.0.1:5432/test";

export const log = (line: string): void => void process.stderr.write(`${line}\n`);
export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** DATABASE_URL (default the local `test` database), refused unless it is on this machine. */
export function loopbackDatabaseUrl(raw: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL): URL {
  const url = new URL(raw);
  if (!LOOPBACK.has(url.hostname)) {
    throw new Error(`The benchmark only runs against a database on this machine (127.0.0.1); DATABASE_URL points at ${url.hostname}.`);
  }
  return url;
}

export interface BenchDatabase {
  /** postgres:// URL of the benchmark's own database. */
  readonly url: string;
  /** Where it was created from (DATABASE_URL); only used to create and drop. */
  readonly adminUrl: string;
  drop(): Promise<void>;
}

/** One statement on a fresh connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function runOnce(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drop and create `name` next to DATABASE_URL's database (which is only
 * connected to, never written: CI's `test`).
 */
export async function freshDatabase(name: string): Promise<BenchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const adminUrl = loopbackDatabaseUrl();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await runOnce(adminUrl.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await runOnce(adminUrl.toString(), `CREATE DATABASE "${name}"`);
  return {
    url: url.toString(),
    adminUrl: adminUrl.toString(),
    drop: () => runOnce(adminUrl.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * RATE_LIMIT_<BUCKET> for every bucket at 999,999,999 hits per hour: the
 * limiter still counts every request (same code, same memory as production)
 * but never refuses one coming from the benchmark's single IP.
 */
export function raisedRateLimitEnv(): Record<string, string> {
  return Object.fromEntries(RATE_LIMIT_BUCKETS.map((bucket) => [rateLimitVariable(bucket), "999999999/1h"]));
}

export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Date.now() when it exited. */
  readonly at: number;
}

export interface ServerChild {
  readonly url: string;
  /** The process we started (tsx). */
  readonly pid: number;
  /** The process running the server (it says so when ready), for CPU accounting. */
  readonly serverPid: number;
  /** How the process ended, or null while it runs. An exit before stop() is a crash. */
  exited(): ServerExit | null;
  /** Messages of the log lines at level error or worse (pino level >= 50), in order. */
  readonly errorLogs: ReadonlyArray<string>;
  /** Lines the process wrote to stderr (the pool's "idle connection closed", a crash's stack). */
  readonly stderrLines: ReadonlyArray<string>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export interface StartChildOptions {
  readonly port: number;
  readonly databaseUrl: string;
  readonly seedDemo: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** Called with each stderr line as it comes (default: printed with a prefix). */
  readonly onStderr?: (line: string) => void;
}

/**
 * A logged error in one line: drizzle's "Failed query: <sql>\nparams: <values>: <cause>"
 * becomes "Failed query: <sql, cut> … <cause>" (the values are the requests' data).
 */
function briefly(message: string): string {
  const [first = ""] = message.split("\n");
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
  if (!message.includes("\n")) return cut(first, 200);
  return `${cut(first, 120)} … ${cut(message.slice(message.lastIndexOf(": ") + 2), 120)}`;
}

const linesOf = (onLine: (line: string) => void) => {
  let rest = "";
  return (chunk: Buffer) => {
    rest += chunk.toString();
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line !== "") onLine(line);
  };
};

/**
 * The real server (startServer, as in production) in a child process on
 * 127.0.0.1; resolves when it listens. Its JSON log lines at level error or
 * worse are kept, its stderr is kept and printed.
 */
export async function startServerChild(options: StartChildOptions): Promise<ServerChild> {
  const args = ["scripts/bench/serve.ts", String(options.port), options.databaseUrl, ...(options.seedDemo ? ["--seed-demo"] : [])];
  const child: ChildProcess = spawn(path.join(REPO, "node_modules/.bin/tsx"), args, {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: "production", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errorLogs: string[] = [];
  const stderrLines: string[] = [];
  let exit: ServerExit | null = null;
  const exitedPromise = new Promise<ServerExit>((resolve) => {
    child.once("exit", (code, signal) => {
      exit = { code, signal, at: Date.now() };
      resolve(exit);
    });
  });
  const onStderr = options.onStderr ?? ((line: string) => log(`[server] ${line}`));
  child.stderr?.on(
    "data",
    linesOf((line) => {
      if (stderrLines.length < 10_000) stderrLines.push(line);
      onStderr(line);
    }),
  );
  const ready = new Promise<{ url: string; serverPid: number }>((resolve, reject) => {
    child.stdout?.on(
      "data",
      linesOf((line) => {
        const announced = /^ready (\S+) pid=(\d+)/.exec(line);
        if (announced !== null) {
          resolve({ url: announced[1] ?? "", serverPid: Number(announced[2]) });
          return;
        }
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) >= 50 && errorLogs.length < 10_000) {
            errorLogs.push(`${entry.msg ?? "?"}${entry.err?.message === undefined ? "" : `: ${briefly(entry.err.message)}`}`);
          }
        } catch {
          // Not a log line (nothing else is printed); ignore.
        }
      }),
    );
    void exitedPromise.then((ended) => reject(new Error(`the server exited early (code ${ended.code ?? "?"}, signal ${ended.signal ?? "none"})`)));
    setTimeout(() => reject(new Error("the server did not start within 180 s")), 180_000).unref();
  });
  const { url, serverPid } = await ready;
  if (child.pid === undefined) throw new Error("the server has no pid");
  const pid = child.pid;
  return {
    url,
    pid,
    serverPid,
    exited: () => exit,
    errorLogs,
    stderrLines,
    stop: async () => {
      if (exit !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exitedPromise;
      clearTimeout(killer);
    },
  };
}

/** The p-th percentile (nearest rank) of ascending values; 0 for none. */
export const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

// --- CPU accounting (Linux /proc; empty elsewhere) -----------------------------------------

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) of `pid`'s main thread (the event loop) and of
 * its other threads (libuv's pool: scrypt, WebCrypto; V8's helpers). Node 20
 * does not name its threads, so the main thread is told by its id.
 */
export function threadCpuSeconds(pid: number): { main: number; others: number } {
  const result = { main: 0, others: 0 };
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return result;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
      // "tid (name) state …": the name may hold spaces, so split after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
      if (!Number.isFinite(seconds)) continue;
      if (Number(task) === pid) result.main += seconds;
      else result.others += seconds;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return result;
}

/** CPU seconds (user + system) of processes, summed; processes that are gone count 0. */
export function processCpuSeconds(pids: Iterable<number>): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) total += ticks / CLOCK_TICKS_PER_SECOND;
    } catch {
      // Gone.
    }
  }
  return total;
}

/** Total CPU seconds the machine spent busy (all cores, /proc/stat), or NaN. */
export function machineBusySeconds(): number {
  try {
    const [cpu] = readFileSync("/proc/stat", "utf8").split("\n");
    const [, user, nice, system, , , irq, softirq, steal] = (cpu ?? "").trim().split(/\s+/).map(Number);
    return ((user ?? NaN) + (nice ?? NaN) + (system ?? NaN) + (irq ?? NaN) + (softirq ?? NaN) + (steal ?? NaN)) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
