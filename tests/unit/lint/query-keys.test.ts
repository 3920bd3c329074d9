import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// eslint.config.js refuses query keys typed by hand outside a `*-keys.ts`
// file (docs/decisions/026-query-keys-and-tables.md). Probes are linted as
// text under a made-up path: nothing is written to disk.

const ROOT = resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: ROOT });

async function keyErrors(path: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: resolve(ROOT, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-syntax").length;
}

const HEADER = 'import { QueryClient, queryOptions } from "@tanstack/react-query";\nconst client = new QueryClient();\n';

describe("lint: query keys come from a key factory", () => {
  it("refuses an array literal as a queryKey, a mutationKey or the key of setQueryData/getQueryData", async () => {
    const source = `${HEADER}
export const a = queryOptions({ queryKey: ["companies", "detail", 1], queryFn: () => 1 });
export const b = () => client.invalidateQueries({ queryKey: ["companies", "list"] as const });
export const c = () => client.setQueryData(["companies", "detail", 1, "dashboard"], 1);
export const d = () => client.getQueryData(["companies"] as const);
export const e = { mutationKey: ["leads"] };
`;
    expect(await keyErrors("src/features/zz-probe/api/probe.ts", source)).toBe(5);
  }, 60_000);

  it("refuses a key factory declared outside a *-keys.ts file", async () => {
    expect(await keyErrors("src/features/zz-probe/api/get-probe.ts", 'export const probeKeys = { all: ["probe"] as const };\n')).toBe(1);
  }, 60_000);

  it("accepts keys from a factory, array data, and the factory in its own *-keys.ts file", async () => {
    const use = `${HEADER}import { companyKeys } from "../../../lib/api/company-keys.ts";
export const a = queryOptions({ queryKey: companyKeys.detail(1), queryFn: () => [1, 2] });
export const b = () => client.invalidateQueries({ queryKey: companyKeys.lists() });
export const c = () => client.setQueryData(companyKeys.record(1), [1, 2]);
`;
    expect(await keyErrors("src/features/zz-probe/api/probe.ts", use)).toBe(0);
    expect(await keyErrors("src/features/zz-probe/api/probe-keys.ts", 'export const probeKeys = { all: ["probe"] as const, one: (id: number) => ["probe", id] as const };\n')).toBe(0);
  }, 60_000);
});
