/**
 * The deal room's query keys, in a module with no run-time imports (the
 * app's entry forgets them on sign-out without loading the API client).
 *
 * A request's thread and letters sit under its detail key, so invalidating
 * one request refreshes everything shown about it. A decision also changes
 * what a company's profile shows (`viewer_access`, `confidential`): that
 * entry is the marketplace's, under the shared `companyKeys.detail(id)`
 * (src/lib/api/company-keys.ts).
 */

/** What the list of requests asks for (GET /access_requests). */
export interface AccessRequestFilters {
  /** incoming (to my companies), outgoing (mine as a buyer), all (admins); absent: everything I am a party to. */
  readonly side?: "incoming" | "outgoing" | "all";
  readonly status?: "pending" | "approved" | "rejected" | "revoked";
  readonly page: number;
}

export const dealRoomKeys = {
  all: ["deal-room"] as const,
  nda: () => [...dealRoomKeys.all, "nda"] as const,
  requests: () => [...dealRoomKeys.all, "requests"] as const,
  lists: () => [...dealRoomKeys.requests(), "list"] as const,
  list: (filters: AccessRequestFilters) => [...dealRoomKeys.lists(), filters] as const,
  detail: (id: number) => [...dealRoomKeys.requests(), "detail", id] as const,
  messages: (id: number) => [...dealRoomKeys.detail(id), "messages"] as const,
  letters: (id: number) => [...dealRoomKeys.detail(id), "letters"] as const,
};
