import { queryOptions, useQuery } from "@tanstack/react-query";
import { subscriptionKeys } from "./subscription-keys.ts";

/**
 * The plans query, apart from its fetcher (./get-plans.ts, which loads the
 * API client and Effect): /planes arrives with the plan table in its
 * prerendered HTML (decision 025), so the fetcher loads only if the table is
 * ever asked for.
 */

/** Prices change rarely: keep them for the visit. */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: () => import("./get-plans.ts").then(({ getPlans }) => getPlans()),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
