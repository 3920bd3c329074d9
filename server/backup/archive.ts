import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, chmod, cp, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Either } from "effect";
import pg from "pg";
import { isStorageKey } from "../storage/storage.ts";
import type { DataLayout } from "./layout.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  decodeManifest,
  knownMigrations,
  MANIFEST_NAME,
  MAX_MANIFEST_BYTES,
  SECRET_NAMES,
  type BackupManifest,
  type DatabaseCounts,
  type SecretName,
} from "./manifest.ts";
import { BACKUP_MESSAGES, BackupError } from "./messages.ts";
import { requestDump, serveBackups, serverIsListening } from "./socket.ts";
import { readTar, tarStream, TarFormatError, type TarEntry } from "./tar.ts";

/**
 * One backup is one `.tar.gz` (docs/decisions/042-backups.md):
 * `manifest.json` first, then `database/pglite.tar` (PGlite's own dump of
 * its data directory) or `database/postgres.dump` (pg_dump's custom
 * format, with DATABASE_URL), `uploads/<ab>/<key>` for each stored file and
 * `secrets/<name>` for the generated secrets (the JWT signing secret keeps
 * the sessions valid). It is written under a temporary name and renamed, so
 * a file with the final name is always whole; gzip's CRC catches damage.
 */

const DATABASE_ENTRY = { pglite: "database/pglite.tar", postgres: "database/postgres.dump" } as const;
const UPLOAD_ENTRY = /^uploads\/([0-9a-f]{2})\/([0-9a-f]{32})$/;
const SECRET_ENTRY = /^secrets\/(.+)$/;
const EXTENSIONS = { unaccent, pg_trgm };

const codeOf = (error: unknown): unknown => (typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined);

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The stored files under an uploads directory (disk storage's `<ab>/<key>`; partial writes and anything else skipped). */
async function uploadKeys(dir: string): Promise<string[]> {
  const keys: string[] = [];
  let prefixes: string[];
  try {
    prefixes = await readdir(dir);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return keys;
    throw error;
  }
  for (const prefix of prefixes) {
    if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
    for (const key of await readdir(join(dir, prefix)).catch(() => [])) if (isStorageKey(key) && key.startsWith(prefix)) keys.push(key);
  }
  return keys.sort();
}

/**
 * Hard links to the uploads, in a folder beside them: a file the app deletes
 * while the backup runs stays readable here. Files are written before the
 * row that names them and deleted after it is gone, so linking before the
 * dump and again after it holds every file the dump refers to.
 */
async function linkUploads(from: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true, mode: 0o700 });
  const have = new Set(await readdir(into));
  for (const key of await uploadKeys(from)) {
    if (have.has(key)) continue;
    try {
      await link(join(from, key.slice(0, 2), key), join(into, key));
    } catch (error) {
      // Deleted since listed: it was not in the dump's rows, or is in the folder already.
      if (codeOf(error) === "ENOENT") continue;
      // A filesystem without hard links: a copy, which a delete during the backup can still race.
      await cp(join(from, key.slice(0, 2), key), join(into, key)).catch((copyError: unknown) => {
        if (codeOf(copyError) !== "ENOENT") throw copyError;
      });
    }
  }
}

type Rows = <Row>(sql: string) => Promise<Row[]>;

/** Rows that say "the same data" and the migration level, on either database. */
async function inspectDatabase(rows: Rows): Promise<Omit<BackupManifest["database"], "kind">> {
  const exists = async (name: string) => typeof (await rows<{ name: string | null }>(`select to_regclass('${name}')::text as name`))[0]?.name === "string";
  const count = async (table: string): Promise<number> =>
    (await exists(`public.${table}`)) ? ((await rows<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]?.n ?? 0) : 0;
  const applied = (await exists("drizzle.__drizzle_migrations"))
    ? ((await rows<{ n: number; last: string | null }>("select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations"))[0] ?? { n: 0, last: null })
    : { n: 0, last: null };
  return {
    counts: { users: await count("users"), sessions: await count("sessions"), companies: await count("companies"), companyFiles: await count("company_files") },
    migrations: applied.n,
    lastMigration: applied.last === null ? null : (knownMigrations().find((entry) => String(entry.when) === applied.last)?.tag ?? `at ${applied.last}`),
  };
}

