import { Schema } from "effect";
import { DealType } from "../../../contracts/buyer-leads.ts";
import { DATA_ROOM_CATEGORIES, DATA_ROOM_CATEGORY_INFO, listDataRoomFilesEndpoint, uploadDataRoomFilesEndpoint } from "../../../contracts/data-room.ts";
import { endpointLabel, type Endpoint } from "../../../contracts/endpoint.ts";
import { SellerRegistrationRequest } from "../../../contracts/registration.ts";
import { RFC_EXAMPLES } from "../../../contracts/rfc.ts";
import { PLAN_IDS } from "../../../contracts/subscriptions.ts";
import { mexicoCityToday } from "../../../server/data-room/content.ts";
import {
  SAMPLE_PASSWORD,
  accessRequestBody,
  acceptNdaBody,
  adminUserListQuery,
  botQuestion,
  buyerLeadRequest,
  buyerSignUp,
  companyCreateRequest,
  companyUpdateRequest,
  dataRoomUpload,
  dealMessageBody,
  decideAccessBody,
  setAccessEndBody,
  decideLetterBody,
  interestRequest,
  kybRequest,
  leadRequest,
  letterOfIntentBody,
  loginRequest,
  onboardingCharacteristics,
  onboardingCompanyData,
  onboardingEquities,
  onboardingFundingRound,
  onboardingFundingStructures,
  onboardingInterests,
  onboardingSellData,
  onboardingSellingData,
  onboardingUses,
  passwordChangeRequest,
  pictureUpload,
  profileRequest,
  recoveryRequest,
  resetRequest,
  savedSearchRequest,
  sellerSignUp,
  shareFileBody,
  slackOnboardingRequest,
  valuationRequest,
  verifyEmailRequest,
} from "../samples.ts";
import { getAt, type CaseSource, type Sample } from "./mutations.ts";

// What the schema fuzz needs per endpoint: a valid request (built from a
// context of live rows in the HTTP fuzz, of plausible values offline), how
// many cases to make, and how contract samples are drawn and fixed. Every
// endpoint with input has a spec (the first test of schema-fuzz.test.ts).

export interface FuzzContext {
  readonly company: { readonly id: number; readonly humanId: string };
  /** An account logging in works for (test hash parameters, so a good guess is cheap). */
  readonly loginEmail: string;
  /** A recovery link re-armed before each case of the reset endpoint. */
  readonly recoverToken: string;
  /** An open local checkout (of an account no caller signs in as, so no new checkout expires it). */
  readonly checkoutId: string;
  /** The paid seller's payment and its receipt link's signature. */
  readonly paymentId: number;
  readonly receiptSignature: string;
  /** A data-room file of the company, its signed download token, and the company picture's key. */
  readonly fileId: number;
  readonly fileToken: string;
  /** A genuine reading token (decision 051) of an open of `fileId`. */
  readonly readingToken: string;
  readonly pictureKey: string;
  /** An account the admin deactivates (re-armed after each case of DELETE /users/{id}). */
  readonly deactivatableUserId: number;
  /** The deal room: the NDA in force, a listed company the buyer has not asked, and the buyer's requests (see DEAL_IDS). */
  readonly ndaVersion: string;
  readonly askCompanyId: number;
  /** An e-mail verification link re-armed before a third of the cases of PUT /accounts/email_verifications. */
  readonly verificationToken: string;
  /** The signed-in buyer's saved search, re-armed before a third of the cases of DELETE /saved_searches/{id}. */
  readonly savedSearchId: number;
}

/**
 * The fuzz buyer's requests and letter, at ids far above the sequences' (a
 * fuzzed path id never lands on them, so a mutated decision cannot revoke
 * the request the thread's cases need): an approved one (the thread and the
 * letters), a pending one (the decision), one approved under the previous
 * NDA (the new acceptance) and one with a pending letter (its answer).
 */
export const DEAL_IDS = { approved: 700_000_001, pending: 700_000_002, outdated: 700_000_003, withLetter: 700_000_004, letter: 700_000_001 } as const;

