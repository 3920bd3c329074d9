// npm run restore -- <archivo.tar.gz> [--force] [--data-dir <carpeta>]   (default DATA_DIR, else .data)
//
// Puts a backup of `npm run backup` back (docs/operations/backups.md).
// Refuses while a server runs on the data, and over existing data unless
// --force (which moves the existing data aside, never deletes it). Checks
// the whole archive in a folder beside the data before it takes the data's
// place: a damaged or foreign file changes nothing. A PostgreSQL backup
// goes into the empty database DATABASE_URL names (pg_restore, one
// transaction); it refuses a database that has tables.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "../server/backup/archive.ts";
import { dataLayout } from "../server/backup/layout.ts";
import { BACKUP_MESSAGES, BackupError } from "../server/backup/messages.ts";
import { readEnv } from "../server/config.ts";
import { DEFAULT_DATA_DIR } from "../server/db/paths.ts";

try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" }, "data-dir": { type: "string" } }, allowPositionals: true });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new BackupError(BACKUP_MESSAGES.usage);
  const env = readEnv();
  const root = resolve(values["data-dir"] ?? env.dataDir ?? DEFAULT_DATA_DIR);
  const started = performance.now();
  const restored = await restoreBackup({
    layout: dataLayout(root, env.uploadsDir === undefined ? undefined : resolve(env.uploadsDir)),
    file: resolve(file),
    force: values.force ?? false,
    databaseUrl: env.databaseUrl,
  });
  const { manifest } = restored;
  process.stderr.write(`${JSON.stringify({ root, ms: Math.round(performance.now() - started), manifest, movedAside: restored.movedAside })}\n`);
  const { counts } = manifest.database;
  process.stdout.write(`${BACKUP_MESSAGES.restoreDone(root, counts.companies, counts.users, manifest.uploads.files)}\n`);
  for (const dir of restored.movedAside) process.stdout.write(`${BACKUP_MESSAGES.movedAside(dir)}\n`);
  if (manifest.uploads.store === "s3") process.stdout.write(`${BACKUP_MESSAGES.s3Uploads}\n`);
  if (manifest.jwtSecretFromEnv) process.stdout.write(`${BACKUP_MESSAGES.jwtFromEnv}\n`);
} catch (error) {
  if (error instanceof BackupError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`${BACKUP_MESSAGES.failed(error instanceof Error ? error.message : String(error))}\n${error instanceof Error ? (error.stack ?? "") : ""}\n`);
  process.exitCode = 1;
}
