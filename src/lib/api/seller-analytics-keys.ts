/**
 * The query keys of a company's analytics: the seller-analytics feature
 * reads them, the data room's share switch refreshes them (sharing a
 * document changes what they list), and the app's entry forgets them at
 * sign-out. Shared, so here once; no run-time imports.
 */
export const sellerAnalyticsKeys = {
  all: ["seller-analytics"] as const,
  company: (companyId: number) => [...sellerAnalyticsKeys.all, companyId] as const,
};