export interface FuzzSpec {
  /** Guarded endpoints are also called signed in; public ones sometimes. */
  readonly guarded: boolean;
  /** How many cases the decoder fuzz decodes (the HTTP fuzz sends a few of them). */
  readonly cases: number;
  /** A valid request; `index` lets sign-ups use a fresh e-mail now and then (each new account costs a real scrypt hash). */
  readonly valid: (context: FuzzContext, index: number) => Sample;
  /** Contract samples are drawn from this schema instead of the body's (a filter Arbitrary cannot satisfy quickly). */
  readonly bodyArbitrary?: Schema.Schema.AnyNoContext;
  /** Fix what a contract sample cannot know (a live link, the company's reference) or should not cost (an unknown e-mail's hash). */
  readonly fixSample?: (sample: Record<string, unknown>, valid: Sample) => Record<string, unknown>;
}

/** Fresh accounts only once in a while: a sign-up that succeeds hashes with production scrypt parameters. */
const signUpEmail = (kind: string, index: number): string => (index % 16 === 0 ? `fuzz.${kind}.${index}@ejemplo.mx` : `fuzz.${kind}@ejemplo.mx`);

/** Contract samples cannot know which catalogue rows exist: keep the valid request's ids. */
const onboardingCatalogueIds = (sample: Record<string, unknown>, valid: Sample) => ({
  ...sample,
  society_id: getAt(valid.body, ["society_id"]),
  tax_system_id: getAt(valid.body, ["tax_system_id"]),
});

const matchPasswords = (newKey: string) => (sample: Record<string, unknown>) => ({ ...sample, password_confirmation: sample[newKey] });

