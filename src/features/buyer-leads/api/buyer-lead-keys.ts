/** The buyer mandates' query keys: what a company's owner sees of the mandates that match it. */
export const buyerLeadKeys = {
  all: ["buyer-leads"] as const,
  companyMatches: (companyId: number) => [...buyerLeadKeys.all, "company", companyId] as const,
};
