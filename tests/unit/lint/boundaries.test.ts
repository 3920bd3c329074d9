import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import boundaries in eslint.config.js are read from the folders on
// disk when lint starts. These tests create feature folders that did not
// exist when the config was written and prove lint guards them. (ESLint
// caches the config module per process, so every probe is written before
// the first lint run.)

const ROOT = resolve(import.meta.dirname, "../../..");
const created: string[] = [];

function probeFile(folder: string, name: string, source: string): string {
  const dir = join(ROOT, folder);
  mkdirSync(dir, { recursive: true });
  created.push(dir);
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

async function boundaryErrors(file: string): Promise<ReadonlyArray<string>> {
  const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
  return (result?.messages ?? []).filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

const suffix = randomUUID().slice(0, 8);
const probes: Record<string, string> = {};

beforeAll(() => {
  probes["clientCross"] = probeFile(
    `src/features/zz-probe-${suffix}`,
    "probe.ts",
    'import { MARKETPLACE_PATH } from "../marketplace/marketplace-url.ts";\nexport const probe = MARKETPLACE_PATH;\n',
  );
  probes["clientShared"] = probeFile(`src/features/zz-probe-ok-${suffix}`, "probe.ts", 'import { toastError } from "../../lib/toast.ts";\nexport const probe = toastError;\n');
  probes["serverCross"] = probeFile(
    `server/zz-probe-${suffix}`,
    "routes.ts",
    'import { cardOf } from "../marketplace/cards.ts";\nexport const probe = cardOf;\n',
  );
  probes["companiesToMarketplace"] = probeFile(
    `server/companies/zz-probe-${suffix}`,
    "probe.ts",
    'import { cardOf } from "../../marketplace/cards.ts";\nexport const probe = cardOf;\n',
  );
  probes["contentToApp"] = probeFile(`content/zz-probe-${suffix}`, "probe.ts", 'import { toastError } from "../../src/lib/toast.ts";\nexport const probe = toastError;\n');
  probes["plumbingToFeature"] = probeFile(`server/http/zz-probe-${suffix}`, "probe.ts", 'import { leadRoutes } from "../../leads/routes.ts";\nexport const probe = leadRoutes;\n');
  probes["featureToOtherTables"] = probeFile(
    `server/companies/zz-probe-tables-${suffix}`,
    "probe.ts",
    'import { accessRequests } from "../../deal-room/schema.ts";\nexport const probe = accessRequests;\n',
  );
  probes["plumbingToTables"] = probeFile(`server/http/zz-probe-tables-${suffix}`, "probe.ts", 'import { subscriptions } from "../../payments/schema.ts";\nexport const probe = subscriptions;\n');
  probes["schemaToLogic"] = probeFile(
    `server/zz-probe-tables-${suffix}`,
    "schema.ts",
    [
      'import type { Database } from "../db/open.ts";',
      'import { createdAt } from "../db/columns.ts";',
      'import { users } from "../auth/schema.ts";',
      "export const probe = [createdAt, users];",
      "export type Probe = Database;",
      "",
    ].join("\n"),
  );
  probes["testToGatheredSchema"] = probeFile(`tests/zz-probe-${suffix}`, "probe.ts", 'import { users } from "../../server/db/schema.ts";\nexport const probe = users;\n');
  // This project shares one module graph per worker (vitest.config.ts): another file may have linted already, and
  // ESLint imports its config again only when the file's modification time changed. Touch it, so the config this
  // file lints with is read after the probes exist (its content does not change).
  const now = new Date();
  utimesSync(join(ROOT, "eslint.config.js"), now, now);
});

const probe = (name: string): string => {
  const file = probes[name];
  if (file === undefined) throw new Error(`no probe ${name}`);
  return file;
};

describe("lint: import boundaries of folders created after the config", () => {
  it("refuses a new client feature importing another feature", async () => {
    const file = probe("clientCross");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("A feature must not import another feature")]);
  }, 60_000);

  it("lets the same new feature import shared code", async () => {
    const file = probe("clientShared");
    expect(await boundaryErrors(file)).toEqual([]);
  }, 60_000);

  it("refuses a new server feature importing a feature it does not declare", async () => {
    const file = probe("serverCross");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining(`server/zz-probe-${suffix} may import only these features`)]);
  }, 60_000);

  it("refuses companies importing marketplace (imports run one way)", async () => {
    const file = probe("companiesToMarketplace");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("server/companies may import only these features")]);
  }, 60_000);

  it("refuses content/ importing the app (it is pure data the server reads too)", async () => {
    const file = probe("contentToApp");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("content/ is pure data")]);
  }, 60_000);

  it("refuses server plumbing importing a feature", async () => {
    const file = probe("plumbingToFeature");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("Server plumbing")]);
  }, 60_000);

  it("lets any server code import any feature's tables (its schema.ts)", async () => {
    expect(await boundaryErrors(probe("featureToOtherTables"))).toEqual([]);
    expect(await boundaryErrors(probe("plumbingToTables"))).toEqual([]);
  }, 60_000);

  it("refuses a schema.ts importing anything but tables and column helpers", async () => {
    const file = probe("schemaToLogic");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("A schema.ts imports only other schema.ts files")]);
  }, 60_000);

  it("refuses importing tables from server/db/schema.ts, which only gathers them for drizzle-kit", async () => {
    const file = probe("testToGatheredSchema");
    expect(await boundaryErrors(file)).toEqual([expect.stringContaining("Import a table from the schema.ts of the feature that owns it")]);
  }, 60_000);
});
