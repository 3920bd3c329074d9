import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deactivateUserEndpoint } from "../../../../contracts/admin.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";
import { adminKeys } from "./admin-keys.ts";

/** DELETE /users/{id}: deactivates the user; answers their id and `deletedAt`. */
export const deactivateUser = (id: number) => callEndpoint(deactivateUserEndpoint, { params: { id } });

/**
 * The users, the KPIs and the companies (theirs left the marketplace) are
 * refetched before the mutation settles, so the row already says
 * 'Desactivado' when the dialog closes. On a failure too: a 409 means the
 * row on screen was out of date.
 */
export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.kpis() }),
        queryClient.invalidateQueries({ queryKey: companyKeys.dashboards() }),
      ]),
  });
}
