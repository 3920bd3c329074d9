// The real server for the benchmarks, in its own process so the load
// generator does not share its event loop: startServer (listen, migrate, seed
// catalogues, load the search index) on the database the benchmark prepared.
// Usage: tsx [--expose-gc] scripts/bench/serve.ts <port> <postgres-url | pglite-dir> [--seed-demo]
//   --seed-demo  also seed the demo users and companies (as `npm start` does).
// Once ready (GET /api/health/ready answers 200) it prints one line:
//   ready <url> pid=<n> startup_ms=<n> rss_mb=<n> heap_mb=<n> heap_gc=<yes|no>
// startup_ms from this process's start; the memory at ready, the heap after a
// full collection when node runs with --expose-gc (heap_gc=yes).
// Rate limits come from RATE_LIMIT_<BUCKET> in the environment, read by the
// same code as server/main.ts (server/config.ts), so a benchmark raises them
// the way an operator would.
import cluster from "node:cluster";
import { parseArgs } from "node:util";
import { readEnv } from "../../server/config.ts";
import { startServer } from "../../server/start.ts";

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { "seed-demo": { type: "boolean", default: false }, workers: { type: "string", default: "1" } },
});
const workers = Number(flags.workers);
if (cluster.isPrimary && workers > 1) {
  // --workers N: N server processes sharing the port (node:cluster), as a
  // machine with N cores runs them in production. The first one migrates
  // and seeds alone; the others start once it is ready. One "ready" line
  // when all are, with the largest process's memory.
  const reports: string[] = [];
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (line: string) => {
      reports.push(line);
      if (reports.length < workers) {
        fork();
        return;
      }
      const largest = reports.toSorted((a, b) => Number(/rss_mb=(\d+)/.exec(b)?.[1]) - Number(/rss_mb=(\d+)/.exec(a)?.[1]))[0] ?? "";
      const startupMs = Math.round(process.uptime() * 1000);
      process.stdout.write(`${largest.replace(/startup_ms=\d+/, `startup_ms=${startupMs}`).replace(/pid=\d+/, `pid=${process.pid}`)} workers=${workers}\n`);
    });
  };
  fork();
  const stopAll = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    cluster.disconnect(() => process.exit(0));
  };
  process.on("SIGINT", stopAll);
  process.on("SIGTERM", stopAll);
} else {
  await serve();
}

async function serve(): Promise<void> {
  const [portArg, target] = positionals;
  if (portArg === undefined || target === undefined) throw new Error("usage: serve.ts <port> <postgres-url | pglite-dir> [--seed-demo]");
  const isUrl = target.startsWith("postgres");
  const server = await startServer({
    port: Number(portArg),
    host: "127.0.0.1",
    ...(isUrl ? { databaseUrl: target } : { dataDir: target }),
    seedDemo: flags["seed-demo"],
    logLevel: "warn",
    distDir: null,
    rateLimits: readEnv().rateLimits,
  });
  const startupMs = Math.round(process.uptime() * 1000);
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const memory = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  // The pid is that of this process (tsx may run it under a parent of its own), for CPU accounting.
  const line = `ready ${server.url} pid=${process.pid} startup_ms=${startupMs} rss_mb=${mb(memory.rss)} heap_mb=${mb(memory.heapUsed)} heap_gc=${collect === undefined ? "no" : "yes"} heap_total_mb=${mb(memory.heapTotal)} array_buffers_mb=${mb(memory.arrayBuffers)} external_mb=${mb(memory.external)}`;
  if (cluster.isWorker) process.send?.(line);
  else process.stdout.write(`${line}\n`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
