/**
 * npm run docs:machines — draws every machine in machines/ (`*.machine.ts`)
 * as a Mermaid state diagram into docs/machines/<name>.md, writes the index
 * docs/machines/README.md, and removes the page of a machine that is gone
 * (issue 24; scripts/machine-diagrams/). Commit the result:
 * tests/unit/machine-diagrams.test.ts fails while a page is out of date.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DOCS_DIR, REPO_ROOT, committedPages, machineDocPages } from "./machine-diagrams/docs.ts";

const pages = await machineDocPages();
mkdirSync(join(REPO_ROOT, DOCS_DIR), { recursive: true });
for (const [path, text] of pages) {
  const file = join(REPO_ROOT, path);
  let current: string | null = null;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // A new page.
  }
  if (current === text) continue;
  writeFileSync(file, text);
  console.log(`wrote ${path}`);
}
for (const path of committedPages()) {
  if (pages.has(path)) continue;
  rmSync(join(REPO_ROOT, path));
  console.log(`removed ${path} (no machine draws it)`);
}
