import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText, INVALID_PHONE_MESSAGE, isPhone, requiredEmail, requiredId, requiredText } from "./fields.ts";

/**
 * POST /leads: the contact form 'Habla con uno de nuestros expertos'
 * (spec sections 2, 5 and 7). `service_interested` and `referer` are ids
 * from the /services_interested and /referers catalogues. The messages are
 * the spec's, with its two typos corrected (docs/decisions/009-spanish-copy.md).
 */

export const LEAD_MESSAGES = {
  name: "Debes ingresar tu nombre",
  serviceInterested: "Debes seleccionar el servicio que te interesa",
  email: "Debes ingresar tu email",
  phone: "Debes ingresar tu teléfono",
  referer: "Debes seleccionar cómo te enteraste de nosotros",
  nameTooLong: "El nombre no puede tener más de 120 caracteres",
  phoneInvalid: INVALID_PHONE_MESSAGE,
} as const;

export const LeadRequest = Schema.Struct({
  name: boundedText(LEAD_MESSAGES.name, 120, LEAD_MESSAGES.nameTooLong),
  service_interested: requiredId(LEAD_MESSAGES.serviceInterested),
  email: requiredEmail(LEAD_MESSAGES.email),
  phone: requiredText(LEAD_MESSAGES.phone),
  referer: requiredId(LEAD_MESSAGES.referer),
}).pipe(
  Schema.filter((lead) => {
    // The phone rule (contracts/fields.ts isPhone): 8 to 20 digits, as people write them.
    if (!isPhone(lead.phone)) {
      return { path: ["phone"], message: LEAD_MESSAGES.phoneInvalid };
    }
    return true;
  }),
);
export type LeadRequest = typeof LeadRequest.Type;

export const LeadResponse = Schema.Struct({ id: Schema.Int });
export type LeadResponse = typeof LeadResponse.Type;

export const LEAD_ERRORS = {
  unknownService: { status: 400, message: "El servicio seleccionado no existe. Elige una opción de la lista." },
  unknownReferer: { status: 400, message: "La opción de cómo te enteraste de nosotros no existe. Elige una opción de la lista." },
} as const;

/** POST /leads: the contact form; the team is e-mailed. */
export const createLeadEndpoint = defineEndpoint({
  method: "POST",
  path: "/leads",
  summary: "Store a contact request and notify the team.",
  access: { who: "anyone" },
  body: LeadRequest,
  response: LeadResponse,
  status: 201,
  errors: LEAD_ERRORS,
});
