import type { JSX } from "react";
import { VALUATION_LOCATIONS, VALUATION_REASONS } from "../../../../contracts/valuations.ts";
import { summaryRows, type ValuationView } from "../../../../machines/valuation/selectors.ts";
import type { FormStep, ValuationAnswers } from "../../../../machines/valuation/types.ts";
import type { ValuationChange } from "../../../../machines/valuation/valuation.machine.ts";
import { Select, type SelectOption } from "../../../components/ui/Select.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { fieldsOf } from "../../../lib/form-fields.ts";
import { AmountField } from "./AmountField.tsx";
import * as styles from "./ValuationWizard.css.ts";

export const FIELD_LABELS = {
  email: "Email",
  firstName: "Nombre",
  lastName: "Apellido",
  industryId: "Industria",
  location: "Ubicación",
  revenue: "Ventas anuales",
  ebitda: "EBITDA anual",
  growth: "Crecimiento anual esperado (%)",
  reason: "Motivo de la valuación",
  website: "Sitio web (opcional)",
} as const;

const HINTS = {
  step1: "Con estos datos registramos tu solicitud. Solo te contactaremos si nos pides ayuda con tu valuación.",
  location: "En México las cifras van en pesos (MXN); en los demás países, en dólares estadounidenses (USD).",
  revenue: "Las ventas del último año, sin IVA.",
  ebitda:
    "Opcional. Utilidad antes de intereses, impuestos, depreciaciones y amortizaciones. Si no la conoces, usa tu utilidad de operación; si la dejas vacía, usamos el margen típico de tu industria.",
  growth: "Opcional. Cuánto esperas que crezcan tus ventas cada año. Puede ser negativo, por ejemplo -5. Si lo dejas vacío, usamos un crecimiento neutro.",
  reason: "Opcional. No cambia el cálculo.",
  website: "Por ejemplo, tuempresa.com.mx",
  review: "Revisa tus respuestas. Si algo no está bien, regresa y corrígelo.",
} as const;

/** Step 1's fields, with what the browser may fill in. */
const PERSON_FIELDS = [
  { field: "email", type: "email", autoComplete: "email", maxLength: 254 },
  { field: "firstName", autoComplete: "given-name", maxLength: 79 },
  { field: "lastName", autoComplete: "family-name", maxLength: 79 },
] as const;

/** Step 3's figures: amounts in the location's currency with "$", growth in "%". */
const FIGURE_FIELDS = [
  { field: "revenue", prefix: "$" },
  { field: "ebitda", prefix: "$" },
  { field: "growth", suffix: "%" },
] as const;

/** Sends one field's new value (the machine keeps only what the step accepts). */
export type SendChange = (change: ValuationChange) => void;

/** The fields of steps 1–3 (spec section 4), with the contract's messages under them. */
export function StepFields(props: {
  readonly step: FormStep;
  readonly answers: ValuationAnswers;
  readonly view: ValuationView;
  readonly industries: ReadonlyArray<SelectOption>;
  readonly change: SendChange;
}): JSX.Element {
  const { answers, view, change } = props;
  // The machine keeps the answers and says the step's messages (after a refused Next).
  const fields = fieldsOf({
    values: answers,
    errors: view.errors,
    change: (field, value) => change({ type: "valuation.change", field, value } as ValuationChange),
  });
  switch (props.step) {
    case 1:
      return (
        <>
          <p className={styles.hint}>{HINTS.step1}</p>
          {PERSON_FIELDS.map(({ field, ...input }) => (
            <TextField key={field} {...fields.field(field, { label: FIELD_LABELS[field] })} {...input} isRequired />
          ))}
        </>
      );
    case 2:
      return (
        <>
          <Select {...fields.field("industryId", { label: FIELD_LABELS.industryId })} options={props.industries} />
          <Select {...fields.field("location", { label: FIELD_LABELS.location, description: HINTS.location })} options={VALUATION_LOCATIONS} />
        </>
      );
    case 3: {
      const currency = view.currency ?? "MXN";
      return (
        <>
          {FIGURE_FIELDS.map(({ field, ...input }) => (
            <AmountField
              key={field}
              {...fields.field(field, {
                label: field === "growth" ? FIELD_LABELS.growth : `${FIELD_LABELS[field]} (${currency})`,
                description: HINTS[field],
              })}
              {...input}
              isRequired={field === "revenue"}
            />
          ))}
          <Select {...fields.field("reason", { label: FIELD_LABELS.reason, description: HINTS.reason })} options={VALUATION_REASONS} />
          <TextField
            {...fields.field("website", { label: FIELD_LABELS.website, description: HINTS.website })}
            inputMode="url"
            autoComplete="url"
            maxLength={253}
          />
        </>
      );
    }
  }
}

/** Step 4: the answers as they will be sent, to check before 'Ver mi valuación'. */
export function ReviewAnswers(props: { readonly answers: ValuationAnswers; readonly industries: ReadonlyArray<SelectOption> }): JSX.Element {
  const industryName = props.industries.find((industry) => industry.id === props.answers.industryId)?.name ?? "";
  return (
    <>
      <p className={styles.hint}>{HINTS.review}</p>
      <dl className={styles.summary}>
        {summaryRows(props.answers, industryName).map((row) => (
          <div key={row.label} className={styles.summaryRow}>
            <dt className={styles.summaryLabel}>{row.label}</dt>
            <dd className={styles.summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
