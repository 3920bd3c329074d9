import { resolve } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// eslint.config.js refuses a hand-written label, description or error on the
// ui field components outside src/components/ui and src/lib: a form field gets
// them only from `form.field()` (docs/decisions/027-form-fields.md). These
// probes are linted as text under paths of the app; no file is written.

const ROOT = resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: ROOT });

async function guardMessages(path: string, source: string): Promise<ReadonlyArray<string>> {
  const [result] = await eslint.lintText(source, { filePath: resolve(ROOT, path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-syntax").map((message) => message.message);
}

/** A component rendering `jsx`; `form` and `e` stand for a form and a message (lint reads no types). */
const component = (jsx: string) => `export function Probe({ form, e }) {\n  return ${jsx};\n}\n`;

const FEATURE = "src/features/zz-probe/components/Probe.tsx";

// Loading the config, its plugins and the parser is the slow part (seconds on a busy machine): once, before the probes.
beforeAll(async () => {
  await guardMessages(FEATURE, component("null"));
}, 120_000);

describe("the form-field guard (eslint.config.js)", () => {
  it.each([
    ["a hand-written label", '<TextField label="Email" value="" onChange={() => undefined} />'],
    ["a hand-written error", "<Select {...form.field(\"state_id\", { label: \"Estado\" })} options={[]} errorMessage={e} />"],
    ["isInvalid", "<Checkbox {...form.checkbox(\"acceptTerms\", { label: \"Acepto\" })} isInvalid />"],
    ["a hand-written description", '<TextAreaField {...form.field("summary", { label: "Resumen" })} description="Ayuda" />'],
    ["a labelled number input", '<NumberField label="Monto" value={null} onChange={() => undefined} />'],
  ])("refuses %s on a field component in a feature", async (_what, jsx) => {
    const messages = await guardMessages(FEATURE, component(jsx));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("form.field()");
  });

  it("lets a bound field through, with attributes that are not its label, description or error", async () => {
    const jsx = '<TextField {...form.field("email", { label: "Email", description: "Tu email" })} type="email" autoComplete="email" isRequired />';
    expect(await guardMessages(FEATURE, component(jsx))).toEqual([]);
    expect(await guardMessages("src/app/pages/Probe.tsx", component(jsx))).toEqual([]);
  });

  it("lets the ui components and the helper wire their own controls", async () => {
    const jsx = '<TextField label="Email" description="Tu email" errorMessage={e} value="" onChange={() => undefined} />';
    expect(await guardMessages("src/components/ui/Probe.tsx", component(jsx))).toEqual([]);
    expect(await guardMessages("src/lib/Probe.tsx", component(jsx))).toEqual([]);
  });

  it("lets the filters label their dropdowns and radio groups, and nothing more", async () => {
    const marketplace = "src/features/marketplace/components/MarketplacePage.tsx";
    expect(await guardMessages(marketplace, component('<Select label="Industria" options={[]} value={0} onChange={() => undefined} />'))).toEqual([]);
    expect(await guardMessages(marketplace, component('<RadioGroup label="EBITDA" options={[]} value={null} onChange={() => undefined} />'))).toEqual([]);
    expect(await guardMessages(marketplace, component('<Select label="Industria" options={[]} value={0} onChange={() => undefined} errorMessage={e} />'))).toHaveLength(1);
    expect(await guardMessages(marketplace, component('<TextField label="Nombre" value="" onChange={() => undefined} />'))).toHaveLength(1);
  });
});
