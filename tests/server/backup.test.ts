import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { loadJwtSecret } from "../../server/auth/secret.ts";
import { createBackup, restoreBackup, type CreatedBackup } from "../../server/backup/archive.ts";
import { dataLayout, type DataLayout } from "../../server/backup/layout.ts";
import { BACKUP_MESSAGES, BackupError } from "../../server/backup/messages.ts";
import { requestDump } from "../../server/backup/socket.ts";
import { tarStream } from "../../server/backup/tar.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { loadLocalWebhookSecret } from "../../server/payments/local-provider.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { EVERY_TEST_DATABASE, type TestDatabaseHandle } from "./harness.ts";
import { dataRoomUpload, pictureUpload, SAMPLE_FILES } from "./samples.ts";

// `npm run backup` / `npm run restore` on the embedded database (docs/decisions/042-backups.md):
// a backup taken from a serving PGlite server, restored into an empty directory, serves the
// same companies, files and sessions; a damaged or foreign archive changes nothing.

const CATEGORY = "company_acta_constitutivas";
const CONCURRENT_CATEGORY = "company_asambleas";
const DURING = Array.from({ length: 6 }, (_, index) => Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`durante la copia ${index}`)]));

/** A server over the layout's directories, as server/main.ts starts one (secrets from the layout's files). */
async function serve(layout: DataLayout, databaseUrl?: string): Promise<RunningServer> {
  return startServer({
    ...(databaseUrl === undefined ? { dataDir: layout.pglite, backupSocket: layout.backupSocket } : { databaseUrl }),
    uploadsDir: layout.uploads,
    jwtSecret: await loadJwtSecret({ file: layout.jwtSecret }),
    localWebhookSecret: await loadLocalWebhookSecret({ file: layout.webhookSecret }),
    demoPasswordParams: TEST_SCRYPT_PARAMS,
    distDir: null,
  });
}

const json = async (response: Response): Promise<unknown> => {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
};

/** What "the same data" means to a client: the listing, the admin's view of every company (through the session), the files' bytes. */
async function observe(url: string, token: string, companyId: number, fileId: number, picturePath: string) {
  const headers = auth(token);
  // Listed before the open below, which counts a view.
  const files = (await json(await fetch(`${url}/api/companies/${companyId}/company_files/${CATEGORY}`, { headers }))) as { items: Array<{ view_count: number }> };
  const signed = (await json(await fetch(`${url}/api/companies/${companyId}/company_files/${fileId}`, { headers }))) as { url: string };
  const link = new URL(signed.url);
  return {
    marketplace: await json(await fetch(`${url}/api/companies`)),
    dashboard: await json(await fetch(`${url}/api/companies?is_dashboard=true`, { headers })),
    files,
    document: Buffer.from(await (await fetch(`${url}${link.pathname}${link.search}`)).arrayBuffer()),
    picture: Buffer.from(await (await fetch(`${url}${picturePath}`)).arrayBuffer()),
  };
}

