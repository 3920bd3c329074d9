import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText, lowercaseEmail, newPassword, optionalText, requiredId } from "./fields.ts";

/**
 * Public sign-up (spec sections 3 and 5): POST /buyers and POST /sellers.
 * The form schemas use the form's field names (flat, as the user fills
 * them); the request schemas are the wire payloads. Both carry the spec's
 * Spanish messages, so the form, the server and the tests agree.
 */

const NAME = boundedText("Debes ingresar tu nombre", 120);
const PHONE = boundedText("Debes ingresar tu teléfono", 30);
const EMAIL = lowercaseEmail("Debes ingresar tu email");

// --- Buyer -------------------------------------------------------------------

export const ACCEPT_TERMS_MESSAGE = "Debes aceptar los términos y condiciones para crear tu cuenta";

const buyerProfileFields = {
  buyer_description_id: requiredId("Debes seleccionar la opción que mejor te describe"),
  state_id: requiredId("Debes seleccionar tu estado"),
  investment_description_summary: boundedText("Debes describir tu tesis de inversión", 2000),
  investment_size_id: requiredId("Debes seleccionar tu ticket de inversión"),
};

/** POST /buyers. acceptTerms stays on the form and is not sent. */
export const BuyerRegistrationRequest = Schema.Struct({
  ...buyerProfileFields,
  user: Schema.Struct({
    email: EMAIL,
    password: newPassword(),
    phone: PHONE,
    name: NAME,
    website: optionalText(300),
  }),
});
export type BuyerRegistrationRequest = typeof BuyerRegistrationRequest.Type;

/** The buyer form on /registro, in the order the fields are shown. */
export const BuyerRegistrationForm = Schema.Struct({
  name: NAME,
  buyer_description_id: buyerProfileFields.buyer_description_id,
  state_id: buyerProfileFields.state_id,
  investment_description_summary: buyerProfileFields.investment_description_summary,
  investment_size_id: buyerProfileFields.investment_size_id,
  email: EMAIL,
  phone: PHONE,
  password: newPassword(),
  website: optionalText(300),
  acceptTerms: Schema.propertySignature(
    Schema.Boolean.annotations({ message: () => ACCEPT_TERMS_MESSAGE }).pipe(
      Schema.filter((accepted) => accepted, { message: () => ACCEPT_TERMS_MESSAGE }),
    ),
  ).annotations({ missingMessage: () => ACCEPT_TERMS_MESSAGE }),
});
export type BuyerRegistrationForm = typeof BuyerRegistrationForm.Type;

/** The wire payload from a decoded form: nested user, acceptTerms dropped. */
export const buyerRequestFromForm = (form: BuyerRegistrationForm): typeof BuyerRegistrationRequest.Encoded => ({
  buyer_description_id: form.buyer_description_id,
  state_id: form.state_id,
  investment_description_summary: form.investment_description_summary,
  investment_size_id: form.investment_size_id,
  user: {
    email: form.email,
    password: form.password,
    phone: form.phone,
    name: form.name,
    ...(form.website === undefined || form.website === "" ? {} : { website: form.website }),
  },
});

export const BuyerRegistrationResponse = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
});
export type BuyerRegistrationResponse = typeof BuyerRegistrationResponse.Type;

// --- Seller ------------------------------------------------------------------

export const FOUNDATION_YEAR_REQUIRED = "Debes ingresar el año de fundación";
export const FOUNDATION_YEAR_INVALID = "Ingresa un año de fundación válido";
export const HEADCOUNT_REQUIRED = "Debes ingresar el número de colaboradores";
export const HEADCOUNT_MIN = "No puede ser menor a 1";
export const HEADCOUNT_MAX = "Ingresa un número de colaboradores válido";
export const EARLIEST_FOUNDATION_YEAR = 1800;
export const MAX_HEADCOUNT = 10_000_000;

const foundationYear = Schema.Number.annotations({ message: () => FOUNDATION_YEAR_REQUIRED }).pipe(
  Schema.int({ message: () => FOUNDATION_YEAR_INVALID }),
  Schema.filter((year) => year >= EARLIEST_FOUNDATION_YEAR && year <= new Date().getFullYear(), {
    message: () => FOUNDATION_YEAR_INVALID,
  }),
);

const headcount = Schema.Number.annotations({ message: () => HEADCOUNT_REQUIRED }).pipe(
  Schema.int({ message: () => HEADCOUNT_MAX }),
  Schema.greaterThanOrEqualTo(1, { message: () => HEADCOUNT_MIN }),
  Schema.lessThanOrEqualTo(MAX_HEADCOUNT, { message: () => HEADCOUNT_MAX }),
);

/** Text typed into a digits-only input, decoded to a number (blank fails with `required`). */
const numberFromTyped = (required: string, invalid: string) =>
  Schema.compose(
    Schema.String.annotations({ message: () => required }).pipe(
      Schema.filter((value) => value.trim().length > 0, { message: () => required }),
    ),
    Schema.NumberFromString.annotations({ message: () => invalid }),
  );

const sellerCompanyFields = {
  website: boundedText("Debes ingresar la página web", 300),
  short_description: boundedText("Debes ingresar una descripción corta", 500),
  industry_id: requiredId("Debes seleccionar una industria"),
  company_type_id: requiredId("Debes seleccionar un tipo de empresa"),
  state_id: requiredId("Debes seleccionar un estado"),
  // The spec shows no message for the country; México is preselected.
  country_id: requiredId("Debes seleccionar un país"),
  interest_id: requiredId("Debes seleccionar un interés"),
  user_company_role_id: requiredId("Debes seleccionar tu rol en la empresa"),
  ebitda_range_id: requiredId("Debes seleccionar rango de EBITDA"),
};
const SALES_RANGE = requiredId("Debes seleccionar rango de ventas");
const COMPANY_NAME = boundedText("Debes ingresar el nombre de la empresa", 200);

