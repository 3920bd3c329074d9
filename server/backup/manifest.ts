import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Schema } from "effect";
import { MIGRATIONS_FOLDER } from "../db/paths.ts";

/** The archive's first entry: what it holds, checked before anything is written on restore. */
export const MANIFEST_NAME = "manifest.json";
export const BACKUP_FORMAT = "puente-backup";
export const BACKUP_FORMAT_VERSION = 1;
/** A manifest is a few hundred bytes: anything much larger is not ours. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

export const SECRET_NAMES = ["jwt-secret", "payments-webhook-secret"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

const Count = Schema.Int.pipe(Schema.nonNegative());

/** Rows that say "the same data": compared after the restore's load. */
export const DatabaseCounts = Schema.Struct({ users: Count, sessions: Count, companies: Count, companyFiles: Count });
export type DatabaseCounts = typeof DatabaseCounts.Type;

export const BackupManifest = Schema.Struct({
  format: Schema.Literal(BACKUP_FORMAT),
  formatVersion: Schema.Int,
  appVersion: Schema.String,
  createdAt: Schema.String,
  database: Schema.Struct({
    /** pglite: `database/pglite.tar` (PGlite's dumpDataDir); postgres: `database/postgres.dump` (pg_dump --format=custom). */
    kind: Schema.Literal("pglite", "postgres"),
    /** Migrations applied (drizzle's journal) and the last one's tag. */
    migrations: Count,
    lastMigration: Schema.NullOr(Schema.String),
    counts: DatabaseCounts,
  }),
  uploads: Schema.Struct({ store: Schema.Literal("disk", "s3"), files: Count, bytes: Count }),
  secrets: Schema.Array(Schema.Literal(...SECRET_NAMES)),
  /** JWT_SECRET was set: the sessions hold after a restore only with the same value. */
  jwtSecretFromEnv: Schema.Boolean,
});
export type BackupManifest = typeof BackupManifest.Type;

export const decodeManifest = Schema.decodeUnknownEither(Schema.parseJson(BackupManifest));

/** The migrations this code knows, in order (server/migrations/meta/_journal.json). */
export function knownMigrations(): ReadonlyArray<{ readonly tag: string; readonly when: number }> {
  const journal: unknown = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  const entries = typeof journal === "object" && journal !== null ? Reflect.get(journal, "entries") : undefined;
  if (!Array.isArray(entries)) throw new Error("server/migrations/meta/_journal.json has no entries");
  return entries.map((entry: unknown) => ({
    tag: String(Reflect.get(entry as object, "tag")),
    when: Number(Reflect.get(entry as object, "when")),
  }));
}

/** The app's version, from package.json. */
export function appVersion(repoRoot: string): string {
  const pkg: unknown = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const version = typeof pkg === "object" && pkg !== null ? Reflect.get(pkg, "version") : undefined;
  return typeof version === "string" ? version : "unknown";
}