const entriesOf = (dir: string) => readdir(dir).catch(() => [] as string[]);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function logIn(url: string): Promise<string> {
  const login = (await json(
    await fetch(`${url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_USERS.admin.email, password: DEMO_PASSWORD }),
    }),
  )) as { access_token: string };
  return login.access_token;
}

describe("backup and restore of the embedded database", () => {
  let work: string;
  let original: DataLayout;
  let restored: DataLayout;
  let backup: CreatedBackup;
  let token: string;
  let companyId: number;
  let fileId: number;
  let picturePath: string;
  let before: Awaited<ReturnType<typeof observe>>;
  let after: Awaited<ReturnType<typeof observe>>;
  let afterBackupLead: number;
  let restoredServer: RunningServer | undefined;
  let servedDump: Buffer | null = null;
  const later = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from("subido después de la copia")]);

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "puente-backup-"));
    original = dataLayout(join(work, "original"));
    restored = dataLayout(join(work, "restored"));
    const server = await serve(original);
    try {
      token = await logIn(server.url);
      const dashboard = (await json(await fetch(`${server.url}/api/companies?is_dashboard=true`, { headers: auth(token) }))) as { items: Array<{ id: number }> };
      companyId = dashboard.items[0]?.id ?? 0;
      const upload = async (method: string, path: string, body: { contentType: string; payload: Buffer }) =>
        json(await fetch(`${server.url}/api${path}`, { method, headers: { ...auth(token), "content-type": body.contentType }, body: new Uint8Array(body.payload) }));
      picturePath = new URL(((await upload("PUT", `/companies/${companyId}/company_files`, pictureUpload())) as { picture_url: string }).picture_url, server.url).pathname;
      fileId = ((await upload("POST", `/companies/${companyId}/company_files/${CATEGORY}`, dataRoomUpload())) as { items: Array<{ id: number }> }).items[0]?.id ?? 0;
      before = await observe(server.url, token, companyId, fileId, picturePath);

      // Taken while the server serves, with reads and uploads in flight (into another category, so the
      // comparison above stays exact; which of them the copy holds depends on timing).
      const traffic = Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/api/companies`).then((response) => response.status)));
      const uploading = Promise.all(
        DURING.map((bytes, index) => upload("POST", `/companies/${companyId}/company_files/${CONCURRENT_CATEGORY}`, dataRoomUpload(undefined, bytes, `durante-${index}.pdf`))),
      );
      backup = await createBackup({ layout: original, file: join(work, "backups", "puente-backup.tar.gz"), appVersion: "test" });
      expect(await traffic).toEqual(Array.from({ length: 20 }, () => 200));
      await uploading;
      await expect(createBackup({ layout: original, file: backup.file, appVersion: "test" })).rejects.toThrow(BACKUP_MESSAGES.archiveExists(backup.file));

      servedDump = await requestDump(original.backupSocket);
      // After the copy: not in it.
      afterBackupLead = ((await upload("POST", `/companies/${companyId}/company_files/${CATEGORY}`, dataRoomUpload(undefined, later, "despues.pdf"))) as { items: Array<{ id: number }> }).items[0]?.id ?? 0;
    } finally {
      await server.close();
    }
    await restoreBackup({ layout: restored, file: backup.file });
    restoredServer = await serve(restored);
    after = await observe(restoredServer.url, token, companyId, fileId, picturePath);
  }, 60_000);

  afterAll(async () => {
    await restoredServer?.close();
    if (work !== undefined) await rm(work, { recursive: true, force: true });
  });

  it("writes one owner-only archive whose manifest counts what it holds", async () => {
    expect((await stat(backup.file)).mode & 0o777).toBe(0o600);
    expect(backup.manifest).toMatchObject({
      format: "puente-backup",
      formatVersion: 1,
      appVersion: "test",
      uploads: { store: "disk" },
      secrets: ["jwt-secret", "payments-webhook-secret"],
      jwtSecretFromEnv: false,
    });
    expect(backup.manifest.database.counts.companies).toBeGreaterThan(0);
    // The acta, and those of the uploads in flight whose rows had committed; their files are there too.
    const { companyFiles } = backup.manifest.database.counts;
    expect(companyFiles).toBeGreaterThanOrEqual(1);
    expect(backup.manifest.uploads.files).toBeGreaterThanOrEqual(companyFiles + 1);
    expect(backup.manifest.database.lastMigration).toMatch(/^\d{4}_/);
    // Nothing left beside the archive or the uploads.
    expect(await entriesOf(join(work, "backups"))).toEqual(["puente-backup.tar.gz"]);
    expect((await entriesOf(original.uploads)).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("serves the same companies, files and sessions after the restore", () => {
    expect(before.document).toEqual(SAMPLE_FILES.pdf);
    expect(before.picture).toEqual(SAMPLE_FILES.png);
    // The first look's open was recorded before the copy: the copy has it.
    expect(before.files.items.map((file) => file.view_count)).toEqual([0]);
    expect(after).toEqual({ ...before, files: { items: before.files.items.map((file) => ({ ...file, view_count: 1 })) } });
  });

  it("gets the copy from the serving process (its socket), and opens the directory itself when none serves", async () => {
    expect(servedDump?.length).toBeGreaterThan(1_000_000);
    expect(await requestDump(original.backupSocket)).toBeNull();
    const offline = await createBackup({ layout: original, file: join(work, "backups", "offline.tar.gz"), appVersion: "test" });
    // The acta, the uploads that were in flight and the one after; and the picture's file.
    expect(offline.manifest.database.counts).toEqual({ ...backup.manifest.database.counts, companyFiles: 2 + DURING.length });
    expect(offline.manifest.uploads.files).toBe(3 + DURING.length);
    await rm(offline.file);
  });

  it("holds the file of every row it holds: the uploads in flight are whole, or not there", async () => {
    const headers = auth(token);
    const url = restoredServer?.url ?? "";
    const listed = (await json(await fetch(`${url}/api/companies/${companyId}/company_files/${CONCURRENT_CATEGORY}`, { headers }))) as { items: Array<{ id: number; filename: string }> };
    expect(listed.items.length).toBe(backup.manifest.database.counts.companyFiles - 1);
    for (const file of listed.items) {
      const link = new URL(((await json(await fetch(`${url}/api/companies/${companyId}/company_files/${file.id}`, { headers }))) as { url: string }).url);
      const bytes = Buffer.from(await (await fetch(`${url}${link.pathname}${link.search}`)).arrayBuffer());
      expect(bytes).toEqual(DURING[Number(/durante-(\d)/.exec(file.filename)?.[1])]);
    }
  });

  it("restores the secrets byte for byte, readable by the owner only", async () => {
    for (const name of ["jwtSecret", "webhookSecret"] as const) {
      expect(await readFile(restored[name])).toEqual(await readFile(original[name]));
      expect((await stat(restored[name])).mode & 0o777).toBe(0o600);
    }
  });

  it("holds the state of the moment it was taken: a file uploaded afterwards is not there", async () => {
    const response = await fetch(`${restoredServer?.url}/api/companies/${companyId}/company_files/${afterBackupLead}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
  });

  it("refuses while a server runs on the data, and a second server on the same directory", async () => {
    await expect(restoreBackup({ layout: restored, file: backup.file, force: true })).rejects.toThrow(BACKUP_MESSAGES.serverRunning(restored.root));
    await expect(serve(restored)).rejects.toThrow(/another Puente server is serving this data directory/);
  });

  it("refuses a data directory too deep for a Unix socket with a clear error, never a socket cut short elsewhere", async () => {
    const parent = join(work, "d".repeat(60), "e".repeat(60));
    const deep = dataLayout(join(parent, ".data"));
    await expect(serve(deep)).rejects.toThrow(/the backup socket's path is too long for a Unix socket/);
    // Only the secrets this test's serve() writes before starting: no database opened, no socket anywhere.
    expect(await entriesOf(parent)).toEqual([".data"]);
    expect((await entriesOf(deep.root)).sort()).toEqual(["jwt-secret", "payments-webhook-secret"]);
    await rm(join(work, "d".repeat(60)), { recursive: true });
  });

  it("refuses data that is there unless --force, which moves it aside", async () => {
    await restoredServer?.close();
    restoredServer = undefined;
    await expect(restoreBackup({ layout: restored, file: backup.file })).rejects.toThrow(BACKUP_MESSAGES.notEmpty(restored.root));
    const result = await restoreBackup({ layout: restored, file: backup.file, force: true, now: () => new Date("2026-11-28T16:00:00Z") });
    expect(result.movedAside).toEqual([`${restored.root}.before-restore-2026-11-28T16-00-00-000Z`]);
    expect((await entriesOf(result.movedAside[0] ?? "")).sort()).toEqual(["jwt-secret", "payments-webhook-secret", "pglite", "run", "uploads"]);
    expect((await entriesOf(work)).sort()).toEqual(["backups", "original", "restored", "restored.before-restore-2026-11-28T16-00-00-000Z"]);
  });

  describe("refuses an archive that is not a whole backup of ours, and writes nothing", () => {
    const refused = async (name: string, bytes: Buffer, message: (file: string) => string) => {
      const file = join(work, name);
      await writeFile(file, bytes);
      const target = dataLayout(join(work, `target-${name}`));
      const error: unknown = await restoreBackup({ layout: target, file }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toBe(message(file));
      const left = (await entriesOf(work)).filter((entry) => entry.startsWith(`target-${name}`));
      expect(left).toEqual([]);
    };

    it("damaged in the middle", async () => {
      const bytes = Buffer.from(await readFile(backup.file));
      for (let index = 0; index < 64; index += 1) bytes.writeUInt8((bytes.readUInt8(Math.floor(bytes.length / 2) + index) ^ 0xff) & 0xff, Math.floor(bytes.length / 2) + index);
      await refused("damaged.tar.gz", bytes, BACKUP_MESSAGES.corrupt);
    });

    it("cut short", async () => {
      const bytes = await readFile(backup.file);
      await refused("cut.tar.gz", bytes.subarray(0, Math.floor(bytes.length * 0.8)), BACKUP_MESSAGES.corrupt);
    });

    it("not gzip, or another program's archive", async () => {
      await refused("notes.tar.gz", Buffer.from("esto no es una copia\n"), BACKUP_MESSAGES.foreign);
      const chunks: Buffer[] = [];
      for await (const chunk of tarStream([{ name: "etc/passwd", bytes: Buffer.from("root:x:0:0\n") }], new Date())) chunks.push(chunk);
      await refused("other.tar.gz", gzipSync(Buffer.concat(chunks)), BACKUP_MESSAGES.foreign);
    });

    it("a path that would leave the data directory", async () => {
      const chunks: Buffer[] = [];
      const manifest = Buffer.from(JSON.stringify(backup.manifest));
      for await (const chunk of tarStream(
        [
          { name: "manifest.json", bytes: manifest },
          { name: "uploads/../../escape", bytes: Buffer.from("x") },
        ],
        new Date(),
      ))
        chunks.push(chunk);
      await refused("escape.tar.gz", gzipSync(Buffer.concat(chunks)), BACKUP_MESSAGES.foreign);
      expect(await entriesOf(join(work, ".."))).not.toContain("escape");
    });
  });

  it("npm run restore tells the operator in one Spanish line and exits 1", async () => {
    const file = join(work, "notes.txt");
    await writeFile(file, "no es una copia");
    const target = join(work, "cli-target");
    const run = promisify(execFile)(join(REPO_ROOT, "node_modules/.bin/tsx"), ["scripts/restore.ts", file, "--data-dir", target], { cwd: REPO_ROOT });
    const error: unknown = await run.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 1, stderr: `${BACKUP_MESSAGES.foreign(file)}\n`, stdout: "" });
    expect(await entriesOf(work)).not.toContain("cli-target");
  }, 20_000);
});

const postgres = EVERY_TEST_DATABASE.filter((target) => target.kind === "postgres");

// Without TEST_DATABASE_URL there is no PostgreSQL to back up: the block below then has no case.
it("backs up PostgreSQL exactly when TEST_DATABASE_URL is set", () => {
  expect(postgres.length).toBe(process.env.TEST_DATABASE_URL ? 1 : 0);
});

describe.each(postgres)("backup and restore with DATABASE_URL ($kind: pg_dump, pg_restore)", (target) => {
  let work: string;
  let source: TestDatabaseHandle;
  let empty: TestDatabaseHandle;
  let backup: CreatedBackup;
  let token: string;
  let picturePath: string;
  let before: { marketplace: unknown; dashboard: unknown; picture: Buffer };
  let restoredServer: RunningServer | undefined;

  const look = async (url: string) => ({
    marketplace: await json(await fetch(`${url}/api/companies`)),
    dashboard: await json(await fetch(`${url}/api/companies?is_dashboard=true`, { headers: auth(token) })),
    picture: Buffer.from(await (await fetch(`${url}${picturePath}`)).arrayBuffer()),
  });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "puente-backup-pg-"));
    source = await target.open();
    empty = await target.open();
    const layout = dataLayout(join(work, "original"));
    const server = await serve(layout, source.url);
    try {
      token = await logIn(server.url);
      const dashboard = (await json(await fetch(`${server.url}/api/companies?is_dashboard=true`, { headers: auth(token) }))) as { items: Array<{ id: number }> };
      const body = pictureUpload();
      const answer = (await json(
        await fetch(`${server.url}/api/companies/${dashboard.items[0]?.id ?? 0}/company_files`, {
          method: "PUT",
          headers: { ...auth(token), "content-type": body.contentType },
          body: new Uint8Array(body.payload),
        }),
      )) as { picture_url: string };
      picturePath = new URL(answer.picture_url, server.url).pathname;
      before = await look(server.url);
      backup = await createBackup({ layout, databaseUrl: source.url, file: join(work, "pg.tar.gz"), appVersion: "test" });
    } finally {
      await server.close();
    }
  }, 60_000);

  afterAll(async () => {
    await restoredServer?.close();
    await source.close();
    await empty.close();
    await rm(work, { recursive: true, force: true });
  });

  it("refuses a database that has tables", async () => {
    await expect(restoreBackup({ layout: dataLayout(join(work, "refused")), file: backup.file, databaseUrl: source.url })).rejects.toThrow(BACKUP_MESSAGES.databaseNotEmpty);
    expect(await entriesOf(work)).not.toContain("refused");
  });

  it("refuses it without DATABASE_URL (it is not a PGlite backup), writing nothing", async () => {
    await expect(restoreBackup({ layout: dataLayout(join(work, "no-url")), file: backup.file })).rejects.toThrow(BACKUP_MESSAGES.postgresBackup);
    expect(await entriesOf(work)).not.toContain("no-url");
  });

  it("restores into an empty database: the same companies, picture and session", async () => {
    expect(backup.manifest.database).toMatchObject({ kind: "postgres", counts: { sessions: 1 } });
    expect(backup.manifest.database.counts.companies).toBeGreaterThan(0);
    const layout = dataLayout(join(work, "restored"));
    await restoreBackup({ layout, file: backup.file, databaseUrl: empty.url });
    restoredServer = await serve(layout, empty.url);
    expect(before.picture).toEqual(SAMPLE_FILES.png);
    expect(await look(restoredServer.url)).toEqual(before);
  }, 30_000);
});