export const FUZZ_SPECS: Readonly<Record<string, FuzzSpec>> = {
  "POST /sessions": {
    guarded: false,
    cases: 150,
    valid: (context) => ({ body: loginRequest(context.loginEmail) }),
    fixSample: (sample, valid) => ({ ...sample, email: getAt(valid.body, ["email"]) }),
  },
  "POST /accounts/recover-passwords": { guarded: false, cases: 130, valid: (context) => ({ body: recoveryRequest(context.loginEmail) }) },
  "PUT /accounts/recover-passwords": {
    guarded: false,
    cases: 150,
    valid: (context) => ({ body: resetRequest(context.recoverToken) }),
    fixSample: matchPasswords("password"),
  },
  "PATCH /accounts": { guarded: true, cases: 130, valid: () => ({ body: profileRequest() }) },
  "PATCH /accounts/passwords": {
    guarded: true,
    cases: 130,
    valid: () => ({ body: passwordChangeRequest(SAMPLE_PASSWORD) }),
    fixSample: matchPasswords("new_password"),
  },
  "POST /buyers": { guarded: false, cases: 160, valid: (_context, index) => ({ body: buyerSignUp(signUpEmail("comprador", index)) }) },
  "POST /sellers": {
    guarded: false,
    cases: 160,
    valid: (_context, index) => ({ body: sellerSignUp(signUpEmail("vendedor", index)) }),
    // The year's filter reads the clock; Arbitrary would search 2^32 integers for one in range.
    bodyArbitrary: Schema.Struct({ ...SellerRegistrationRequest.fields, foundation_date: Schema.Int.pipe(Schema.between(1800, 2025)) }),
  },
  "POST /leads": { guarded: false, cases: 150, valid: () => ({ body: leadRequest() }) },
  "GET /companies": { guarded: false, cases: 180, valid: (_context, index) => ({ query: [{}, { q: "tecnologia monterrey" }, { state_id: "19", industry_id: "1", per_page: "48" }, { page: "2", per_page: "1" }][index % 4] ?? {} }) },
  "GET /companies?is_dashboard=true": { guarded: true, cases: 110, valid: (_context, index) => ({ query: index % 2 === 0 ? { q: "alfa", page: "1", per_page: "12" } : {} }) },
  "GET /companies/:id": { guarded: false, cases: 90, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "GET /companies/:id?is_dashboard=true": { guarded: true, cases: 80, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /companies/:id/interest_messages": {
    guarded: true,
    cases: 130,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: interestRequest(context.company.humanId) }),
    fixSample: (sample, valid) => ({ ...sample, human_id: getAt(valid.body, ["human_id"]) }),
  },
  // The fixed seller's own contact (an admin may name any; a buyer is refused another's): samples keep it, so they reach the later checks.
  "POST /companies": {
    guarded: true,
    cases: 140,
    valid: () => ({ body: companyCreateRequest({ name: "fuzz.vendedora.fija", email: "fuzz.vendedora.fija@ejemplo.mx" }) }),
    fixSample: (sample, valid) => ({ ...sample, contact: getAt(valid.body, ["contact"]) }),
  },
  "PUT /companies/:id": {
    guarded: true,
    cases: 140,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: companyUpdateRequest() }),
  },
  "POST /payments/checkout_sessions": { guarded: true, cases: 110, valid: (_context, index) => ({ body: { subscription_id: PLAN_IDS[index % PLAN_IDS.length] } }) },
  "PUT /subscriptions/scheduled_plan": { guarded: true, cases: 60, valid: (_context, index) => ({ body: { plan_id: PLAN_IDS[index % PLAN_IDS.length] } }) },
  "GET /payments": { guarded: true, cases: 80, valid: (_context, index) => ({ query: index % 2 === 0 ? {} : { page: String(1 + (index % 3)) } }) },
  "GET /payments/local-checkout/:id": { guarded: false, cases: 70, valid: (context) => ({ params: { id: context.checkoutId } }) },
  // Paying closes the checkout: later valid samples meet the "already processed" page.
  "POST /payments/local-checkout/:id": { guarded: false, cases: 80, valid: (context, index) => ({ params: { id: context.checkoutId }, form: index % 5 === 0 ? "outcome=declined" : "outcome=paid" }) },
  "GET /payments/:id/receipt": { guarded: false, cases: 80, valid: (context) => ({ params: { id: String(context.paymentId) }, query: { signature: context.receiptSignature } }) },

  // The picture and the data room: the owner (the signed-in seller) or an admin; few mutations each (14 category endpoints).
  "PUT /companies/:id/company_files": { guarded: true, cases: 90, valid: (context) => ({ params: { id: String(context.company.id) }, multipart: pictureUpload() }) },
  ...Object.fromEntries(
    DATA_ROOM_CATEGORIES.flatMap((category): Array<[string, FuzzSpec]> => [
      [endpointLabel(listDataRoomFilesEndpoint(category)), { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) } }) }],
      [
        endpointLabel(uploadDataRoomFilesEndpoint(category)),
        {
          guarded: true,
          cases: 75,
          valid: (context) => ({
            params: { id: String(context.company.id) },
            multipart: dataRoomUpload(DATA_ROOM_CATEGORY_INFO[category].needsIssueDate ? mexicoCityToday(new Date()) : undefined),
          }),
        },
      ],
    ]),
  ),
  "GET /companies/:id/company_files/:fileId": { guarded: true, cases: 70, valid: (context) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) } }) },
  "GET /companies/:id/company_files/:fileId/views": { guarded: true, cases: 70, valid: (context) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) } }) },
  "GET /files/:token": { guarded: false, cases: 70, valid: (context) => ({ params: { token: context.fileToken } }) },
  "POST /companies/:id/company_files/:fileId/downloads": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) } }) },
  // The token is genuine, so odd pages and times reach the report's checks.
  "POST /file_readings/:token/pages": {
    guarded: false,
    cases: 90,
    valid: (context, index) => ({ params: { token: context.readingToken }, body: { pages: [{ page: 1 + (index % 3), milliseconds: 1_000 * index }] } }),
  },
  "GET /company_pictures/:key": { guarded: false, cases: 70, valid: (context) => ({ params: { key: context.pictureKey } }) },
  // The seller owns the company and pays; the buyer is refused (no plan), the admin may (any company).
  "POST /companies/:id/validations/kyb": { guarded: true, cases: 80, valid: (context, index) => ({ params: { id: String(context.company.id) }, body: kybRequest(RFC_EXAMPLES[index % RFC_EXAMPLES.length]) }) },
  // The onboarding: the owner (the signed-in seller) or an admin; the saves that must total 100% draw samples that do.
  "GET /companies/:id/onboardings": { guarded: true, cases: 30, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /companies/:id/onboardings/company_data": { guarded: true, cases: 60, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingCompanyData() }), fixSample: onboardingCatalogueIds },
  "PUT /companies/:id/onboardings/company_equities": {
    guarded: true,
    cases: 60,
    valid: (context, index) => ({ params: { id: String(context.company.id) }, body: index % 2 === 0 ? onboardingEquities() : onboardingEquities(33.33, 33.33, 33.34) }),
    bodyArbitrary: Schema.Struct({ company_equities: Schema.Tuple(Schema.Struct({ shareholder: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)), equity: Schema.Literal(100) })) }),
  },
  "PUT /companies/:id/onboardings/company_interests": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingInterests() }) },
  "PUT /companies/:id/onboardings/company_funding_rounds": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingFundingRound() }) },
  "PUT /companies/:id/onboardings/company_funding_rounds_uses": {
    guarded: true,
    cases: 60,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingUses(60.5, 39.5) }),
    bodyArbitrary: Schema.Struct({ company_funding_rounds_uses: Schema.Tuple(Schema.Struct({ use_name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(40)), use_percentage: Schema.Literal(100) })) }),
  },
  "PUT /companies/:id/onboardings/company_selling_data": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingSellingData() }) },
  "PUT /companies/:id/onboardings/company_sell_data": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingSellData() }) },
  "PUT /companies/:id/onboardings/company_characteristics": {
    guarded: true,
    cases: 40,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingCharacteristics() }),
    fixSample: (sample, valid) => ({ ...sample, characteristics: getAt(valid.body, ["characteristics"]), attributes: getAt(valid.body, ["attributes"]) }),
  },
  "PUT /companies/:id/onboardings/funding_structures": {
    guarded: true,
    cases: 40,
    valid: (context) => ({ params: { id: String(context.company.id) }, body: onboardingFundingStructures() }),
    fixSample: (sample, valid) => ({ ...sample, funding_structures: getAt(valid.body, ["funding_structures"]) }),
  },
  "POST /slack-onboarding": { guarded: true, cases: 40, valid: (context) => ({ body: slackOnboardingRequest(context.company.id) }) },
  // Public, like the contact form; contract samples keep the valid request's industry (Arbitrary cannot know the catalogue).
  "POST /valuations": {
    guarded: false,
    cases: 150,
    valid: () => ({ body: valuationRequest() }),
    // The cross-field rules too (EBITDA within sales, the location's currency), so extreme amounts reach the engine.
    fixSample: (sample, valid) => ({
      ...sample,
      industry_id: getAt(valid.body, ["industry_id"]),
      net_profit: sample["net_profit"] === null ? null : Math.min(Number(sample["net_profit"]), Number(sample["gross_revenue"])),
      currency: sample["location"] === 1 ? "MXN" : "USD",
    }),
  },
  // Puente Bot: public; its questions reach the ranking SQL (the passages are indexed below).
  "GET /bot": { guarded: false, cases: 90, valid: (_context, index) => ({ query: index % 3 === 0 ? {} : { pregunta: index % 3 === 1 ? "¿Qué es el KYB?" : "cuanto cuesta el plan impulza" } }) },
  "POST /bot/answers": { guarded: false, cases: 150, valid: (_context, index) => ({ body: botQuestion(index % 2 === 0 ? undefined : "¿son una institución financiera?") }) },
  // The admin dashboard: only the admin gets past the role check; other callers meet the 403 first.
  "GET /users": { guarded: true, cases: 60, valid: (_context, index) => ({ query: index % 2 === 0 ? adminUserListQuery() : {} }) },
  "DELETE /users/:id": { guarded: true, cases: 50, valid: (context) => ({ params: { id: String(context.deactivatableUserId) } }) },
  "GET /emails": { guarded: true, cases: 50, valid: (_context, index) => ({ query: [{}, { status: "failed" }, { status: "sent", page: "2", per_page: "5" }][index % 3] ?? {} }) },

  // The deal room: the buyer asks once (then 409s), the seller and admin meet the refusals; each request in its state (DEAL_IDS).
  "POST /companies/:id/access_requests": {
    guarded: true,
    cases: 90,
    valid: (context) => ({ params: { id: String(context.askCompanyId) }, body: accessRequestBody(context.ndaVersion) }),
    fixSample: (sample, valid) => ({ ...sample, nda_version: getAt(valid.body, ["nda_version"]) }),
  },
  "GET /access_requests": {
    guarded: true,
    cases: 70,
    valid: (_context, index) => ({ query: [{}, { side: "outgoing" }, { side: "incoming", status: "pending", per_page: "5" }, { page: "2", per_page: "1" }][index % 4] ?? {} }),
  },
  "GET /access_requests/:id": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "PATCH /access_requests/:id": { guarded: true, cases: 70, valid: () => ({ params: { id: String(DEAL_IDS.pending) }, body: decideAccessBody("approved") }) },
  // The end of access (decision 050): on the approved request, a far day or none; a fuzzed day reaches the calendar check and the update.
  "PUT /access_requests/:id/access_end": {
    guarded: true,
    cases: 60,
    valid: (_context, index) => ({ params: { id: String(DEAL_IDS.approved) }, body: setAccessEndBody(index % 3 === 0 ? null : `2099-0${(index % 9) + 1}-1${index % 10}`) }),
  },
  "POST /access_requests/:id/nda_acceptances": {
    guarded: true,
    cases: 60,
    valid: (context) => ({ params: { id: String(DEAL_IDS.outdated) }, body: acceptNdaBody(context.ndaVersion) }),
    fixSample: (sample, valid) => ({ ...sample, nda_version: getAt(valid.body, ["nda_version"]) }),
  },
  "GET /access_requests/:id/messages": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "POST /access_requests/:id/messages": { guarded: true, cases: 90, valid: () => ({ params: { id: String(DEAL_IDS.approved) }, body: dealMessageBody() }) },
  "GET /access_requests/:id/letters_of_intent": { guarded: true, cases: 50, valid: () => ({ params: { id: String(DEAL_IDS.approved) } }) },
  "POST /access_requests/:id/letters_of_intent": { guarded: true, cases: 110, valid: () => ({ params: { id: String(DEAL_IDS.approved) }, body: letterOfIntentBody() }) },
  "PATCH /letters_of_intent/:id": { guarded: true, cases: 60, valid: () => ({ params: { id: String(DEAL_IDS.letter) }, body: decideLetterBody("accepted") }) },
  "PATCH /companies/:id/company_files/:fileId": {
    guarded: true,
    cases: 60,
    valid: (context, index) => ({ params: { id: String(context.company.id), fileId: String(context.fileId) }, body: shareFileBody(index % 2 === 0) }),
  },
  // E-mail verification, seller analytics and saved searches (issue 16): the link's token reaches the claim; filters stay real
  // catalogue ids so odd names and texts reach the duplicate check and the insert.
  "PUT /accounts/email_verifications": { guarded: false, cases: 100, valid: (context) => ({ body: verifyEmailRequest(context.verificationToken) }) },
  "GET /companies/:id/analytics": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  // The access audit (decision 049): a CSV of the same company; the fuzz reaches its query with odd ids.
  "GET /companies/:id/access_audit": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) } }) },
  "POST /saved_searches": {
    guarded: true,
    cases: 90,
    valid: (_context, index) => ({ body: savedSearchRequest(`Búsqueda ${index}`, index % 2 === 0 ? "tortillas" : "tecnologia monterrey") }),
    fixSample: (sample, valid) => ({ ...sample, filters: getAt(valid.body, ["filters"]) }),
  },
  "DELETE /saved_searches/:id": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.savedSearchId) } }) },
  // Buyer mandates (issue 28): public like the contact form; contract samples keep the valid request's catalogue ids, so odd
  // descriptions, contacts and deal types reach the insert and the matching.
  "POST /buyer_leads": {
    guarded: false,
    cases: 120,
    valid: (_context, index) => ({ body: buyerLeadRequest(`fuzz.mandato.${index % 7}@ejemplo.mx`) }),
    // The phone's digit count and the id lists' uniqueness are filters Arbitrary would search for forever: plain shapes instead.
    bodyArbitrary: Schema.Struct({
      industry_ids: Schema.Array(Schema.Int),
      state_ids: Schema.Array(Schema.Int),
      sales_range_ids: Schema.Array(Schema.Int),
      ebitda_range_ids: Schema.Array(Schema.Int),
      investment_size_id: Schema.Int,
      deal_type: DealType,
      description: Schema.String.pipe(Schema.minLength(20), Schema.maxLength(1000)),
      name: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(120)),
      email: Schema.Literal("fuzz.mandato@ejemplo.mx", "Fuzz.Mandato@Ejemplo.MX"),
      phone: Schema.Literal("81 5555 1234", "+52 (81) 5555-1234"),
    }),
    fixSample: (sample, valid) => ({
      ...sample,
      industry_ids: getAt(valid.body, ["industry_ids"]),
      state_ids: getAt(valid.body, ["state_ids"]),
      sales_range_ids: getAt(valid.body, ["sales_range_ids"]),
      ebitda_range_ids: getAt(valid.body, ["ebitda_range_ids"]),
      investment_size_id: getAt(valid.body, ["investment_size_id"]),
    }),
  },
  "GET /companies/:id/buyer_lead_matches": { guarded: true, cases: 40, valid: (context) => ({ params: { id: String(context.company.id) } }) },
};

