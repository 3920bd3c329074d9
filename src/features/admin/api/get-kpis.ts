import { queryOptions, useQuery } from "@tanstack/react-query";
import { getKpisEndpoint } from "../../../../contracts/admin.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { adminKeys } from "./admin-keys.ts";

/** GET /analytics/kpis: the four figures and 12 weeks of sign-ups and listings. */
export const getKpis = () => callEndpoint(getKpisEndpoint);

export const kpisQueryOptions = () => queryOptions({ queryKey: adminKeys.kpis(), queryFn: getKpis });

export function useKpis() {
  return useQuery(kpisQueryOptions());
}
