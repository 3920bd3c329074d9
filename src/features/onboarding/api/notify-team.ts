import { slackOnboardingEndpoint } from "../../../../contracts/onboarding.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** POST /slack-onboarding: the wizard is done; the team is told and the owner's onboarding marked completed. */
export const notifyTeam = (companyId: number) => callEndpoint(slackOnboardingEndpoint, { body: { company_id: companyId } });
