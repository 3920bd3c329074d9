import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyRecordEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

/** GET /companies/{id}?is_dashboard=true: the whole record, for its owner or an admin. */
export const getCompanyRecord = (id: number) => callEndpoint(getCompanyRecordEndpoint, { params: { id } });

export const companyRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.record(id),
    queryFn: () => getCompanyRecord(id),
  });

export function useCompanyRecord(id: number) {
  return useQuery(companyRecordQueryOptions(id));
}
