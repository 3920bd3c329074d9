import { Schema } from "effect";
import { COMPANY_NOT_FOUND_MESSAGE, CompanyIdParams } from "./companies.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.ts";
import { boundedText, optionalEmail, optionalPhone, POSTGRES_INT_MAX, requiredEmail, requiredId, requiredPhone, trimmedString } from "./fields.ts";

/**
 * Buyer mandates (issue 28, docs/decisions/033-buyer-mandates.md): a buyer,
 * signed in or not, tells us what company they are looking for: sectors,
 * states, size (annual sales and/or EBITDA ranges), ticket, deal type and a
 * short description. The spec lists `POST buyer_leads` with its payload not
 * shown; this is it.
 *
 * The criteria are the marketplace's own catalogues (industries, INEGI
 * states, sales and EBITDA ranges, investment sizes), and the deal type reads
 * the listing's interests, so a mandate matches a listing exactly as the
 * marketplace's filters would. An empty list means "any". A visitor also
 * leaves name, e-mail and phone; a signed-in account is contacted through
 * the account's own.
 */

export const BUYER_LEAD_MAX_INDUSTRIES = 5;
export const BUYER_LEAD_DESCRIPTION_MIN = 20;
export const BUYER_LEAD_DESCRIPTION_MAX = 1000;
/** A mandate is matched (e-mails, sellers' counts) for this many days after it is left. */
export const BUYER_LEAD_ACTIVE_DAYS = 180;
/** How many of the listings that match now the answer names (the count covers all of them). */
export const BUYER_LEAD_MATCHES_SHOWN = 6;
const NAME_MAX = 120;

// --- Deal type: the listing's interests, seen from the buyer's side ---------------------

export const DEAL_TYPES = ["buy", "invest", "either"] as const;
export const DealType = Schema.Literal(...DEAL_TYPES);
export type DealType = typeof DealType.Type;

export const DEAL_TYPE_LABELS: Readonly<Record<DealType, string>> = {
  buy: "Comprar una empresa",
  invest: "Invertir en una empresa",
  either: "Cualquiera de las dos",
};

/**
 * The listing interests (the interests catalogue, by name, as the onboarding
 * names them in contracts/onboarding.ts) a deal type looks for: buying takes
 * a company whose owner sells it whole or seeks a merger; investing, one
 * that raises growth capital or sells a stake. `either`: any listing.
 */
export const DEAL_TYPE_INTERESTS: Readonly<Record<DealType, ReadonlyArray<string>>> = {
  buy: ["Vender 100%", "Fusión"],
  invest: ["Capital para crecimiento", "Vender participación"],
  either: [],
};

// --- Messages ---------------------------------------------------------------------------

export const BUYER_LEAD_MESSAGES = {
  industries: "Elige al menos un sector",
  tooManyIndustries: `Elige como máximo ${BUYER_LEAD_MAX_INDUSTRIES} sectores`,
  invalidIndustries: "Elige los sectores de la lista",
  invalidStates: "Elige los estados de la lista",
  invalidSalesRanges: "Elige los rangos de ventas de la lista",
  invalidEbitdaRanges: "Elige los rangos de EBITDA de la lista",
  size: "Elige al menos un rango de ventas anuales o de EBITDA",
  // The spec's message for the buyer's ticket (section 5, buyer registration).
  ticket: "Debes seleccionar tu ticket de inversión",
  dealType: "Elige qué tipo de operación buscas",
  description: "Describe la empresa que buscas",
  descriptionTooShort: `Cuéntanos un poco más: al menos ${BUYER_LEAD_DESCRIPTION_MIN} caracteres`,
  descriptionTooLong: `La descripción puede tener como máximo ${BUYER_LEAD_DESCRIPTION_MAX.toLocaleString("es-MX")} caracteres`,
  // The spec's contact messages (section 5).
  name: "Debes ingresar tu nombre",
  nameTooLong: `El nombre no puede tener más de ${NAME_MAX} caracteres`,
  email: "Debes ingresar tu email",
  phone: "Debes ingresar tu teléfono",
  tooMany: "Recibimos varias búsquedas seguidas. Espera un rato e intenta de nuevo.",
} as const;

