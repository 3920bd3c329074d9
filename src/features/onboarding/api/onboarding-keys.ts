/** The query keys of the onboarding feature (no run-time imports). */
export const onboardingKeys = {
  summary: (companyId: number) => ["onboarding", companyId] as const,
};
