import type { CatalogueItem } from "../../../../contracts/catalogues.ts";
import {
  FUNDING_STAGE_LABELS,
  FUNDING_STRUCTURE_TYPE_LABELS as STRUCTURE_TYPES,
  FINANCIAL_RECORDS_STATE_LABELS,
  SELLING_INTEREST_NAMES,
  type OnboardingSummary,
} from "../../../../contracts/onboarding.ts";

/** Spec section 2: the fallback everywhere. */
export const NOT_AVAILABLE = "No disponible";
/** Spec section 2: the label for a persona moral (or a company with a society). */
export const MORAL_TAX_LABEL = "Régimen General de Ley de Personas Morales";
/** The grey italic placeholder of an empty list. */
export const EMPTY_LIST = "Sin información registrada";

/** A trimmed, non-empty text, else 'No disponible'. */
export const orNotAvailable = (value: string | null | undefined): string => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? NOT_AVAILABLE : trimmed;
};

const sellingNames: ReadonlySet<string> = new Set(SELLING_INTEREST_NAMES);

/** Whether one of the chosen interests is a selling one ('Vender participación', 'Vender 100%'). */
export const includesSelling = (interests: ReadonlyArray<{ readonly name: string }>): boolean =>
  interests.some((interest) => sellingNames.has(interest.name));

/**
 * Spec section 2: the moral label when the company is a persona moral or has
 * a society (the equity holders' company is this company: equities carry no
 * company of their own); otherwise the regime's name by tax_system_id, else
 * 'No disponible'.
 */
export const taxRegimeLabel = (input: {
  readonly companyType: "fisica" | "moral" | null;
  readonly societyId: number | null;
  readonly taxSystemId: number | null;
  readonly taxSystems: ReadonlyArray<CatalogueItem>;
}): string => {
  if (input.companyType === "moral" || input.societyId !== null) return MORAL_TAX_LABEL;
  if (input.taxSystemId === null) return NOT_AVAILABLE;
  return orNotAvailable(input.taxSystems.find((system) => system.id === input.taxSystemId)?.name);
};

const money = (currency: "MXN" | "USD") =>
  new Intl.NumberFormat("es-MX", { style: "currency", currency, maximumFractionDigits: 2 });
const MXN = money("MXN");
const USD = money("USD");
const PERCENT = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 2 });

/** "$1,500,000.00 MXN": es-MX writes pesos as "$", so the currency is said once after the figure. */
export const formatPesos = (value: number | null): string => (value === null ? NOT_AVAILABLE : `${MXN.format(value)} MXN`);
/** "USD 250,000.00": es-MX already names the currency before the figure. */
export const formatDollars = (value: number | null): string => (value === null ? NOT_AVAILABLE : USD.format(value));
const formatCount = (value: number | null): string => (value === null ? NOT_AVAILABLE : String(value));

const COMPANY_TYPE_LABELS = { fisica: "Persona física", moral: "Persona moral" } as const;
const URGENCY_LABELS = { asap: "Lo antes posible", moderate: "Moderada", not_urgent: "Sin urgencia" } as const;

/** A funding structure by its name, with its kind only when the name does not already say it ("Capital", not "Capital (Capital)"). */
export const structureLabel = (structure: { readonly name: string; readonly type: keyof typeof STRUCTURE_TYPES }): string => {
  const kind = STRUCTURE_TYPES[structure.type];
  return structure.name.trim().toLocaleLowerCase("es-MX") === kind.toLocaleLowerCase("es-MX") ? structure.name : `${structure.name} (${kind})`;
};
export const formatPercent = (value: number | null): string => (value === null ? NOT_AVAILABLE : `${PERCENT.format(value)} %`);

/** How much of the round is raised, as a percentage (0 when the round is 0). */
export const roundProgress = (done: number, amount: number): number => (amount <= 0 ? 0 : Math.min(100, Math.round((done / amount) * 100)));

/** One labelled value of a section. */
export interface Field {
  readonly label: string;
  readonly value: string;
}

/** One section: either fields or a list (an empty list shows the placeholder). */
export interface Section {
  readonly id: string;
  readonly title: string;
  readonly fields?: ReadonlyArray<Field>;
  readonly items?: ReadonlyArray<string>;
}

export interface CompanyExtras {
  readonly societyName: string | null;
  readonly societyId: number | null;
  readonly taxSystems: ReadonlyArray<CatalogueItem>;
}

/**
 * The summary's sections in the spec's order (section 2), with its rules:
 * the funding round and capital growth only when no selling interest is
 * chosen, funding structures only when one is. `year` is the current year:
 * the financial info names last year, the year before and this year's estimate.
 */