// --- Request ----------------------------------------------------------------------------

/** Catalogue ids: each a positive integer an id column holds, at most `max`, none twice. */
const idList = (message: string, max: number, tooMany: string = message) =>
  Schema.Array(
    Schema.Number.annotations({ message: () => message }).pipe(
      Schema.int({ message: () => message }),
      Schema.between(1, POSTGRES_INT_MAX, { message: () => message }),
    ),
  )
    .annotations({ message: () => message })
    .pipe(
      Schema.maxItems(max, { message: () => tooMany }),
      Schema.filter((ids) => new Set(ids).size === ids.length, { message: () => message }),
    );

/** An optional list of ids: absent is "any" (an empty list). */
const anyOf = (message: string, max: number) => Schema.optionalWith(idList(message, max), { default: () => [] });

/** What the buyer looks for: the criteria every mandate has, the visitor's and the member's. */
const criteriaFields = {
  industry_ids: Schema.propertySignature(
    idList(BUYER_LEAD_MESSAGES.invalidIndustries, BUYER_LEAD_MAX_INDUSTRIES, BUYER_LEAD_MESSAGES.tooManyIndustries).pipe(
      Schema.minItems(1, { message: () => BUYER_LEAD_MESSAGES.industries }),
    ),
  ).annotations({ missingMessage: () => BUYER_LEAD_MESSAGES.industries }),
  // 32 INEGI states; the ranges' catalogues are shorter still (the server checks every id exists).
  state_ids: anyOf(BUYER_LEAD_MESSAGES.invalidStates, 32),
  sales_range_ids: anyOf(BUYER_LEAD_MESSAGES.invalidSalesRanges, 20),
  ebitda_range_ids: anyOf(BUYER_LEAD_MESSAGES.invalidEbitdaRanges, 20),
  investment_size_id: requiredId(BUYER_LEAD_MESSAGES.ticket),
  deal_type: Schema.propertySignature(DealType.annotations({ message: () => ({ message: BUYER_LEAD_MESSAGES.dealType, override: true }) })).annotations({
    missingMessage: () => BUYER_LEAD_MESSAGES.dealType,
  }),
  description: Schema.propertySignature(
    trimmedString(BUYER_LEAD_MESSAGES.description).pipe(
      Schema.minLength(1, { message: () => BUYER_LEAD_MESSAGES.description }),
      Schema.maxLength(BUYER_LEAD_DESCRIPTION_MAX, { message: () => BUYER_LEAD_MESSAGES.descriptionTooLong }),
      Schema.minLength(BUYER_LEAD_DESCRIPTION_MIN, { message: () => BUYER_LEAD_MESSAGES.descriptionTooShort }),
    ),
  ).annotations({ missingMessage: () => BUYER_LEAD_MESSAGES.description }),
};

interface SizeChoice {
  readonly sales_range_ids: ReadonlyArray<number>;
  readonly ebitda_range_ids: ReadonlyArray<number>;
}

/** The size is annual sales and/or EBITDA: at least one range of either. The message goes under the sales ranges. */
export const sizeIssue = (value: SizeChoice): { readonly path: ReadonlyArray<string>; readonly message: string } | null =>
  value.sales_range_ids.length === 0 && value.ebitda_range_ids.length === 0 ? { path: ["sales_range_ids"], message: BUYER_LEAD_MESSAGES.size } : null;

const sizeRule = <A extends SizeChoice>(value: A) => sizeIssue(value) ?? true;

/** The visitor's contact (spec section 5's messages; the e-mail and phone rules of the contact form). */
export const VisitorContact = Schema.Struct({
  name: boundedText(BUYER_LEAD_MESSAGES.name, NAME_MAX, BUYER_LEAD_MESSAGES.nameTooLong),
  email: requiredEmail(BUYER_LEAD_MESSAGES.email),
  phone: requiredPhone(BUYER_LEAD_MESSAGES.phone),
});
export type VisitorContact = typeof VisitorContact.Type;

/**
 * POST /buyer_leads. `name`, `email` and `phone` are the visitor's contact:
 * required without a session (the server answers their messages), ignored
 * with one (the account is the contact).
 */
