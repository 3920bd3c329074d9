import { useId, type JSX } from "react";
import {
  FINANCIAL_RECORDS_STATE_LABELS,
  FINANCIAL_RECORDS_STATES,
  FUNDING_STAGE_LABELS,
  FUNDING_STAGES,
  ONBOARDING_MESSAGES,
} from "../../../../contracts/onboarding.ts";
import type { OnboardingEvent } from "../../../../machines/onboarding/onboarding.machine.ts";
import type { OnboardingView } from "../../../../machines/onboarding/selectors.ts";
import type { FieldSection, FormStep, OnboardingAnswers, Urgency } from "../../../../machines/onboarding/types.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { CheckboxGroup } from "../../../components/ui/CheckboxGroup.tsx";
import { MoneyField } from "../../../components/ui/MoneyField.tsx";
import { NumberField } from "../../../components/ui/NumberField.tsx";
import { PercentField } from "../../../components/ui/PercentField.tsx";
import { RadioGroup } from "../../../components/ui/RadioGroup.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
import { changeByPatch, fieldsOf, NO_FIELD_MESSAGES, type ControlAdapter, type FieldMessages } from "../../../lib/form-fields.ts";
import * as styles from "./OnboardingWizard.css.ts";

type Item = { readonly id: number; readonly name: string };
export type Catalogues = Record<"societies" | "tax-systems" | "interests" | "company_characteristics" | "company_attributes" | "funding_structures", ReadonlyArray<Item>>;
export type ChangeSection = <S extends FieldSection>(section: S, value: Partial<OnboardingAnswers[S]>) => void;

export const FIELD_LABELS = {
  name: "Nombre de la empresa",
  legalName: "Razón social",
  comercialName: "Nombre comercial",
  rfc: "RFC",
  rfcHint: "13 caracteres para persona física, 12 para persona moral.",
  website: "Sitio web",
  companyType: "Tipo de persona",
  society: "Tipo de sociedad",
  taxSystem: "Régimen fiscal",
  shareholder: "Accionista",
  equity: "Participación (%)",
  interests: "¿Qué buscas para tu empresa?",
  motivation: "¿Por qué quieres vender?",
  stage: "Etapa de la ronda",
  amount: "Monto de la ronda (USD)",
  done: "Monto ya levantado (USD)",
  investors: "Inversionistas comprometidos",
  useName: "Destino del capital",
  usePercentage: "Porcentaje (%)",
  records: "Estado de tus registros financieros",
  yearlySales: "Ventas del último año (MXN)",
  ebitdaMargin: "Margen EBITDA del último año (%)",
  secondSales: "Ventas del penúltimo año (MXN)",
  secondMargin: "Margen EBITDA del penúltimo año (%)",
  estimate: "Ventas estimadas de este año (MXN)",
  characteristics: "Características",
  attributes: "Atributos y modelo de negocio",
  uniqueness: "¿Qué hace única a tu empresa?",
  challenges: "Retos de la empresa",
  valuation: "Valor de la empresa que negociarías",
  structures: "Estructuras de financiamiento que aceptas",
  urgency: "Urgencia",
} as const;

const COMPANY_TYPES = [
  { id: 1, name: "Persona física", value: "fisica" },
  { id: 2, name: "Persona moral", value: "moral" },
] as const;
const URGENCY_OPTIONS: ReadonlyArray<{ readonly id: number; readonly name: string; readonly value: Urgency }> = [
  { id: 1, name: "Lo antes posible", value: "asap" },
  { id: 2, name: "Moderada", value: "moderate" },
  { id: 3, name: "Sin urgencia", value: "not_urgent" },
];
const STAGE_OPTIONS = FUNDING_STAGES.map((stage, index) => ({ id: index + 1, name: FUNDING_STAGE_LABELS[stage], value: stage }));
const RECORDS_OPTIONS = FINANCIAL_RECORDS_STATES.map((state, index) => ({ id: index + 1, name: FINANCIAL_RECORDS_STATE_LABELS[state], value: state }));

/** A choice kept as its value ("moral"), shown by a radio group or a dropdown as its option's id. */
const choice = <V,>(options: ReadonlyArray<{ readonly id: number; readonly value: V }>): ControlAdapter<V | null, number | null> => ({
  format: (value) => options.find((option) => option.value === value)?.id ?? null,
  parse: (id) => options.find((option) => option.id === id)?.value ?? null,
});

/** A row of a percentage table, whatever the machine calls its two fields. */
type PercentRow = { readonly name: string; readonly percent: number | null };

