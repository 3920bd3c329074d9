import { getSubscriptionEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** GET /subscriptions: the signed-in user's subscription (the subscription machine fetches it). */
export const getSubscription = () => callEndpoint(getSubscriptionEndpoint);