export const summarySections = (summary: OnboardingSummary, company: CompanyExtras, year: number): ReadonlyArray<Section> => {
  const info = summary.general_information;
  const selling = includesSelling(summary.interests);
  const round = summary.company_funding_round;
  const sections: Array<Section> = [
    {
      id: "general",
      title: "Datos generales de la empresa",
      fields: [
        { label: "Nombre de la empresa", value: orNotAvailable(info.name) },
        { label: "Nombre comercial", value: orNotAvailable(info.comercial_name) },
        { label: "Razón social", value: orNotAvailable(info.legal_name) },
        { label: "RFC", value: orNotAvailable(info.rfc) },
        { label: "Sitio web", value: orNotAvailable(info.website) },
        { label: "Tipo de persona", value: info.company_type === null ? NOT_AVAILABLE : COMPANY_TYPE_LABELS[info.company_type] },
        { label: "Sociedad", value: orNotAvailable(company.societyName) },
        {
          label: "Régimen fiscal",
          value: taxRegimeLabel({
            companyType: info.company_type,
            societyId: info.society_id ?? company.societyId,
            taxSystemId: info.tax_system_id,
            taxSystems: company.taxSystems,
          }),
        },
      ],
    },
    {
      id: "accionistas",
      title: "Accionistas",
      items: summary.company_equities.map((equity) => `${orNotAvailable(equity.shareholder)}: ${formatPercent(equity.equity)}`),
    },
    { id: "intereses", title: "Intereses", items: summary.interests.map((interest) => interest.name) },
  ];
  if (!selling) {
    sections.push(
      {
        id: "ronda",
        title: "Ronda de inversión",
        fields: [
          { label: "Etapa", value: round === null ? NOT_AVAILABLE : FUNDING_STAGE_LABELS[round.funding_round] },
          { label: "Monto de la ronda", value: formatDollars(round?.funding_round_amount ?? null) },
          { label: "Monto levantado", value: formatDollars(round?.funding_round_done ?? null) },
        ],
      },
      {
        id: "crecimiento",
        title: "Capital para crecimiento",
        fields: [
          { label: "Monto", value: formatDollars(round?.funding_round_amount ?? null) },
          {
            label: "Nivel de avance",
            value:
              round === null || round.funding_round_done === null
                ? NOT_AVAILABLE
                : formatPercent(roundProgress(round.funding_round_done, round.funding_round_amount)),
          },
          { label: "Inversionistas comprometidos", value: formatCount(round?.investors ?? null) },
        ],
      },
    );
  }
  sections.push(
    {
      id: "usos",
      title: "Uso del capital",
      items: summary.company_funding_rounds_uses.map((use) => `${orNotAvailable(use.use_name)}: ${formatPercent(use.use_percentage)}`),
    },
    {
      id: "financiera",
      title: "Información financiera",
      fields: [
        {
          label: "Estado de los registros",
          value: info.financial_records_state === null ? NOT_AVAILABLE : FINANCIAL_RECORDS_STATE_LABELS[info.financial_records_state],
        },
        { label: `Ventas ${year - 2}`, value: formatPesos(info.second_last_year_yearly_sales) },
        { label: `Margen EBITDA ${year - 2}`, value: formatPercent(info.second_last_year_ebitda_margin) },
        { label: `Ventas ${year - 1}`, value: formatPesos(info.yearly_sales) },
        { label: `Margen EBITDA ${year - 1}`, value: formatPercent(info.ebitda_margin) },
        { label: `Ventas estimadas ${year}`, value: formatPesos(info.estimate_yearly_sales) },
      ],
    },
    { id: "caracteristicas", title: "Características", items: summary.companyCharacteristics.map((item) => item.name) },
    { id: "atributos", title: "Atributos / modelo de negocio", items: summary.companyAttributes.map((item) => item.name) },
    {
      id: "mas-informacion",
      title: "Más información",
      fields: [
        { label: "¿Qué hace única a tu empresa?", value: orNotAvailable(info.company_uniqueness_summary) },
        { label: "Retos", value: orNotAvailable(info.company_challenges) },
      ],
    },
  );
  if (selling) {
    sections.push(
      {
        id: "venta",
        title: "Venta",
        fields: [
          { label: "¿Por qué quieres vender?", value: orNotAvailable(info.motivation) },
          // The asking price, as the seller wrote it ("$45 millones").
          { label: "Valor de la empresa que negociarías", value: orNotAvailable(info.valuation_range_negotiation) },
          { label: "Urgencia", value: URGENCY_LABELS[info.funding_round_urgency] },
        ],
      },
      {
        id: "estructuras",
        title: "Estructuras de financiamiento",
        items: summary.fundingStructures.map(structureLabel),
      },
    );
  }
  return sections;
};
