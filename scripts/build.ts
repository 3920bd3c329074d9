/**
 * npm run build: the whole app, once (decision 041): the client bundle and
 * the prerendered pages (`vite build` → dist/), then the server bundled into
 * .build/server/ (esbuild: one file plus the chunks loaded on demand, with
 * packages left to node_modules), then the stamp that tells `npm start` this
 * build matches the sources. The stamp goes first, so a build that fails
 * half-way is never taken for a finished one.
 */
import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../server/db/paths.ts";
import { bundleServer } from "./build/server-bundle.ts";
import { SERVER_BUNDLE, STAMP_FILE, sourcesFingerprint } from "./build/stamp.mjs";

const started = performance.now();
// Taken before building: a source saved during the build leaves the stamp stale.
const fingerprint = sourcesFingerprint(REPO_ROOT);
await rm(join(REPO_ROOT, STAMP_FILE), { force: true });

execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: REPO_ROOT, stdio: "inherit" });
const clientMs = performance.now() - started;

const serverDir = join(REPO_ROOT, ".build", "server");
await rm(serverDir, { recursive: true, force: true });
await bundleServer(serverDir);

await mkdir(join(REPO_ROOT, ".build"), { recursive: true });
await writeFile(join(REPO_ROOT, STAMP_FILE), `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`);
process.stdout.write(
  `Puente compilado: la app en dist/ (${(clientMs / 1000).toFixed(1)} s) y el servidor en ${SERVER_BUNDLE} (${((performance.now() - started - clientMs) / 1000).toFixed(1)} s)\n`,
);
