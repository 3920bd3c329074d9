import type { QueryClient } from "@tanstack/react-query";
import { Schema } from "effect";
import type { CatalogueList } from "../../../../contracts/catalogues.ts";
import { LeadRequest } from "../../../../contracts/leads.ts";
import { catalogueQueryOptions } from "../../../lib/api/get-catalogue.ts";
import type { FormResult } from "../../../lib/form.ts";
import { validateForm } from "../../../lib/form-schema.ts";
import { createLead, type CreateLeadBody } from "../api/create-lead.ts";

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

/** Validates with the contract (the spec's messages): the body to send, or the message per field. */
export function validateContact(values: ContactValues): FormResult<CreateLeadBody> {
  const result = validateForm(LeadRequest, values);
  return result.ok ? { ok: true, value: Schema.encodeSync(LeadRequest)(result.value) } : result;
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
