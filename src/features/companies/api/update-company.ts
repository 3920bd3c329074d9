import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateCompanyEndpoint, type CompanyUpdateRequest } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

export interface UpdateCompany {
  readonly id: number;
  readonly body: typeof CompanyUpdateRequest.Encoded;
}

/** PUT /companies/{id}: a partial update; answers the stored record. */
export const updateCompany = ({ id, body }: UpdateCompany) => callEndpoint(updateCompanyEndpoint, { params: { id }, body });

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (record) => {
      queryClient.setQueryData(companyKeys.record(record.id), record);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.dashboards() }),
        // The public profile and the marketplace cards show some of these fields.
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(record.id), exact: true }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
      ]);
    },
  });
}
