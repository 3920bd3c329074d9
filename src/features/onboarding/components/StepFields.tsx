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
import { Checkbox } from "../../../components/ui/Checkbox.tsx";
import { RadioGroup } from "../../../components/ui/RadioGroup.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { TextAreaField } from "../../../components/ui/TextAreaField.tsx";
import { TextField } from "../../../components/ui/TextField.tsx";
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

const idOf = <V,>(options: ReadonlyArray<{ readonly id: number; readonly value: V }>, value: V | null): number | null =>
  options.find((option) => option.value === value)?.id ?? null;
const valueOf = <V,>(options: ReadonlyArray<{ readonly id: number; readonly value: V }>, id: number | null): V | null =>
  options.find((option) => option.id === id)?.value ?? null;

/** An empty input is null; the browser keeps non-numbers out of type=number. */
const toNumber = (text: string): number | null => (text.trim() === "" || !Number.isFinite(Number(text)) ? null : Number(text));

function NumberInput(props: {
  readonly label: string;
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}): JSX.Element {
  const id = useId();
  return (
    <div className={styles.numberField}>
      <label htmlFor={id} className={styles.numberLabel}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.numberInput}
        type="number"
        inputMode="decimal"
        min={props.min}
        max={props.max}
        step={props.step ?? 0.01}
        value={props.value ?? ""}
        onChange={(event) => props.onChange(toNumber(event.target.value))}
      />
    </div>
  );
}

function CheckboxList(props: {
  readonly legend: string;
  readonly options: ReadonlyArray<Item>;
  readonly selected: ReadonlyArray<number>;
  readonly onChange: (ids: number[]) => void;
}): JSX.Element {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{props.legend}</legend>
      {props.options.map((option) => (
        <Checkbox
          key={option.id}
          isSelected={props.selected.includes(option.id)}
          onChange={(isSelected) => props.onChange(isSelected ? [...props.selected, option.id] : props.selected.filter((id) => id !== option.id))}
        >
          {option.name}
        </Checkbox>
      ))}
    </fieldset>
  );
}

