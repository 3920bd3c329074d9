import { describe, expect, it } from "vitest";
import { changeByPatch, fieldsOf, NO_FIELD_MESSAGES, type FieldMessages } from "../../../src/lib/form-fields.ts";

/** A source that records every change, as `useForm` or a machine would receive it. */
function sourceOf<Values>(values: Values, errors: FieldMessages = NO_FIELD_MESSAGES) {
  const changes: Array<[string, unknown]> = [];
  const fields = fieldsOf<Values>({ values, errors, change: (key, value) => changes.push([String(key), value]) });
  return { fields, changes };
}

interface SignUp {
  email: string;
  state_id: number | null;
  acceptTerms: boolean;
  industry_ids: ReadonlyArray<number>;
  currency: "MXN" | "USD";
  nda_version: string;
  ebitda: string;
  ebitda_margin: string;
  picture: File | null;
}

const VALUES: SignUp = {
  email: "Ana@Ejemplo.mx",
  state_id: null,
  acceptTerms: false,
  industry_ids: [3],
  currency: "USD",
  nda_version: "",
  ebitda: "1500000.5",
  ebitda_margin: "12.5",
  picture: null,
};

describe("field(): text, select, radio group, checkbox group, number, date", () => {
  it("gives the control its name, label, value and message, and no description unless one is written", () => {
    const { fields } = sourceOf(VALUES, { email: "Ingresa un email válido" });
    const email = fields.field("email", { label: "Email" });
    expect(email).toEqual({ name: "email", label: "Email", value: "Ana@Ejemplo.mx", errorMessage: "Ingresa un email válido", onChange: expect.any(Function) });
    expect("description" in email).toBe(false);
    expect(fields.field("state_id", { label: "Estado", description: "Donde opera" })).toMatchObject({
      name: "state_id",
      label: "Estado",
      description: "Donde opera",
      value: null,
      errorMessage: undefined,
    });
  });

  it("reports a change under its own key, cleaned up by `parse` when given", () => {
    const { fields, changes } = sourceOf(VALUES);
    fields.field("state_id", { label: "Estado" }).onChange(14);
    fields.field("industry_ids", { label: "Industrias" }).onChange([3, 7]);
    fields.field("email", { label: "Email", parse: (typed) => typed.toLowerCase() }).onChange("ANA@EJEMPLO.MX");
    expect(changes).toEqual([
      ["state_id", 14],
      ["industry_ids", [3, 7]],
      ["email", "ana@ejemplo.mx"],
    ]);
  });

  it("shows a value of another type through `format` and keeps what `parse` gives back (a currency as a radio id)", () => {
    const { fields, changes } = sourceOf(VALUES);
    const currencies = ["MXN", "USD"] as const;
    const currency = fields.field("currency", {
      label: "Moneda",
      format: (value) => currencies.indexOf(value),
      parse: (id: number | null) => currencies[id ?? 0] ?? "MXN",
    });
    expect(currency.value).toBe(1);
    currency.onChange(0);
    currency.onChange(null);
    expect(changes).toEqual([
      ["currency", "MXN"],
      ["currency", "MXN"],
    ]);
  });

  it("reads a machine's messages (a partial record) and none at all", () => {
    const answers = { firstName: "", website: "" };
    const { fields } = sourceOf(answers, { firstName: "Ingresa tu nombre" });
    expect(fields.field("firstName", { label: "Nombre" }).errorMessage).toBe("Ingresa tu nombre");
    expect(fields.field("website", { label: "Sitio web" }).errorMessage).toBeUndefined();
    expect(sourceOf(answers).fields.field("firstName", { label: "Nombre" }).errorMessage).toBeUndefined();
  });
});

