import { randomBytes } from "node:crypto";
import pg from "pg";
import { issueSessionTokenFor } from "../../server/auth/sessions.ts";
import { DEFAULT_TOKEN_TTL_SECONDS } from "../../server/auth/tokens.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../../server/db/open.ts";

/**
 * The databases server tests run on: always PGlite in memory, plus
 * PostgreSQL when TEST_DATABASE_URL is set. Each `open()` on PostgreSQL
 * creates a fresh, uniquely named database from that URL and drops it on
 * close, so test files can run in parallel.
 */
export interface TestDatabaseTarget {
  readonly kind: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

const pgliteTarget: TestDatabaseTarget = {
  kind: "pglite",
  open: () => openDatabase({ dataDir: "memory://" }),
};

const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const postgresTarget = (adminUrl: string): TestDatabaseTarget => ({
  kind: "postgres",
  async open() {
    const name = `puente_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ url: withDatabase(adminUrl, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      },
    };
  },
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const TEST_DATABASES: ReadonlyArray<TestDatabaseTarget> =
  testDatabaseUrl === undefined || testDatabaseUrl === ""
    ? [pgliteTarget]
    : [pgliteTarget, postgresTarget(testDatabaseUrl)];

/** A fixed secret for tests that sign tokens. */
export const TEST_JWT_SECRET = new TextEncoder().encode("test-secret-0123456789abcdef0123456789");

/** A real session and its token for a user, as a login would give (TEST_JWT_SECRET). */
export const sessionTokenFor = (db: Database, userId: number): Promise<string> =>
  issueSessionTokenFor(db, userId, { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS });
