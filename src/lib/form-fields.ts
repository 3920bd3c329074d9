import { formatAmountInput } from "./amount-input.ts";

/**
 * The one way a form field is wired (docs/decisions/027-form-fields.md):
 * `form.field(key, { label, description })` gives a control its name, its
 * label, its description, its value, its onChange and its message, so no
 * page hands a ui field component a label, a description or an error of its
 * own (ESLint refuses `label=`, `description=`, `errorMessage=` and
 * `isInvalid=` on them outside src/components/ui and src/lib).
 *
 * `useForm` (./form.ts) binds its values and submit-time messages this way;
 * a wizard whose values live in a machine, or a field kept in local state,
 * binds them with `fieldsOf({ values, errors, change })`. Pure: the props a
 * field gets are computed here without React and unit tested in node
 * (tests/unit/form/form-fields.test.ts).
 */

/** The message per field, if any (a form's after a submit, a machine's for its step). */
export type FieldMessages = { readonly [key: string]: string | undefined };

/** Where a group of fields reads and writes. */
export interface FieldSource<Values> {
  readonly values: Values;
  readonly errors: FieldMessages;
  readonly change: <K extends keyof Values>(key: K, value: Values[K]) => void;
}

/** No messages: fields that are checked elsewhere (a wizard that refuses Next) or never. */
export const NO_FIELD_MESSAGES: FieldMessages = {};

/** What a field says about itself, written only where it is bound. */
export interface FieldText {
  readonly label: string;
  /** Help under the field, announced with it. */
  readonly description?: string;
}

/** A control that holds another type than the value (a union as a radio's id, catalogue items as ids, a version as a tick). */
export interface ControlAdapter<V, C> {
  /** The value as the control shows it (the control's type is what `parse` takes, e.g. a radio group's `number | null`). */
  readonly format: (value: V) => NoInfer<C>;
  /** What the control gives back, as the value to keep. */
  readonly parse: (control: C) => V;
}

/** A clean-up of what was typed before it is kept (lowercased, digits only). */
export interface FieldParse<V> {
  readonly parse?: (typed: V) => V;
}

/** The keys of `Values` whose value is a `T`. */
export type KeyOf<Values, T> = { [K in keyof Values]-?: Values[K] extends T ? K : never }[keyof Values] & string;

interface BoundText<K extends string> {
  readonly name: K;
  readonly label: string;
  readonly description?: string;
  /** Shown under the control; also marks it invalid. */
  readonly errorMessage: string | undefined;
}

/** Text, text area, password, select, native select, radio group, checkbox group, number, date, the valuation's amount. */
export interface BoundField<K extends string, C> extends BoundText<K> {
  readonly value: C;
  readonly onChange: (value: C) => void;
}

/** One checkbox (accepting the terms, the NDA). */
export interface BoundCheckbox<K extends string> {
  readonly name: K;
  readonly label: string;
  readonly isSelected: boolean;
  readonly onChange: (isSelected: boolean) => void;
  readonly errorMessage: string | undefined;
}

/** A currency amount typed as text (spec section 5): "$" before it, and on leaving it "1,500,000.00". */
export interface BoundMoney<K extends string> extends BoundField<K, string> {
  readonly prefix: "$";
  readonly inputMode: "decimal";
  readonly onBlur: () => void;
}

/** A percentage typed as text (spec section 5): "%" after it; say it in the label too. */
export interface BoundPercent<K extends string> extends BoundField<K, string> {
  readonly suffix: "%";
  readonly inputMode: "decimal";
}

/** A file input: the browser keeps the chosen file, so there is no value to give it. */
export interface BoundFile<K extends string> extends BoundText<K> {
  readonly onChange: (file: File | null) => void;
}

export interface Fields<Values> {
  /** `<TextField {...form.field("email", { label: "Email" })} type="email" />` */
  field<K extends keyof Values & string>(key: K, options: FieldText & FieldParse<Values[K]>): BoundField<K, Values[K]>;
  field<K extends keyof Values & string, C>(key: K, options: FieldText & ControlAdapter<Values[K], C>): BoundField<K, C>;
  /** `<Checkbox {...form.checkbox("acceptTerms", { label: "Acepto…" })} />` */
  checkbox<K extends KeyOf<Values, boolean>>(key: K, options: { readonly label: string }): BoundCheckbox<K>;
  checkbox<K extends keyof Values & string>(key: K, options: { readonly label: string } & ControlAdapter<Values[K], boolean>): BoundCheckbox<K>;
  /** `<TextField {...form.money("ebitda", { label: "EBITDA (MXN)" })} />` */
  money<K extends KeyOf<Values, string>>(key: K, options: FieldText): BoundMoney<K>;
  /** `<TextField {...form.percent("ebitda_margin", { label: "Margen de EBITDA (%)" })} />` */
  percent<K extends KeyOf<Values, string>>(key: K, options: FieldText): BoundPercent<K>;
  /** `<FileField {...pictureFields.file("picture", { label: "Imagen" })} accept="image/png" />` */
  file<K extends KeyOf<Values, File | null>>(key: K, options: FieldText): BoundFile<K>;
}

const same = <T>(value: T): T => value;

/** The fields of a source: each call gives one control everything it shows and reports. */
export function fieldsOf<Values>(source: FieldSource<Values>): Fields<Values> {
  type Key = keyof Values & string;
  const text = <K extends Key>(key: K, options: FieldText): BoundText<K> => ({
    name: key,
    label: options.label,
    ...(options.description === undefined ? {} : { description: options.description }),
    errorMessage: source.errors[key],
  });

  const field = <K extends Key>(key: K, options: FieldText & Partial<ControlAdapter<Values[K], unknown>>): BoundField<K, unknown> => {
    const format = options.format ?? same;
    const parse = options.parse ?? (same as (control: unknown) => Values[K]);
    return { ...text(key, options), value: format(source.values[key]), onChange: (value) => source.change(key, parse(value)) };
  };

  const checkbox = <K extends Key>(key: K, options: { readonly label: string } & Partial<ControlAdapter<Values[K], boolean>>): BoundCheckbox<K> => {
    const format = options.format ?? ((value: Values[K]) => value === true);
    const parse = options.parse ?? ((selected: boolean) => selected as Values[K]);
    return {
      name: key,
      label: options.label,
      isSelected: format(source.values[key]),
      onChange: (selected) => source.change(key, parse(selected)),
      errorMessage: source.errors[key],
    };
  };

  const textField = <K extends Key>(key: K, options: FieldText): BoundField<K, string> => ({
    ...text(key, options),
    value: source.values[key] as string,
    onChange: (value) => source.change(key, value as Values[K]),
  });

  const money = <K extends Key>(key: K, options: FieldText): BoundMoney<K> => ({
    ...textField(key, options),
    prefix: "$",
    inputMode: "decimal",
    // The text as it was when the field rendered: what the person sees when leaving it.
    onBlur: () => source.change(key, formatAmountInput(source.values[key] as string) as Values[K]),
  });

  const percent = <K extends Key>(key: K, options: FieldText): BoundPercent<K> => ({ ...textField(key, options), suffix: "%", inputMode: "decimal" });

  const file = <K extends Key>(key: K, options: FieldText): BoundFile<K> => ({
    ...text(key, options),
    onChange: (chosen) => source.change(key, chosen as Values[K]),
  });

  return { field, checkbox, money, percent, file } as Fields<Values>;
}

/** `change` for a source whose owner takes a partial update (a wizard's section, a table row). */
export const changeByPatch =
  <Values>(onPatch: (patch: Partial<Values>) => void): FieldSource<Values>["change"] =>
  (key, value) => {
    const patch: Partial<Values> = {};
    patch[key] = value;
    onPatch(patch);
  };
