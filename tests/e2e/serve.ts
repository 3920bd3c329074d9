// The real server for end-to-end tests: built app from dist/, a fresh
// in-memory PGlite, catalogues and demo data seeded through server code.
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { startServer } from "../../server/start.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
// Every spec logs in from 127.0.0.1 against this one server: limits far above
// the production ones (tests/server/rate-limit.test.ts proves the 429).
const generous = { max: 100_000, windowMs: 60_000 };
const server = await startServer({
  port,
  seedDemo: true,
  demoPasswordParams: TEST_SCRYPT_PARAMS,
  rateLimits: sameLimitForEveryBucket(generous),
});
process.stdout.write(`e2e server on ${server.url}\n`);

const stop = () => void server.close().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
