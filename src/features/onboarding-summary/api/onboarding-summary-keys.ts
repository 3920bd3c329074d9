/** Query keys of the onboarding summary feature. */
export const onboardingSummaryKeys = {
  all: ["onboarding-summary"] as const,
  summary: (companyId: number) => [...onboardingSummaryKeys.all, "summary", companyId] as const,
  company: (companyId: number) => [...onboardingSummaryKeys.all, "company", companyId] as const,
};