/** POST /sellers: the seller account and the first company, created together. */
export const SellerRegistrationRequest = Schema.Struct({
  user: Schema.Struct({
    email: EMAIL,
    password: newPassword(),
    phone: PHONE,
    name: NAME,
  }),
  name: COMPANY_NAME,
  foundation_date: Schema.propertySignature(foundationYear).annotations({ missingMessage: () => FOUNDATION_YEAR_REQUIRED }),
  headcount: Schema.propertySignature(headcount).annotations({ missingMessage: () => HEADCOUNT_REQUIRED }),
  ...sellerCompanyFields,
  yearly_sales_range_id: SALES_RANGE,
});
export type SellerRegistrationRequest = typeof SellerRegistrationRequest.Type;

/** The seller form on /vende-tu-empresa (form names: username, companyname, sales_range_id). */
export const SellerRegistrationForm = Schema.Struct({
  email: EMAIL,
  password: newPassword(),
  phone: PHONE,
  username: NAME,
  companyname: COMPANY_NAME,
  website: sellerCompanyFields.website,
  foundation_date: Schema.propertySignature(
    numberFromTyped(FOUNDATION_YEAR_REQUIRED, FOUNDATION_YEAR_INVALID).pipe(
      Schema.int({ message: () => FOUNDATION_YEAR_INVALID }),
      Schema.filter((year) => year >= EARLIEST_FOUNDATION_YEAR && year <= new Date().getFullYear(), {
        message: () => FOUNDATION_YEAR_INVALID,
      }),
    ),
  ).annotations({ missingMessage: () => FOUNDATION_YEAR_REQUIRED }),
  headcount: Schema.propertySignature(
    numberFromTyped(HEADCOUNT_REQUIRED, HEADCOUNT_MAX).pipe(
      Schema.int({ message: () => HEADCOUNT_MAX }),
      Schema.greaterThanOrEqualTo(1, { message: () => HEADCOUNT_MIN }),
      Schema.lessThanOrEqualTo(MAX_HEADCOUNT, { message: () => HEADCOUNT_MAX }),
    ),
  ).annotations({ missingMessage: () => HEADCOUNT_REQUIRED }),
  short_description: sellerCompanyFields.short_description,
  industry_id: sellerCompanyFields.industry_id,
  company_type_id: sellerCompanyFields.company_type_id,
  state_id: sellerCompanyFields.state_id,
  country_id: sellerCompanyFields.country_id,
  interest_id: sellerCompanyFields.interest_id,
  user_company_role_id: sellerCompanyFields.user_company_role_id,
  ebitda_range_id: sellerCompanyFields.ebitda_range_id,
  sales_range_id: SALES_RANGE,
});
export type SellerRegistrationForm = typeof SellerRegistrationForm.Type;

/** The wire payload from a decoded seller form (the spec's renames applied). */
export const sellerRequestFromForm = (form: SellerRegistrationForm): typeof SellerRegistrationRequest.Encoded => ({
  user: { email: form.email, password: form.password, phone: form.phone, name: form.username },
  name: form.companyname,
  website: form.website,
  foundation_date: form.foundation_date,
  headcount: form.headcount,
  short_description: form.short_description,
  industry_id: form.industry_id,
  company_type_id: form.company_type_id,
  state_id: form.state_id,
  country_id: form.country_id,
  interest_id: form.interest_id,
  user_company_role_id: form.user_company_role_id,
  ebitda_range_id: form.ebitda_range_id,
  yearly_sales_range_id: form.sales_range_id,
});

export const SellerRegistrationResponse = Schema.Struct({
  id: Schema.Int,
  email: Schema.String,
  company: Schema.Struct({ id: Schema.Int, human_id: Schema.String }),
});
export type SellerRegistrationResponse = typeof SellerRegistrationResponse.Type;

// --- Endpoints -------------------------------------------------------------------

export const DUPLICATE_EMAIL_MESSAGE = "Ya existe una cuenta con ese email. Inicia sesión o recupera tu contraseña.";

/** The message for a catalogue id that does not exist, naming the form's field. */
export const unknownOptionMessage = (label: string): string => `La opción elegida en «${label}» no existe. Elige una opción de la lista.`;

/** POST /buyers */
export const createBuyerEndpoint = defineEndpoint({
  method: "POST",
  path: "/buyers",
  summary: "Sign up a buyer with the buyer profile.",
  access: { who: "anyone" },
  body: BuyerRegistrationRequest,
  response: BuyerRegistrationResponse,
  status: 201,
  errors: { duplicateEmail: { status: 409, message: DUPLICATE_EMAIL_MESSAGE } },
});

/** POST /sellers */
export const createSellerEndpoint = defineEndpoint({
  method: "POST",
  path: "/sellers",
  summary: "Sign up a seller with the first company, in one transaction.",
  access: { who: "anyone" },
  body: SellerRegistrationRequest,
  response: SellerRegistrationResponse,
  status: 201,
  errors: { duplicateEmail: { status: 409, message: DUPLICATE_EMAIL_MESSAGE } },
});
