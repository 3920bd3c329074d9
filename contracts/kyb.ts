import { Schema } from "effect";
import { CompanyIdParams, COMPANY_NOT_FOUND_MESSAGE } from "./companies.ts";
import { defineEndpoint } from "./endpoint.ts";
import { Rfc, RFC_MESSAGES } from "./rfc.ts";
import { SUBSCRIPTION_MESSAGES } from "./subscriptions.ts";

/**
 * KYB básico (spec sections 2, 4, 5, 6, 7, 8 and 9): a paid seller gives the
 * company's RFC; the server checks it (contracts/rfc.ts, the same check the
 * dialog runs) and records the request for the team to review. Admins may
 * request it for any company (docs/decisions/016-kyb.md).
 */

export const KYB_MESSAGES = {
  /** Spec section 6: the tooltip of the disabled button, and the server's 403. */
  paidOnly: SUBSCRIPTION_MESSAGES.paidOnly,
  /** Spec section 8: the success toast. */
  verified: "El RFC fue verificado correctamente, nos pondremos en contacto a la brevedad.",
  rfcRequired: RFC_MESSAGES.tooShort,
} as const;

export const KybRequest = Schema.Struct({
  rfc: Schema.propertySignature(Rfc).annotations({ missingMessage: () => KYB_MESSAGES.rfcRequired }),
});
export type KybRequest = typeof KybRequest.Type;

/** The recorded request: pending until the team reviews it. */
export const KybResponse = Schema.Struct({
  id: Schema.Int,
  company_id: Schema.Int,
  status: Schema.Literal("pending"),
  /** Normalised (trimmed, upper case). */
  rfc: Schema.String,
  created_at: Schema.String,
});
export type KybResponse = typeof KybResponse.Type;

/** POST /companies/:id/validations/kyb: request the basic KYB verification of a company. */
export const kybEndpoint = defineEndpoint({
  method: "POST",
  path: "/companies/:id/validations/kyb",
  summary: "KYB básico: check the company's RFC and record the request for the team's review (paid owners, admins).",
  // The plan first (403 whatever the company), then the company; admins need no plan.
  access: { who: "companyManager", plan: "paidUnlessAdmin", refusal: "paidOnly" },
  params: CompanyIdParams,
  body: KybRequest,
  response: KybResponse,
  status: 201,
  errors: {
    paidOnly: { status: 403, message: KYB_MESSAGES.paidOnly },
    notFound: { status: 404, message: COMPANY_NOT_FOUND_MESSAGE },
    tooMany: { status: 429, message: "Demasiadas solicitudes de verificación. Espera unos minutos e intenta de nuevo." },
  },
});
