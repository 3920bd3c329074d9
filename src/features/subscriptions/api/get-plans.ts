import { queryOptions, useQuery } from "@tanstack/react-query";
import { listPlansEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { subscriptionKeys } from "./subscription-keys.ts";

/** GET /plans: the one plan table (prices in MXN before IVA). */
export const getPlans = () => callEndpoint(listPlansEndpoint);

/** Prices change rarely: keep them for the visit. */
export const plansQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: getPlans, staleTime: Number.POSITIVE_INFINITY });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