/** A percentage table (shareholders, uses of capital): rows, the total, the rule and the inline message. */
function PercentTable(props: {
  readonly legend: string;
  readonly rule: string;
  readonly nameLabel: string;
  readonly percentLabel: string;
  readonly addLabel: string;
  readonly rows: ReadonlyArray<PercentRow>;
  readonly total: number;
  readonly message: string | null;
  readonly canAdd: boolean;
  readonly onName: (index: number, name: string) => void;
  readonly onPercent: (index: number, percent: number | null) => void;
  readonly onAdd: () => void;
  readonly onRemove: (index: number) => void;
}): JSX.Element {
  const messageId = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={messageId}>
      <legend className={styles.legend}>{props.legend}</legend>
      <p className={styles.rule}>{props.rule}</p>
      {props.rows.map((row, index) => {
        // The message about the total is the table's (under the rows); a row's fields have none of their own.
        const fields = fieldsOf({
          values: row,
          errors: NO_FIELD_MESSAGES,
          change: changeByPatch((patch: Partial<PercentRow>) => {
            if (patch.name !== undefined) props.onName(index, patch.name);
            if ("percent" in patch) props.onPercent(index, patch.percent ?? null);
          }),
        });
        return (
          <div key={index} className={styles.row}>
            <TextField {...fields.field("name", { label: `${props.nameLabel} ${index + 1}` })} />
            <PercentField {...fields.field("percent", { label: `${props.percentLabel} ${index + 1}` })} />
            <Button variant="secondary" isDisabled={props.rows.length <= 1} onPress={() => props.onRemove(index)} aria-label={`Eliminar fila ${index + 1}`}>
              Eliminar
            </Button>
          </div>
        );
      })}
      <p className={styles.total}>{`Total: ${props.total}%`}</p>
      <div aria-live="polite" id={messageId}>
        {props.message === null ? null : <p className={styles.inlineError}>{props.message}</p>}
      </div>
      <div>
        <Button variant="secondary" isDisabled={!props.canAdd} onPress={props.onAdd}>
          {props.addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

export function StepFields(props: {
  readonly step: FormStep;
  readonly answers: OnboardingAnswers;
  readonly view: OnboardingView;
  readonly catalogues: Catalogues;
  readonly change: ChangeSection;
  readonly send: (event: OnboardingEvent) => void;
  /** The messages of the step's last refused Next (step 1's checks), at their fields. */
  readonly errors: FieldMessages;
}): JSX.Element {
  const { answers, view, catalogues, change, send, errors } = props;
  // One section's fields, with the messages of the last refused Next (the tables say theirs under the rows).
  const section = <S extends FieldSection>(name: S) =>
    fieldsOf({ values: answers[name], errors, change: changeByPatch((patch: Partial<OnboardingAnswers[S]>) => change(name, patch)) });
  switch (props.step) {
    case 1: {
      const general = section("general");
      return (
        <>
          {/* Its name is "name": the browser is told it is a company's, not a person's. */}
          <TextField {...general.field("name", { label: FIELD_LABELS.name })} autoComplete="organization" isRequired />
          <TextField {...general.field("legal_name", { label: FIELD_LABELS.legalName })} />
          <TextField {...general.field("comercial_name", { label: FIELD_LABELS.comercialName })} />
          <TextField {...general.field("rfc", { label: FIELD_LABELS.rfc, description: FIELD_LABELS.rfcHint })} maxLength={13} />
          <TextField {...general.field("website", { label: FIELD_LABELS.website })} type="url" />
          <RadioGroup {...general.field("company_type", { label: FIELD_LABELS.companyType, ...choice(COMPANY_TYPES) })} options={COMPANY_TYPES} />
          <Select {...general.field("society_id", { label: FIELD_LABELS.society })} options={catalogues.societies} />
          <Select {...general.field("tax_system_id", { label: FIELD_LABELS.taxSystem })} options={catalogues["tax-systems"]} />
        </>
      );
    }
    case 2:
      return (
        <PercentTable
          legend="Accionistas"
          rule={ONBOARDING_MESSAGES.equityTotal}
          nameLabel={FIELD_LABELS.shareholder}
          percentLabel={FIELD_LABELS.equity}
          addLabel="Agregar accionista"
          rows={answers.equities.map((row) => ({ name: row.shareholder, percent: row.equity }))}
          total={view.equityTotal}
          message={view.equityMessage}
          canAdd={view.canAddEquity}
          onName={(index, shareholder) => send({ type: "equity.change", index, row: { shareholder } })}
          onPercent={(index, equity) => send({ type: "equity.change", index, row: { equity } })}
          onAdd={() => send({ type: "equity.add" })}
          onRemove={(index) => send({ type: "equity.remove", index })}
        />
      );
    case 3: {
      const objective = section("objective");
      return (
        <>
          <CheckboxGroup
            {...objective.field("interests", {
              label: FIELD_LABELS.interests,
              format: (interests) => interests.map((interest) => interest.id),
              parse: (ids: ReadonlyArray<number>) => catalogues.interests.filter((item) => ids.includes(item.id)),
            })}
            options={catalogues.interests}
          />
          {view.showsSellingQuestions ? <TextAreaField {...objective.field("motivation", { label: FIELD_LABELS.motivation })} /> : null}
        </>
      );
    }
    case 4: {
      const fundingRound = section("fundingRound");
      return (
        <>
          <Select {...fundingRound.field("funding_round", { label: FIELD_LABELS.stage, ...choice(STAGE_OPTIONS) })} options={STAGE_OPTIONS} />
          <MoneyField {...fundingRound.field("funding_round_amount", { label: FIELD_LABELS.amount })} />
        </>
      );
    }
    case 5: {
      const investment = section("investment");
      return (
        <>
          <MoneyField {...investment.field("funding_round_done", { label: FIELD_LABELS.done })} />
          <NumberField {...investment.field("investors", { label: FIELD_LABELS.investors })} min={0} step={1} />
        </>
      );
    }
    case 6:
      return (
        <PercentTable
          legend="Destinos del capital"
          rule={ONBOARDING_MESSAGES.usesTotal}
          nameLabel={FIELD_LABELS.useName}
          percentLabel={FIELD_LABELS.usePercentage}
          addLabel="Agregar destino"
          rows={answers.uses.map((row) => ({ name: row.use_name, percent: row.use_percentage }))}
          total={view.usesTotal}
          message={view.usesMessage}
          canAdd={view.canAddUse}
          onName={(index, use_name) => send({ type: "use.change", index, row: { use_name } })}
          onPercent={(index, use_percentage) => send({ type: "use.change", index, row: { use_percentage } })}
          onAdd={() => send({ type: "use.add" })}
          onRemove={(index) => send({ type: "use.remove", index })}
        />
      );
    case 7: {
      const financial = section("financial");
      return (
        <>
          <Select {...financial.field("financial_records_state", { label: FIELD_LABELS.records, ...choice(RECORDS_OPTIONS) })} options={RECORDS_OPTIONS} />
          <MoneyField {...financial.field("yearly_sales", { label: FIELD_LABELS.yearlySales })} />
          <PercentField {...financial.field("ebitda_margin", { label: FIELD_LABELS.ebitdaMargin })} allowNegative />
          <MoneyField {...financial.field("second_last_year_yearly_sales", { label: FIELD_LABELS.secondSales })} />
          <PercentField {...financial.field("second_last_year_ebitda_margin", { label: FIELD_LABELS.secondMargin })} allowNegative />
          <MoneyField {...financial.field("estimate_yearly_sales", { label: FIELD_LABELS.estimate })} />
        </>
      );
    }
    case 8: {
      const characteristics = section("characteristics");
      return (
        <>
          <CheckboxGroup {...characteristics.field("characteristic_ids", { label: FIELD_LABELS.characteristics })} options={catalogues.company_characteristics} />
          <CheckboxGroup {...characteristics.field("attribute_ids", { label: FIELD_LABELS.attributes })} options={catalogues.company_attributes} />
          <TextAreaField {...characteristics.field("company_uniqueness_summary", { label: FIELD_LABELS.uniqueness })} />
          <TextAreaField {...characteristics.field("company_challenges", { label: FIELD_LABELS.challenges })} />
          {view.showsSellingQuestions ? (
            <>
              <TextField {...characteristics.field("valuation_range_negotiation", { label: FIELD_LABELS.valuation })} />
              <CheckboxGroup {...characteristics.field("funding_structure_ids", { label: FIELD_LABELS.structures })} options={catalogues.funding_structures} />
              <RadioGroup {...characteristics.field("funding_round_urgency", { label: FIELD_LABELS.urgency, ...choice(URGENCY_OPTIONS) })} options={URGENCY_OPTIONS} />
            </>
          ) : null}
        </>
      );
    }
  }
}
