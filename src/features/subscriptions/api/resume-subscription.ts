import { resumeSubscriptionEndpoint } from "../../../../contracts/subscriptions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** PUT /subscriptions: resume a cancelled plan within its period; nothing is charged (the subscription machine calls it). */
export const resumeSubscription = () => callEndpoint(resumeSubscriptionEndpoint);
