/**
 * The query keys of the subscriptions feature, in a module of their own with
 * no run-time imports: the app's entry uses them (src/app/App.tsx forgets
 * Historial on sign-out) without loading the API client or Effect.
 */
export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  plans: () => [...subscriptionKeys.all, "plans"] as const,
  current: () => [...subscriptionKeys.all, "current"] as const,
  payments: () => [...subscriptionKeys.all, "payments"] as const,
  paymentsPage: (page: number) => [...subscriptionKeys.payments(), page] as const,
};
