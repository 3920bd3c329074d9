// The real server for the benchmarks, in its own process so the load
// generator does not share its event loop: startServer (migrate, seed
// catalogues, build the Fastify app) on the database the benchmark prepared.
// Usage: tsx scripts/bench/serve.ts <port> <postgres-url | pglite-dir> [--seed-demo]
//   --seed-demo  also seed the demo users and companies (as `npm start` does).
// Rate limits come from RATE_LIMIT_<BUCKET> in the environment, read by the
// same code as server/main.ts (server/config.ts), so a benchmark raises them
// the way an operator would.
import { parseArgs } from "node:util";
import { readEnv } from "../../server/config.ts";
import { startServer } from "../../server/start.ts";

const { values: flags, positionals } = parseArgs({ allowPositionals: true, options: { "seed-demo": { type: "boolean", default: false } } });
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
// The pid is that of this process (tsx may run it under a parent of its own), for CPU accounting.
process.stdout.write(`ready ${server.url} pid=${process.pid}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
