// npm run backup [-- <archivo.tar.gz>] [--data-dir <carpeta>]   (default DATA_DIR, else .data)
//
// One file with everything an embedded-database installation keeps
// (docs/operations/backups.md): the PGlite database, the uploads on disk and
// the generated secrets (the JWT signing secret keeps sessions valid).
// Default file: backups/puente-backup-<UTC timestamp>.tar.gz. Safe while
// the server runs: the server itself hands out a consistent copy through
// its socket in <data-dir>/run/ (server/backup/socket.ts). With
// DATABASE_URL (PostgreSQL) the database part is pg_dump's (the client
// tools must be installed), taken from one snapshot while the app serves.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "../server/backup/archive.ts";
import { dataLayout } from "../server/backup/layout.ts";
import { appVersion } from "../server/backup/manifest.ts";
import { BACKUP_MESSAGES, BackupError } from "../server/backup/messages.ts";
import { readEnv } from "../server/config.ts";
import { DEFAULT_DATA_DIR, REPO_ROOT } from "../server/db/paths.ts";

try {
  const { values, positionals } = parseArgs({ options: { "data-dir": { type: "string" } }, allowPositionals: true });
  const env = readEnv();
  const root = resolve(values["data-dir"] ?? env.dataDir ?? DEFAULT_DATA_DIR);
  const now = new Date();
  const file = resolve(positionals[0] ?? join(REPO_ROOT, "backups", `puente-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`));
  const started = performance.now();
  const backup = await createBackup({
    layout: dataLayout(root, env.uploadsDir === undefined ? undefined : resolve(env.uploadsDir)),
    file,
    appVersion: appVersion(REPO_ROOT),
    uploadsInS3: env.s3 !== undefined,
    jwtSecretFromEnv: env.jwtSecret !== undefined && env.jwtSecret !== "",
    databaseUrl: env.databaseUrl,
    now: () => now,
  });
  const { manifest } = backup;
  process.stderr.write(`${JSON.stringify({ file, bytes: backup.bytes, ms: Math.round(performance.now() - started), manifest })}\n`);
  process.stdout.write(`${BACKUP_MESSAGES.backupDone(file, manifest.database.counts.companies, manifest.uploads.files, (backup.bytes / 1e6).toFixed(1))}\n`);
  if (manifest.uploads.store === "s3") process.stdout.write(`${BACKUP_MESSAGES.s3Uploads}\n`);
  if (manifest.jwtSecretFromEnv) process.stdout.write(`${BACKUP_MESSAGES.jwtFromEnv}\n`);
} catch (error) {
  if (error instanceof BackupError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`${BACKUP_MESSAGES.failed(error instanceof Error ? error.message : String(error))}\n${error instanceof Error ? (error.stack ?? "") : ""}\n`);
  process.exitCode = 1;
}
