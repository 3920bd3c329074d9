// The real server for the benchmark, in its own process so the load
// generator does not share its event loop: startServer (migrate, seed
// catalogues, build the Fastify app) on the database the benchmark seeded.
// Usage: tsx scripts/bench/serve.ts <port> <postgres-url | pglite-dir>
import { startServer } from "../../server/start.ts";

const [portArg, target] = process.argv.slice(2);
if (portArg === undefined || target === undefined) throw new Error("usage: serve.ts <port> <postgres-url | pglite-dir>");
const isUrl = target.startsWith("postgres");
const server = await startServer({
  port: Number(portArg),
  host: "127.0.0.1",
  ...(isUrl ? { databaseUrl: target } : { dataDir: target }),
  seedDemo: false,
  logLevel: "warn",
  distDir: null,
});
process.stdout.write(`ready ${server.url}\n`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
