import { useMutation } from "@tanstack/react-query";
import type { PlanId } from "../../../../contracts/subscriptions.ts";

/** The checkout mutation; its fetcher (API client, Effect) loads with the first plan chosen, not with /planes. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (plan: PlanId) => import("./create-checkout-session.ts").then(({ createCheckoutSession }) => createCheckoutSession(plan)),
  });
}
