import type { QueryClient } from "@tanstack/react-query";
import { Either, Schema } from "effect";
import type { CatalogueList } from "../../../../contracts/catalogues.ts";
import { fieldErrors, type FieldErrors } from "../../../../contracts/fields.ts";
import { LeadRequest } from "../../../../contracts/leads.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import { createLead } from "../api/create-lead.ts";

/**
 * The contact form's logic (Effect validation, catalogue fetching, the POST),
 * loaded when the visitor starts using the form so it stays off the page's
 * first load.
 */

export { createLead };

export interface ContactValues {
  readonly name: string;
  readonly service_interested: number | null;
  readonly email: string;
  readonly phone: string;
  readonly referer: number | null;
}

const decodeLead = Schema.decodeUnknownEither(LeadRequest, { errors: "all" });

/** Validates with the contract (the spec's messages); the body to send, or the message per field. */
export function validateContact(values: ContactValues): { readonly body: typeof LeadRequest.Encoded } | { readonly errors: FieldErrors } {
  const decoded = decodeLead(values);
  if (Either.isLeft(decoded)) return { errors: fieldErrors(decoded.left) };
  return { body: Schema.encodeSync(LeadRequest)(decoded.right) };
}

export interface ContactOptions {
  readonly services: CatalogueList;
  readonly referers: CatalogueList;
}

/** The two catalogues of the form, through the shared query cache. */
export async function loadContactOptions(queryClient: QueryClient): Promise<ContactOptions> {
  const [services, referers] = await Promise.all([
    queryClient.fetchQuery(catalogueQueryOptions("services_interested")),
    queryClient.fetchQuery(catalogueQueryOptions("referers")),
  ]);
  return { services, referers };
}
