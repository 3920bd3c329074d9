import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { syncCardChangeTrigger } from "./card-change-trigger.ts";
import { pgliteNotifications, postgresNotifications, type NotificationSource } from "./notifications.ts";
import { DEFAULT_PGLITE_DIR, MIGRATIONS_FOLDER } from "./paths.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;

/**
 * The drizzle database every service receives. Both drivers extend
 * PgDatabase, so the query builder, `transaction` and `execute` work the
 * same on PGlite and on PostgreSQL.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /**
   * Apply pending migrations from server/migrations, then rewrite what is
   * generated from the code's definitions (the card-change trigger,
   * ./card-change-trigger.ts). Idempotent.
   */
  migrate(): Promise<void>;
  /**
   * Run `task` while no other process runs its own: the start's migrations
   * and seeds, which several processes starting at once over one PostgreSQL
   * would otherwise race on (a session advisory lock; PGlite has one
   * process).
   */
  exclusively<T>(task: () => Promise<T>): Promise<T>;
  /** PGlite only: a consistent copy of its data directory, an uncompressed tar (server/backup). */
  readonly dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** pg_advisory_lock key of the start's migrations and seeds ("puente" in ASCII). */
const START_LOCK = 0x7075656e7465;

export interface OpenDatabaseOptions {
  /** postgres:// or postgresql:// URL; when absent PGlite is used. */
  readonly url?: string | undefined;
  /** PGlite data directory; "memory://" for an in-memory database. */
  readonly dataDir?: string | undefined;
}

const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** Each opened database's LISTEN/NOTIFY, for the app built over it (server/live); a handle's close closes it. */
const notificationSources = new WeakMap<Database, NotificationSource>();

/** Each PostgreSQL database's pool, for the metrics (server/http/metrics.ts). */
const pools = new WeakMap<Database, pg.Pool>();

export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  /** Queries queued for a connection: the pool is the bottleneck when this stays above 0. */
  readonly waiting: number;
  readonly max: number;
}

/** The pool's use now, or null on PGlite (one connection, no pool). */
export function poolStatsOf(db: Database): PoolStats | null {
  const pool = pools.get(db);
  if (pool === undefined) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/** The LISTEN/NOTIFY of a database opened by `openDatabase`, or null (a database opened some other way). */
export const notificationsOf = (db: Database): NotificationSource | null => notificationSources.get(db) ?? null;

/**
 * Open the database: PostgreSQL through a `pg` Pool when `url` is a
 * postgres URL, otherwise PGlite (on disk under .data/pglite by default)
 * with the unaccent and pg_trgm extensions loaded.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const { url } = options;
  if (url !== undefined && url !== "") {
    if (!isPostgresUrl(url)) {
      throw new Error(`DATABASE_URL must start with postgres:// or postgresql:// (got "${url.split(":")[0] ?? ""}:")`);
    }
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A pooled connection can be closed by the server (restart, failover, an
    // admin terminating it); pg reports that as an 'error' event on the
    // client, and an 'error' event nobody listens to crashes the process.
    // - Idle clients: the pool listens, drops the client and re-emits on the
    //   pool, so the pool needs a listener.
    // - Checked-out clients: the pool removes its listener while a client is
    //   lent out (pg-pool's _acquireClient), e.g. for the whole of a drizzle
    //   transaction. A sign-up holds one across its password hash, so a
    //   restart then killed the server (scripts/bench/durability.ts found
    //   it). Every client gets a listener of its own when it connects: the
    //   transaction's next statement fails (a 5xx for that request) and the
    //   pool discards the client on release, since it is no longer queryable.
    // Either way the next query opens a new connection.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        process.stderr.write(`postgres: connection closed (${error.message})\n`);
      });
    });
    pool.on("error", () => {
      // Already reported by the client's own listener above.
    });
    const db = drizzlePostgres({ client: pool, schema });
    pools.set(db, pool);
    // LISTEN holds its connection for good: its own, outside the pool.
    const notifications = postgresNotifications(url);
    notificationSources.set(db, notifications);
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await syncCardChangeTrigger(db);
      },
      exclusively: async (task) => {
        // A connection of its own holds the lock; the task's queries use the pool.
        const holder = await pool.connect();
        let broken = false;
        try {
          await holder.query("SELECT pg_advisory_lock($1)", [START_LOCK]);
          try {
            return await task();
          } finally {
            // A connection that cannot unlock is discarded: ending its session releases the lock.
            await holder.query("SELECT pg_advisory_unlock($1)", [START_LOCK]).catch(() => {
              broken = true;
            });
          }
        } finally {
          holder.release(broken);
        }
      },
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ?? DEFAULT_PGLITE_DIR;
  if (!dataDir.includes("://")) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm } });
  const db = drizzlePglite({ client, schema });
  const notifications = pgliteNotifications(client);
  notificationSources.set(db, notifications);
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await syncCardChangeTrigger(db);
    },
    exclusively: (task) => task(),
    dumpDataDir: () => client.dumpDataDir("none"),
    close: async () => {
      await notifications.close();
      await client.close();
    },
  };
}

/** Apply pending migrations; safe to call on every start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
}
