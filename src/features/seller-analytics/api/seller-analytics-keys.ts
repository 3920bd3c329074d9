/**
 * The seller analytics' query keys: one company's figures. No run-time
 * imports (the app shell reads them to forget a user's data at sign-out).
 * The data room's share toggle refreshes them by this convention
 * (`['seller-analytics', id]`) without importing this feature.
 */
export const sellerAnalyticsKeys = {
  all: ["seller-analytics"] as const,
  company: (companyId: number) => ["seller-analytics", companyId] as const,
};
