import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";

export const CatalogueItem = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
});
export type CatalogueItem = typeof CatalogueItem.Type;

export const CatalogueList = Schema.Array(CatalogueItem);
export type CatalogueList = typeof CatalogueList.Type;

/** The spec's catalogue paths (section 7), each served as GET /api/{path}. */
export const CATALOGUE_PATHS = [
  "industries",
  "company_types",
  "interests",
  "states",
  "user_company_roles",
  "ebitda_ranges",
  "buyer_descriptions",
  "investment_sizes",
  "referers",
  "services_interested",
  "company_statuses",
  "verification_levels",
  "yearly_sales_ranges",
  "countries",
  "company_characteristics",
  "company_attributes",
  "funding_structures",
  "societies",
  "tax-systems",
] as const;
export type CataloguePath = (typeof CATALOGUE_PATHS)[number];

/** GET /{path}: one catalogue (public). */
export const catalogueEndpoint = (path: CataloguePath) =>
  defineEndpoint({
    method: "GET",
    path: `/${path}`,
    summary: `The ${path} catalogue: [{ id, name }].`,
    access: { who: "anyone" },
    response: CatalogueList,
  });
