/**
 * The deal room's query keys, in a module with no run-time imports (the
 * app's entry forgets them on sign-out without loading the API client).
 *
 * A request's thread and letters sit under its detail key, so invalidating
 * one request refreshes everything shown about it.
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
  nda: () => ["deal-room", "nda"] as const,
  requests: () => ["deal-room", "requests"] as const,
  lists: () => ["deal-room", "requests", "list"] as const,
  list: (filters: AccessRequestFilters) => ["deal-room", "requests", "list", filters] as const,
  detail: (id: number) => ["deal-room", "requests", "detail", id] as const,
  messages: (id: number) => ["deal-room", "requests", "detail", id, "messages"] as const,
  letters: (id: number) => ["deal-room", "requests", "detail", id, "letters"] as const,
  /**
   * A company's profile (GET /companies/{id}), whose `viewer_access` and
   * `confidential` change with every decision. The marketplace reads it
   * under the app-wide key of one company (`['companies', 'detail', id]`,
   * as the companies feature's keys do); a feature never imports another's
   * keys, so the convention is what keeps them the same entry.
   */
  companyProfiles: () => ["companies", "detail"] as const,
  companyProfile: (companyId: number) => ["companies", "detail", companyId] as const,
};
