import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { EVERY_TEST_DATABASE } from "./harness.ts";

/**
 * PostgreSQL closes connections when it restarts (scripts/bench/durability.ts
 * restarts the real one). A pooled connection the server loses must fail the
 * request that holds it, never the process (an 'error' event without a
 * listener is an uncaught exception, which Vitest reports as a failed run),
 * and the next query must work on a new connection.
 */
const postgres = EVERY_TEST_DATABASE.filter((target) => target.kind === "postgres");

// Without TEST_DATABASE_URL (the README's command on a fresh machine) there is no PostgreSQL to cut:
// the file must still hold a test, or Vitest fails it as empty.
it("runs against PostgreSQL exactly when TEST_DATABASE_URL is set", () => {
  expect(postgres.length).toBe(process.env.TEST_DATABASE_URL ? 1 : 0);
});

describe.each(postgres)("a lost PostgreSQL connection ($kind)", (target) => {
  let handle: DatabaseHandle;
  let admin: pg.Client;

  beforeAll(async () => {
    handle = await target.open();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await handle.close();
  });

  const pidOf = (rows: unknown): number => Number((rows as { rows: Array<{ pid: number }> }).rows[0]?.pid);
  const terminate = (pid: number) => admin.query("SELECT pg_terminate_backend($1)", [pid]);
  const waitForClose = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("fails the transaction whose connection is terminated between statements, and the next query works", async () => {
    const transaction = handle.db.transaction(async (tx) => {
      const pid = pidOf(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
      // The connection is lent out and idle, as during a sign-up's password hash.
      await terminate(pid);
      await waitForClose();
      await tx.execute(sql`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    const after = await handle.db.execute(sql`SELECT 1 AS one`);
    expect((after as unknown as { rows: Array<{ one: number }> }).rows[0]?.one).toBe(1);
  });

  it("drops an idle pooled connection the server closed, and the next query works", async () => {
    const pid = pidOf(await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`));
    await terminate(pid);
    await waitForClose();
    const after = await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`);
    expect(pidOf(after)).not.toBe(pid);
  });
});
