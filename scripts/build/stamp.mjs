// The build's stamp (decision 041): `npm run build` writes .build/stamp.json
// with a hash of every input of the build; `npm start` serves that build
// while the hash still matches, and builds again otherwise. Plain
// JavaScript: `npm start` reads it before any TypeScript loader is loaded.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** What the client bundle, the prerendered pages and the server bundle are made from. */
export const BUILD_INPUTS = [
  "src",
  "server",
  "contracts",
  "content",
  "machines",
  "public",
  "scripts/build",
  "index.html",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

/** The server bundle `npm start` runs. */
export const SERVER_BUNDLE = join(".build", "server", "main.js");
export const STAMP_FILE = join(".build", "stamp.json");

/** Every file under `path` (a folder or a file), relative to `root`; dot-files skipped. */
function filesUnder(root, path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    out.push(path);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    filesUnder(root, join(path, entry.name), out);
  }
}

/** The build inputs' files, sorted, relative to `root`. */
export function buildInputFiles(root) {
  const files = [];
  for (const input of BUILD_INPUTS) filesUnder(root, input, files);
  return files.sort();
}

/** One hash of the inputs' paths and bytes: what the build was made from. */
export function sourcesFingerprint(root) {
  const hash = createHash("sha256");
  for (const file of buildInputFiles(root)) {
    hash.update(file);
    hash.update("\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * "missing" (no build, or a build that did not finish), "stale" (the
 * sources changed since), or "fresh".
 */
export function buildState(root) {
  const stampFile = join(root, STAMP_FILE);
  if (!existsSync(stampFile) || !existsSync(join(root, SERVER_BUNDLE)) || !existsSync(join(root, "dist", "index.html"))) return "missing";
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    return "missing";
  }
  return stamp && stamp.fingerprint === sourcesFingerprint(root) ? "fresh" : "stale";
}
