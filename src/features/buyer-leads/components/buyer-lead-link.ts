import type { FilterKey } from "../../../../contracts/marketplace-constants.ts";

/**
 * The link from the marketplace's empty state to the mandate form, without
 * the form's validation (and so without Effect): the marketplace shows it to
 * every visitor on arrival (decision 047).
 */

/** Where the form lives (src/app/route-table.ts). */
export const BUYER_LEAD_PATH = "/que-empresa-buscas";

/** The marketplace filters that are also a mandate's criteria, and the list each one starts. */
export const CARRIED: ReadonlyArray<readonly [FilterKey, "industry_ids" | "state_ids" | "sales_range_ids" | "ebitda_range_ids"]> = [
  ["industry_id", "industry_ids"],
  ["state_id", "state_ids"],
  ["sales_range_id", "sales_range_ids"],
  ["ebitda_id", "ebitda_range_ids"],
];

/** The form's address with the marketplace's chosen filters, so the buyer starts from the search that found nothing. */
export function buyerLeadHref(filters: Readonly<Partial<Record<FilterKey, number | undefined>>>): string {
  const params = new URLSearchParams();
  for (const [key] of CARRIED) {
    const id = filters[key];
    if (id !== undefined) params.set(key, String(id));
  }
  const query = params.toString();
  return query === "" ? BUYER_LEAD_PATH : `${BUYER_LEAD_PATH}?${query}`;
}
