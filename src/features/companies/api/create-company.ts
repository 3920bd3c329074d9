import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createCompanyEndpoint, type CompanyCreateRequest } from "../../../../contracts/companies.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { companyKeys } from "../../../lib/api/company-keys.ts";

/** POST /companies: answers the new record (and a fresh token when a buyer became a seller). */
export const createCompany = (body: typeof CompanyCreateRequest.Encoded) => callEndpoint(createCompanyEndpoint, { body });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  const send = useSessionSend();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (record) => {
      // The account gained the seller role: the session takes the new token, so the menu shows Mis empresas at once.
      if (record.access_token !== undefined) send({ type: "session.login", token: record.access_token });
      const { access_token: _token, ...rest } = record;
      queryClient.setQueryData(companyKeys.record(record.id), rest);
      return queryClient.invalidateQueries({ queryKey: companyKeys.dashboards() });
    },
  });
}
