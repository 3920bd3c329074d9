import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildState, SERVER_BUNDLE, sourcesFingerprint, STAMP_FILE } from "../../scripts/build/stamp.mjs";

// npm start builds only when the build is missing or older than the sources (decision 041).
describe("the build's stamp", () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const stamp = () => write(STAMP_FILE, JSON.stringify({ fingerprint: sourcesFingerprint(root) }));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "puente-stamp-"));
    write("package.json", "{}");
    write("src/app/main.tsx", "export const a = 1;");
    write("server/main.ts", "export const b = 2;");
    write("dist/index.html", "<!doctype html>");
    write(SERVER_BUNDLE, "export {};");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("is missing until a build has finished (stamp, client and server bundles)", () => {
    expect(buildState(root)).toBe("missing");
    stamp();
    expect(buildState(root)).toBe("fresh");
    rmSync(join(root, SERVER_BUNDLE));
    expect(buildState(root)).toBe("missing");
  });

  it("is stale once a source changes, is added or goes; not for files outside the inputs", () => {
    stamp();
    write("README.md", "docs");
    write("src/.DS_Store", "noise");
    expect(buildState(root)).toBe("fresh");
    write("src/app/main.tsx", "export const a = 2;");
    expect(buildState(root)).toBe("stale");
    stamp();
    write("contracts/new.ts", "export {};");
    expect(buildState(root)).toBe("stale");
    stamp();
    rmSync(join(root, "server/main.ts"));
    expect(buildState(root)).toBe("stale");
  });

  it("tells a renamed file from an edited one", () => {
    const before = sourcesFingerprint(root);
    rmSync(join(root, "server/main.ts"));
    write("server/start.ts", "export const b = 2;");
    expect(sourcesFingerprint(root)).not.toBe(before);
  });
});