/** A percentage table (shareholders, uses of capital): rows, the total, the rule and the inline message. */
function PercentTable(props: {
  readonly legend: string;
  readonly rule: string;
  readonly nameLabel: string;
  readonly percentLabel: string;
  readonly addLabel: string;
  readonly rows: ReadonlyArray<{ readonly name: string; readonly percent: number | null }>;
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
      {props.rows.map((row, index) => (
        <div key={index} className={styles.row}>
          <TextField label={`${props.nameLabel} ${index + 1}`} value={row.name} onChange={(name) => props.onName(index, name)} />
          <NumberInput label={`${props.percentLabel} ${index + 1}`} value={row.percent} min={0} max={100} step={0.01} onChange={(value) => props.onPercent(index, value)} />
          <Button variant="secondary" isDisabled={props.rows.length <= 1} onPress={() => props.onRemove(index)} aria-label={`Eliminar fila ${index + 1}`}>
            Eliminar
          </Button>
        </div>
      ))}
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
}): JSX.Element {
  const { answers, view, catalogues, change, send } = props;
  switch (props.step) {
    case 1: {
      const general = answers.general;
      return (
        <>
          <TextField label={FIELD_LABELS.name} isRequired value={general.name} onChange={(name) => change("general", { name })} />
          <TextField label={FIELD_LABELS.legalName} value={general.legal_name} onChange={(legal_name) => change("general", { legal_name })} />
          <TextField label={FIELD_LABELS.comercialName} value={general.comercial_name} onChange={(comercial_name) => change("general", { comercial_name })} />
          <TextField label={FIELD_LABELS.rfc} description={FIELD_LABELS.rfcHint} maxLength={13} value={general.rfc} onChange={(rfc) => change("general", { rfc })} />
          <TextField label={FIELD_LABELS.website} type="url" value={general.website} onChange={(website) => change("general", { website })} />
          <RadioGroup
            label={FIELD_LABELS.companyType}
            options={COMPANY_TYPES}
            value={idOf(COMPANY_TYPES, general.company_type)}
            onChange={(id) => change("general", { company_type: valueOf(COMPANY_TYPES, id) })}
          />
          <Select label={FIELD_LABELS.society} options={catalogues.societies} value={general.society_id} onChange={(society_id) => change("general", { society_id })} />
          <Select label={FIELD_LABELS.taxSystem} options={catalogues["tax-systems"]} value={general.tax_system_id} onChange={(tax_system_id) => change("general", { tax_system_id })} />
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
      const chosen = answers.objective.interests.map((interest) => interest.id);
      return (
        <>
          <CheckboxList
            legend={FIELD_LABELS.interests}
            options={catalogues.interests}
            selected={chosen}
            onChange={(ids) => change("objective", { interests: catalogues.interests.filter((item) => ids.includes(item.id)) })}
          />
          {view.showsSellingQuestions ? (
            <TextAreaField label={FIELD_LABELS.motivation} value={answers.objective.motivation} onChange={(motivation) => change("objective", { motivation })} />
          ) : null}
        </>
      );
    }
    case 4:
      return (
        <>
          <Select
            label={FIELD_LABELS.stage}
            options={STAGE_OPTIONS}
            value={idOf(STAGE_OPTIONS, answers.fundingRound.funding_round)}
            onChange={(id) => change("fundingRound", { funding_round: valueOf(STAGE_OPTIONS, id) })}
          />
          <NumberInput label={FIELD_LABELS.amount} min={0} value={answers.fundingRound.funding_round_amount} onChange={(funding_round_amount) => change("fundingRound", { funding_round_amount })} />
        </>
      );
    case 5:
      return (
        <>
          <NumberInput label={FIELD_LABELS.done} min={0} value={answers.investment.funding_round_done} onChange={(funding_round_done) => change("investment", { funding_round_done })} />
          <TextField label={FIELD_LABELS.investors} inputMode="numeric" value={answers.investment.investors} onChange={(investors) => change("investment", { investors })} />
        </>
      );
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
      const financial = answers.financial;
      return (
        <>
          <Select
            label={FIELD_LABELS.records}
            options={RECORDS_OPTIONS}
            value={idOf(RECORDS_OPTIONS, financial.financial_records_state)}
            onChange={(id) => change("financial", { financial_records_state: valueOf(RECORDS_OPTIONS, id) })}
          />
          <NumberInput label={FIELD_LABELS.yearlySales} min={0} value={financial.yearly_sales} onChange={(yearly_sales) => change("financial", { yearly_sales })} />
          <NumberInput label={FIELD_LABELS.ebitdaMargin} min={-100} max={100} value={financial.ebitda_margin} onChange={(ebitda_margin) => change("financial", { ebitda_margin })} />
          <NumberInput label={FIELD_LABELS.secondSales} min={0} value={financial.second_last_year_yearly_sales} onChange={(second_last_year_yearly_sales) => change("financial", { second_last_year_yearly_sales })} />
          <NumberInput label={FIELD_LABELS.secondMargin} min={-100} max={100} value={financial.second_last_year_ebitda_margin} onChange={(second_last_year_ebitda_margin) => change("financial", { second_last_year_ebitda_margin })} />
          <NumberInput label={FIELD_LABELS.estimate} min={0} value={financial.estimate_yearly_sales} onChange={(estimate_yearly_sales) => change("financial", { estimate_yearly_sales })} />
        </>
      );
    }
    case 8: {
      const c = answers.characteristics;
      return (
        <>
          <CheckboxList legend={FIELD_LABELS.characteristics} options={catalogues.company_characteristics} selected={c.characteristic_ids} onChange={(characteristic_ids) => change("characteristics", { characteristic_ids })} />
          <CheckboxList legend={FIELD_LABELS.attributes} options={catalogues.company_attributes} selected={c.attribute_ids} onChange={(attribute_ids) => change("characteristics", { attribute_ids })} />
          <TextAreaField label={FIELD_LABELS.uniqueness} value={c.company_uniqueness_summary} onChange={(company_uniqueness_summary) => change("characteristics", { company_uniqueness_summary })} />
          <TextAreaField label={FIELD_LABELS.challenges} value={c.company_challenges} onChange={(company_challenges) => change("characteristics", { company_challenges })} />
          {view.showsSellingQuestions ? (
            <>
              <TextField label={FIELD_LABELS.valuation} value={c.valuation_range_negotiation} onChange={(valuation_range_negotiation) => change("characteristics", { valuation_range_negotiation })} />
              <CheckboxList legend={FIELD_LABELS.structures} options={catalogues.funding_structures} selected={c.funding_structure_ids} onChange={(funding_structure_ids) => change("characteristics", { funding_structure_ids })} />
              <RadioGroup
                label={FIELD_LABELS.urgency}
                options={URGENCY_OPTIONS}
                value={idOf(URGENCY_OPTIONS, c.funding_round_urgency)}
                onChange={(id) => change("characteristics", { funding_round_urgency: valueOf(URGENCY_OPTIONS, id) })}
              />
            </>
          ) : null}
        </>
      );
    }
  }
}
