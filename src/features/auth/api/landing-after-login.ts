import { listDashboardCompaniesEndpoint } from "../../../../contracts/companies.ts";
import { decodeTokenClaims } from "../../../../machines/session/claims.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { DEFAULT_AFTER_LOGIN } from "../../../utils/safe-redirect.ts";

/**
 * Where a log-in without a `redirect` lands (decision 014): a seller whose
 * onboarding is incomplete goes on with it, on their company (or registers
 * one if they have none); everyone else goes to the marketplace. Asking for
 * the company must never block the log-in: any failure lands on the default.
 */
export async function landingAfterLogin(token: string): Promise<string> {
  const claims = decodeTokenClaims(token);
  if (claims === null || claims.is_onboarding_completed || claims.roles.includes("admin") || !claims.roles.includes("seller")) return DEFAULT_AFTER_LOGIN;
  try {
    const mine = await callEndpoint(listDashboardCompaniesEndpoint, { query: { per_page: 1 }, token });
    const first = mine.items[0];
    return first === undefined ? "/crear-empresa" : `/onboarding/${first.id}`;
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
}
