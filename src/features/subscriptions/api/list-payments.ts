import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { listPaymentsEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { subscriptionKeys } from "./subscription-keys.ts";

/** GET /payments?page=: Historial, 5 per page, newest first (paid users). */
export const listPayments = (page: number) => callEndpoint(listPaymentsEndpoint, { query: { page } });

export const paymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.paymentsPage(page),
    queryFn: () => listPayments(page),
    placeholderData: keepPreviousData,
  });

export function usePayments(page: number, enabled: boolean) {
  return useQuery({ ...paymentsQueryOptions(page), enabled });
}