const pgliteRows =
  (client: PGlite): Rows =>
  async <Row>(sql: string) =>
    (await client.query<Row>(sql)).rows;

/** What a dump holds, read by loading it into an in-memory PGlite: this also proves it loads. */
async function inspectDump(dump: Buffer): Promise<BackupManifest["database"]> {
  const client = await PGlite.create({ dataDir: "memory://", loadDataDir: new Blob([new Uint8Array(dump)]), extensions: EXTENSIONS });
  try {
    return { kind: "pglite", ...(await inspectDatabase(pgliteRows(client))) };
  } finally {
    await client.close();
  }
}

const runFile = promisify(execFile);

/**
 * libpq's variables for a postgres:// URL: the password never appears on a
 * command line (`ps` shows those to every user of the machine).
 */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: decodeURIComponent(parsed.hostname), PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) };
  if (parsed.port !== "") env.PGPORT = parsed.port;
  if (parsed.username !== "") env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password !== "") env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode !== null) env.PGSSLMODE = sslmode;
  return env;
}

async function runPostgresTool(program: "pg_dump" | "pg_restore", args: ReadonlyArray<string>, url: string): Promise<void> {
  try {
    await runFile(program, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if (codeOf(error) === "ENOENT") throw new BackupError(BACKUP_MESSAGES.noPgDump(program));
    const stderr = typeof error === "object" && error !== null ? Reflect.get(error, "stderr") : undefined;
    throw new Error(`${program} failed: ${typeof stderr === "string" && stderr !== "" ? stderr.trim() : String(error)}`, { cause: error });
  }
}

/**
 * pg_dump of the database, and its counts from the very snapshot pg_dump
 * reads (exported from a repeatable-read transaction held open meanwhile),
 * so the restore's check compares like with like while the app writes.
 */
async function dumpPostgres(url: string): Promise<{ dump: Buffer; database: BackupManifest["database"] }> {
  const dir = await mkdtemp(join(tmpdir(), "puente-pg-dump-"));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]?.id ?? "";
    const info = await inspectDatabase(async <Row>(sql: string) => (await client.query(sql)).rows as Row[]);
    const file = join(dir, "postgres.dump");
    await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--file", file], url);
    await client.query("commit");
    return { dump: await readFile(file), database: { kind: "postgres", ...info } };
  } finally {
    await client.end();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restore into an empty PostgreSQL database in one transaction (a failure leaves it empty), then count what it holds. */
async function restorePostgres(url: string, dump: Buffer): Promise<DatabaseCounts> {
  const dir = await mkdtemp(join(tmpdir(), "puente-pg-restore-"));
  try {
    const file = join(dir, "postgres.dump");
    await writeFile(file, dump, { mode: 0o600 });
    await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${libpqEnv(url).PGDATABASE ?? ""}`, file], url);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return withPostgres(url, async (rows) => (await inspectDatabase(rows)).counts);
}

async function withPostgres<T>(url: string, work: (rows: Rows) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async <Row>(sql: string) => (await client.query(sql)).rows as Row[]);
  } finally {
    await client.end();
  }
}

/** A restore never writes over tables: pg_restore --clean would drop what an operator may still need. */
async function postgresIsEmpty(url: string): Promise<boolean> {
  return withPostgres(url, async (rows) => {
    const [row] = await rows<{ n: number }>("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
    return (row?.n ?? 0) === 0;
  });
}

/**
 * The database's dump: from the server serving it when one runs (its
 * socket), otherwise from the directory opened here, with the socket served
 * meanwhile so a server started now refuses rather than open it too.
 */
async function dumpDatabase(layout: DataLayout): Promise<Buffer> {
  const fromServer = await requestDump(layout.backupSocket);
  if (fromServer !== null) return fromServer;
  if (!(await exists(join(layout.pglite, "PG_VERSION")))) throw new BackupError(BACKUP_MESSAGES.noDatabase(layout.pglite));
  const client = await PGlite.create({ dataDir: layout.pglite, extensions: EXTENSIONS });
  try {
    const socket = await serveBackups({ socketPath: layout.backupSocket, dumpDataDir: () => client.dumpDataDir("none") });
    try {
      return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    } finally {
      await socket.close();
    }
  } finally {
    await client.close();
  }
}

export interface CreateBackupOptions {
  readonly layout: DataLayout;
  /** The archive to write (must not exist). */
  readonly file: string;
  readonly appVersion: string;
  /** Uploads in S3: not in the archive (the bucket is backed up on its own). */
  readonly uploadsInS3?: boolean;
  /** JWT_SECRET is set: the file secret is not the one in use. */
  readonly jwtSecretFromEnv?: boolean;
  /** DATABASE_URL: PostgreSQL through pg_dump instead of the layout's PGlite. */
  readonly databaseUrl?: string | undefined;
  readonly now?: () => Date;
}

export interface CreatedBackup {
  readonly file: string;
  readonly bytes: number;
  readonly manifest: BackupManifest;
}

export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const { layout, file } = options;
  const uploadsInS3 = options.uploadsInS3 ?? false;
  const jwtSecretFromEnv = options.jwtSecretFromEnv ?? false;
  const createdAt = (options.now ?? (() => new Date()))();
  const staging = join(layout.uploads, `.backup-${process.pid}-${randomBytes(4).toString("hex")}`);
  const partial = `${file}.partial`;
  if (await exists(file)) throw new BackupError(BACKUP_MESSAGES.archiveExists(file));
  try {
    if (!uploadsInS3) await linkUploads(layout.uploads, staging);
    const { dump, database } =
      options.databaseUrl === undefined
        ? await dumpDatabase(layout).then(async (bytes) => ({ dump: bytes, database: await inspectDump(bytes) }))
        : await dumpPostgres(options.databaseUrl);
    if (!uploadsInS3) await linkUploads(layout.uploads, staging);
    const keys = uploadsInS3 ? [] : (await readdir(staging)).filter(isStorageKey).sort();
    let uploadBytes = 0;
    for (const key of keys) uploadBytes += (await stat(join(staging, key))).size;
    const secrets: Array<{ name: SecretName; bytes: Buffer }> = [];
    for (const [name, path] of [
      ["jwt-secret", layout.jwtSecret],
      ["payments-webhook-secret", layout.webhookSecret],
    ] as const) {
      const bytes = await readFile(path).catch((error: unknown) => {
        if (codeOf(error) === "ENOENT") return null;
        throw error;
      });
      if (bytes !== null) secrets.push({ name, bytes });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: options.appVersion,
      createdAt: createdAt.toISOString(),
      database,
      uploads: { store: uploadsInS3 ? "s3" : "disk", files: keys.length, bytes: uploadBytes },
      secrets: secrets.map((secret) => secret.name),
      jwtSecretFromEnv,
    };
    async function* entries(): AsyncGenerator<TarEntry> {
      yield { name: MANIFEST_NAME, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
      yield { name: DATABASE_ENTRY[database.kind], bytes: dump };
      for (const key of keys) yield { name: `uploads/${key.slice(0, 2)}/${key}`, bytes: await readFile(join(staging, key)) };
      for (const secret of secrets) yield { name: `secrets/${secret.name}`, bytes: secret.bytes };
    }
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    // It holds the signing secret and every document: the owner's alone.
    await pipeline(Readable.from(tarStream(entries(), createdAt)), createGzip(), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Empty, missing, or holding only a dead server's socket folder. */
async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).every((name) => name === "run");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return true;
    throw error;
  }
}

export interface RestoreBackupOptions {
  readonly layout: DataLayout;
  readonly file: string;
  /** Restore over existing data (moved aside, never deleted). */
  readonly force?: boolean;
  /** DATABASE_URL: an empty PostgreSQL database to restore a PostgreSQL backup into. */
  readonly databaseUrl?: string | undefined;
  readonly now?: () => Date;
}

export interface RestoredBackup {
  readonly manifest: BackupManifest;
  /** Where the data that was there went (with force). */
  readonly movedAside: ReadonlyArray<string>;
}

/**
 * Restore `file` into the layout's directories. Everything is unpacked and
 * checked in a folder beside the data (the manifest first, every entry's
 * name, gzip's CRC, the counts against the manifest, the database loaded and
 * counted) before anything takes the data's place: a refused or broken
 * archive leaves the data as it was.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<RestoredBackup> {
  const { layout, file } = options;
  const force = options.force ?? false;
  if (await serverIsListening(layout.backupSocket)) throw new BackupError(BACKUP_MESSAGES.serverRunning(layout.root));
  const uploadsOutside = relative(layout.root, layout.uploads).startsWith("..");
  if (!force && (!(await isEmptyDir(layout.root)) || (uploadsOutside && !(await isEmptyDir(layout.uploads))))) {
    throw new BackupError(BACKUP_MESSAGES.notEmpty(uploadsOutside && (await isEmptyDir(layout.root)) ? layout.uploads : layout.root));
  }
  if (!(await exists(file))) throw new BackupError(BACKUP_MESSAGES.fileMissing(file));
  if (options.databaseUrl !== undefined && !(await postgresIsEmpty(options.databaseUrl))) throw new BackupError(BACKUP_MESSAGES.databaseNotEmpty);

  const staging = `${layout.root}.restore-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await mkdir(dirname(staging), { recursive: true });
    await mkdir(staging, { mode: 0o700 });
    await mkdir(join(staging, "uploads"), { mode: 0o700 });
    const { manifest, dump } = await unpack(file, staging);
    if (manifest.database.kind === "postgres" && options.databaseUrl === undefined) throw new BackupError(BACKUP_MESSAGES.postgresBackup);
    if (manifest.database.kind === "pglite" && options.databaseUrl !== undefined) throw new BackupError(BACKUP_MESSAGES.pgliteBackup);
    let counts: DatabaseCounts;
    if (options.databaseUrl === undefined) {
      const client = await PGlite.create({ dataDir: join(staging, "pglite"), loadDataDir: new Blob([new Uint8Array(dump)]), extensions: EXTENSIONS });
      try {
        ({ counts } = await inspectDatabase(pgliteRows(client)));
      } finally {
        await client.close();
      }
    } else {
      counts = await restorePostgres(options.databaseUrl, dump);
    }
    const expected = manifest.database.counts;
    if ((Object.keys(expected) as Array<keyof DatabaseCounts>).some((table) => counts[table] !== expected[table])) throw new BackupError(BACKUP_MESSAGES.corrupt(file));

    const movedAside: string[] = [];
    const stamp = (options.now ?? (() => new Date()))().toISOString().replace(/[:.]/g, "-");
    const putInPlace = async (from: string, to: string) => {
      if (await isEmptyDir(to)) await rm(to, { recursive: true, force: true });
      else {
        const aside = `${to}.before-restore-${stamp}`;
        await rename(to, aside);
        movedAside.push(aside);
      }
      await mkdir(dirname(to), { recursive: true });
      await rename(from, to).catch(async (error: unknown) => {
        if (codeOf(error) !== "EXDEV") throw error;
        await cp(from, to, { recursive: true });
      });
    };
    if (uploadsOutside) await putInPlace(join(staging, "uploads"), layout.uploads);
    await putInPlace(staging, layout.root);
    return { manifest, movedAside };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Read the archive into `staging` (uploads, secrets) and memory (the dump), refusing anything that is not ours. */
async function unpack(file: string, staging: string): Promise<{ manifest: BackupManifest; dump: Buffer }> {
  const gunzip = createGunzip();
  const reading = pipeline(createReadStream(file), gunzip).catch(() => undefined);
  let manifest: BackupManifest | undefined;
  let dump: Buffer | undefined;
  const seen = new Set<string>();
  let uploads = 0;
  let uploadBytes = 0;
  const secrets = new Set<string>();
  const foreign = () => new BackupError(BACKUP_MESSAGES.foreign(file));
  try {
    const accept = (name: string, size: number) => {
      if (manifest === undefined && (name !== MANIFEST_NAME || size > MAX_MANIFEST_BYTES)) throw foreign();
      if (seen.has(name)) throw new BackupError(BACKUP_MESSAGES.corrupt(file));
      seen.add(name);
    };
    for await (const entry of readTar(gunzip, accept)) {
      if (manifest === undefined) {
        const decoded = decodeManifest(entry.bytes.toString("utf8"));
        if (Either.isLeft(decoded)) {
          const version: unknown = Either.try(() => Reflect.get(JSON.parse(entry.bytes.toString("utf8")) as object, "formatVersion")).pipe(Either.getOrUndefined);
          if (typeof version === "number" && version > BACKUP_FORMAT_VERSION) throw new BackupError(BACKUP_MESSAGES.newer(file, "formato " + String(version)));
          throw foreign();
        }
        manifest = decoded.right;
        if (manifest.formatVersion > BACKUP_FORMAT_VERSION) throw new BackupError(BACKUP_MESSAGES.newer(file, manifest.appVersion));
        if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) throw foreign();
        // A database migrated past this code would meet code that does not know its tables.
        const known = knownMigrations();
        const last = manifest.database.lastMigration;
        if (manifest.database.migrations > known.length || (last !== null && !known.some((entry) => entry.tag === last))) {
          throw new BackupError(BACKUP_MESSAGES.newer(file, manifest.appVersion));
        }
        continue;
      }
      const upload = UPLOAD_ENTRY.exec(entry.name);
      const secret = SECRET_ENTRY.exec(entry.name)?.[1];
      if (entry.name === DATABASE_ENTRY[manifest.database.kind]) {
        dump = entry.bytes;
      } else if (upload !== null && upload[2]?.startsWith(upload[1] ?? "-") === true) {
        await mkdir(join(staging, "uploads", upload[1] ?? ""), { recursive: true, mode: 0o700 });
        await writeFile(join(staging, "uploads", upload[1] ?? "", upload[2]), entry.bytes, { flag: "wx" });
        uploads += 1;
        uploadBytes += entry.bytes.length;
      } else if (secret !== undefined && (SECRET_NAMES as ReadonlyArray<string>).includes(secret)) {
        await writeFile(join(staging, secret), entry.bytes, { flag: "wx", mode: 0o600 });
        await chmod(join(staging, secret), 0o600);
        secrets.add(secret);
      } else {
        throw foreign();
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // Not gzip, a bad CRC, a cut-off stream, a tar header that is not ours.
    if (error instanceof TarFormatError || codeOf(error)?.toString().startsWith("Z_") === true || codeOf(error) === "ERR_STREAM_PREMATURE_CLOSE") {
      throw manifest === undefined ? foreign() : new BackupError(BACKUP_MESSAGES.corrupt(file));
    }
    throw error;
  } finally {
    gunzip.destroy();
    await reading;
  }
  if (manifest === undefined) throw foreign();
  const complete =
    dump !== undefined &&
    uploads === manifest.uploads.files &&
    uploadBytes === manifest.uploads.bytes &&
    secrets.size === manifest.secrets.length &&
    manifest.secrets.every((name) => secrets.has(name));
  if (!complete || dump === undefined) throw new BackupError(BACKUP_MESSAGES.corrupt(file));
  return { manifest, dump };
}