export const BuyerLeadRequest = Schema.Struct({
  ...criteriaFields,
  name: Schema.optional(
    trimmedString(BUYER_LEAD_MESSAGES.name).pipe(
      Schema.minLength(1, { message: () => BUYER_LEAD_MESSAGES.name }),
      Schema.maxLength(NAME_MAX, { message: () => BUYER_LEAD_MESSAGES.nameTooLong }),
    ),
  ),
  email: optionalEmail(BUYER_LEAD_MESSAGES.email),
  phone: optionalPhone(BUYER_LEAD_MESSAGES.phone),
}).pipe(Schema.filter(sizeRule));
export type BuyerLeadRequest = typeof BuyerLeadRequest.Type;

/** The form a visitor fills: the criteria and the contact, all validated before sending. */
export const BuyerLeadVisitorForm = Schema.Struct({ ...criteriaFields, ...VisitorContact.fields }).pipe(Schema.filter(sizeRule));
/** The form a signed-in account fills: the criteria only. */
export const BuyerLeadMemberForm = Schema.Struct(criteriaFields).pipe(Schema.filter(sizeRule));

// --- Answers ----------------------------------------------------------------------------

/** A listing that matches, by its public reference only (the card's `human_id`): never a name. */
export const MatchingListing = Schema.Struct({ id: Schema.Int, human_id: Schema.String });

export const BuyerLeadResponse = Schema.Struct({
  id: Schema.Int,
  /** Listings in the marketplace that match the mandate now. */
  matching_listings: Schema.Int,
  /** The newest BUYER_LEAD_MATCHES_SHOWN of them. */
  matches: Schema.Array(MatchingListing),
  /** Where the matches of new listings will be e-mailed. */
  contact_email: Schema.String,
  /** Until when new listings are matched (BUYER_LEAD_ACTIVE_DAYS). */
  active_until: Schema.String,
});
export type BuyerLeadResponse = typeof BuyerLeadResponse.Type;

/** The owner's view: how many active mandates match the company. Counts only: never who. */
export const CompanyBuyerLeadMatches = Schema.Struct({
  company_id: Schema.Int,
  /** Active mandates whose criteria the company meets (the owner's own excluded). */
  matching: Schema.Int,
});
export type CompanyBuyerLeadMatches = typeof CompanyBuyerLeadMatches.Type;

// --- Endpoints --------------------------------------------------------------------------

const unknown = (what: string) => ({ status: 400, message: `${what} no existe. Elige una opción de la lista.` }) as const;

export const BUYER_LEAD_ERRORS = {
  unknownIndustry: unknown("Uno de los sectores elegidos"),
  unknownState: unknown("Uno de los estados elegidos"),
  unknownSalesRange: unknown("Uno de los rangos de ventas elegidos"),
  unknownEbitdaRange: unknown("Uno de los rangos de EBITDA elegidos"),
  unknownTicket: unknown("El ticket de inversión elegido"),
  tooMany: { status: 429, message: BUYER_LEAD_MESSAGES.tooMany },
} as const;

/** POST /buyer_leads: a mandate is stored, the team told, and the listings that match now counted. */
export const createBuyerLeadEndpoint = defineEndpoint({
  method: "POST",
  path: "/buyer_leads",
  summary: "Store what company a buyer looks for (a mandate), notify the team, and answer how many listings match now; new matching listings are e-mailed later.",
  access: { who: "anyone" },
  body: BuyerLeadRequest,
  response: BuyerLeadResponse,
  status: 201,
  errors: BUYER_LEAD_ERRORS,
});

/** GET /companies/{id}/buyer_lead_matches: how many active mandates match the company (owner or admin). */
export const getCompanyBuyerLeadMatchesEndpoint = defineEndpoint({
  method: "GET",
  path: "/companies/:id/buyer_lead_matches",
  summary: "How many active buyer mandates match the company (counts only, never who); its owner or an admin.",
  access: { who: "companyManager" },
  params: CompanyIdParams,
  response: CompanyBuyerLeadMatches,
  errors: { notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE } },
});

export const BUYER_LEAD_ENDPOINTS: ReadonlyArray<Endpoint> = [createBuyerLeadEndpoint, getCompanyBuyerLeadMatchesEndpoint];
