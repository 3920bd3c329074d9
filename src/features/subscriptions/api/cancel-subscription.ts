import { cancelSubscriptionEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** DELETE /subscriptions: cancel; access continues until `cancel_at` (the subscription machine calls it). */
export const cancelSubscription = () => callEndpoint(cancelSubscriptionEndpoint);
