import { queryOptions, useQuery } from "@tanstack/react-query";
import { CompanyRecord } from "../../../../contracts/companies.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyKeys } from "./get-companies.ts";

/** GET /companies/{id}?is_dashboard=true: the whole record, for its owner or an admin. */
export function getCompanyRecord(id: number): Promise<CompanyRecord> {
  return apiRequest(CompanyRecord, `/companies/${id}`, { query: { is_dashboard: "true" } });
}

export const companyRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.record(id),
    queryFn: () => getCompanyRecord(id),
  });

/** Only runs when `enabled` (the profile asks for it for an admin outside demo mode). */
export function useCompanyRecord(id: number, enabled: boolean) {
  return useQuery({ ...companyRecordQueryOptions(id), enabled });
}
