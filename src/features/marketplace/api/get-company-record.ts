import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCompanyRecordEndpoint } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "./get-companies.ts";

/** GET /companies/{id}?is_dashboard=true: the whole record, for its owner or an admin. */
export const getCompanyRecord = (id: number) => callEndpoint(getCompanyRecordEndpoint, { params: { id } });

export const companyRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.record(id),
    queryFn: () => getCompanyRecord(id),
  });

/** Only runs when `enabled` (the profile asks for it for an admin outside demo mode). */
export function useCompanyRecord(id: number, enabled: boolean) {
  return useQuery({ ...companyRecordQueryOptions(id), enabled });
}