describe("checkbox()", () => {
  it("binds a boolean as isSelected, with its label and message", () => {
    const { fields, changes } = sourceOf(VALUES, { acceptTerms: "Debes aceptar los términos" });
    const terms = fields.checkbox("acceptTerms", { label: "Acepto los términos" });
    expect(terms).toEqual({ name: "acceptTerms", label: "Acepto los términos", isSelected: false, errorMessage: "Debes aceptar los términos", onChange: expect.any(Function) });
    terms.onChange(true);
    expect(changes).toEqual([["acceptTerms", true]]);
  });

  it("ticks another type through `format` and `parse` (the NDA version in force)", () => {
    const inForce = "2026-02";
    const adapter = { format: (accepted: string) => accepted !== "" && accepted === inForce, parse: (selected: boolean) => (selected ? inForce : "") };
    const unticked = sourceOf(VALUES);
    const box = unticked.fields.checkbox("nda_version", { label: "Acepto el acuerdo", ...adapter });
    expect(box.isSelected).toBe(false);
    box.onChange(true);
    box.onChange(false);
    expect(unticked.changes).toEqual([
      ["nda_version", inForce],
      ["nda_version", ""],
    ]);
    expect(sourceOf({ ...VALUES, nda_version: inForce }).fields.checkbox("nda_version", { label: "Acepto", ...adapter }).isSelected).toBe(true);
    // A box ticked for an older version shows unticked once a new one is in force.
    expect(sourceOf({ ...VALUES, nda_version: "2026-01" }).fields.checkbox("nda_version", { label: "Acepto", ...adapter }).isSelected).toBe(false);
  });
});

describe("money() and percent(): amounts typed as text (spec section 5)", () => {
  it("puts $ before a currency amount and formats it on leaving the field", () => {
    const { fields, changes } = sourceOf(VALUES, { ebitda: "Ingresa un número" });
    const ebitda = fields.money("ebitda", { label: "EBITDA (MXN)" });
    expect(ebitda).toMatchObject({ name: "ebitda", label: "EBITDA (MXN)", value: "1500000.5", prefix: "$", inputMode: "decimal", errorMessage: "Ingresa un número" });
    ebitda.onBlur();
    ebitda.onChange("2,000");
    expect(changes).toEqual([
      ["ebitda", "1,500,000.50"],
      ["ebitda", "2,000"],
    ]);
  });

  it("leaves text that is no number as typed on blur (the schema says what is wrong on submit)", () => {
    const { fields, changes } = sourceOf({ ...VALUES, ebitda: "mucho" });
    fields.money("ebitda", { label: "EBITDA (MXN)" }).onBlur();
    expect(changes).toEqual([["ebitda", "mucho"]]);
  });

  it("puts % after a percentage, with its description", () => {
    const { fields } = sourceOf(VALUES);
    const margin = fields.percent("ebitda_margin", { label: "Margen de EBITDA (%)", description: "De 0 a 100" });
    expect(margin).toMatchObject({ name: "ebitda_margin", label: "Margen de EBITDA (%)", description: "De 0 a 100", value: "12.5", suffix: "%", inputMode: "decimal" });
    expect("prefix" in margin || "onBlur" in margin).toBe(false);
  });
});

describe("file()", () => {
  it("gives no value (the browser keeps the chosen file) and reports the file chosen", () => {
    const { fields, changes } = sourceOf(VALUES, { picture: "La imagen debe ser JPG o PNG." });
    const picture = fields.file("picture", { label: "Imagen de la empresa (JPG o PNG)" });
    expect(picture).toEqual({ name: "picture", label: "Imagen de la empresa (JPG o PNG)", errorMessage: "La imagen debe ser JPG o PNG.", onChange: expect.any(Function) });
    const chosen = new File(["x"], "logo.png", { type: "image/png" });
    picture.onChange(chosen);
    picture.onChange(null);
    expect(changes).toEqual([
      ["picture", chosen],
      ["picture", null],
    ]);
  });
});

describe("changeByPatch(): a source whose owner takes a partial update", () => {
  it("sends one key's new value as a patch (a wizard's section, a table row)", () => {
    const patches: unknown[] = [];
    const row = { name: "Ana", percent: 40 as number | null };
    const fields = fieldsOf({ values: row, errors: NO_FIELD_MESSAGES, change: changeByPatch<typeof row>((patch) => patches.push(patch)) });
    fields.field("percent", { label: "Participación (%) 1" }).onChange(null);
    fields.field("name", { label: "Accionista 1" }).onChange("Luis");
    expect(patches).toEqual([{ percent: null }, { name: "Luis" }]);
  });
});
