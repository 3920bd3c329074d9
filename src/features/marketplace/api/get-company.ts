import { queryOptions, useQuery } from "@tanstack/react-query";
import { hasSessionToken } from "../../../lib/api-config.ts";
import { callLazily } from "../../../lib/api/call-lazily.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

/**
 * GET /companies/{id}: the public profile of a listed company, what the
 * viewer may do about its full profile (`viewer_access`), and the full
 * profile itself (`confidential`) when the server lets this viewer see it.
 * Its contract loads with the first call: a visitor's profile arrives in the HTML (decision 047).
 */
export const getCompany = (id: number) =>
  callLazily(async () => (await import("../../../../contracts/marketplace.ts")).getCompanyEndpoint, { params: { id } });

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => getCompany(id),
    // A 404 is shown as the not-found page, not as a toast.
    meta: { silent: true },
    // Who sees the full profile is decided on every request (a revocation applies on the next one): keep it fresh.
    // Except a visitor's answer while no one is signed in: it is the same for every visitor, and the page the server
    // rendered carries it (decision 043): hydrating must not ask for it again. Signing in makes it stale at once.
    staleTime: (query) => (query.state.data?.viewer_access.blocked_reason === "sign_in" && !hasSessionToken() ? 60_000 : 0),
  });

/** `id` null (a malformed URL) asks for nothing. */
export function useCompany(id: number | null) {
  return useQuery({ ...companyQueryOptions(id ?? 0), enabled: id !== null });
}
