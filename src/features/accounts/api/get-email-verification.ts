import { queryOptions, useQuery } from "@tanstack/react-query";
import { getEmailVerificationEndpoint } from "../../../../contracts/accounts.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { emailVerificationKeys } from "./email-verification-keys.ts";

/** GET /accounts/email_verifications: the signed-in user's address and whether (and when) it was verified. */
export const getEmailVerification = () => callEndpoint(getEmailVerificationEndpoint);

export const emailVerificationQueryOptions = () =>
  queryOptions({
    queryKey: emailVerificationKeys.all,
    queryFn: getEmailVerification,
  });

export function useEmailVerification() {
  return useQuery(emailVerificationQueryOptions());
}
