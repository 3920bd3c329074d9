import { createBillingPortalSessionEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** POST /payments/portal_sessions: where Stripe lets the person manage their card and invoices ('Gestionar pago'). */
export const createBillingPortalSession = () => callEndpoint(createBillingPortalSessionEndpoint);
