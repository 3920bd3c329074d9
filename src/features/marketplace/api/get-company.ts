import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "./get-companies.ts";

/** GET /companies/{id}: the public profile of a listed company (no name, contact or RFC). */
export const getCompany = (id: number) => callEndpoint(getCompanyEndpoint, { params: { id } });

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => getCompany(id),
    // A 404 is shown as the not-found page, not as a toast.
    meta: { silent: true },
  });

/** `id` null (a malformed URL) asks for nothing. */
export function useCompany(id: number | null) {
  return useQuery({ ...companyQueryOptions(id ?? 0), enabled: id !== null });
}