/** An endpoint the fuzz mutates: one with params, a query, a body or multipart fields. */
export const hasInput = (endpoint: Endpoint): boolean =>
  endpoint.params !== undefined || endpoint.query !== undefined || endpoint.body !== undefined || endpoint.multipart !== undefined;

/** Endpoints with input but no fuzz spec, and specs for nothing. */
export function specProblems(endpoints: ReadonlyArray<Endpoint>): ReadonlyArray<string> {
  const withInput = endpoints.filter(hasInput).map(endpointLabel);
  const missing = withInput.filter((label) => FUZZ_SPECS[label] === undefined).map((label) => `${label}: no fuzz spec`);
  const stale = Object.keys(FUZZ_SPECS).filter((label) => !withInput.includes(label)).map((label) => `${label}: spec for no endpoint with input`);
  return [...missing, ...stale];
}

/** The spec's cases for one context: what the generator in ./mutations.ts starts from. */
export const caseSource = (spec: FuzzSpec, context: FuzzContext): CaseSource => ({
  cases: spec.cases,
  valid: (index) => spec.valid(context, index),
  ...(spec.bodyArbitrary === undefined ? {} : { bodyArbitrary: spec.bodyArbitrary }),
  ...(spec.fixSample === undefined ? {} : { fixSample: spec.fixSample }),
});

/** A context of plausible values and no database: enough to generate (and decode) every case. */
export const OFFLINE_CONTEXT: FuzzContext = {
  company: { id: 7, humanId: "PUE-0007" },
  loginEmail: "a@ejemplo.mx",
  recoverToken: "t".repeat(43),
  checkoutId: `chk_${"c".repeat(22)}`,
  paymentId: 3,
  receiptSignature: "s".repeat(43),
  fileId: 5,
  fileToken: "5.1.4102444800.firma",
  readingToken: "5.4102444800.firma",
  pictureKey: "0".repeat(32),
  deactivatableUserId: 9,
  ndaVersion: "2026-11",
  askCompanyId: 11,
  verificationToken: "v".repeat(43),
  savedSearchId: 11,
};
