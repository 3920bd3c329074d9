import { createCheckoutSessionEndpoint, type PlanId } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** POST /payments/checkout_sessions: where to pay for `plan` (opened in a new tab). The mutation is ./checkout-mutation.ts. */
export const createCheckoutSession = (plan: PlanId) => callEndpoint(createCheckoutSessionEndpoint, { body: { subscription_id: plan } });
