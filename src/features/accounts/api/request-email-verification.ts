import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestEmailVerificationEndpoint } from "../../../../contracts/accounts.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { isApiError } from "../../../lib/api-error.ts";
import { emailVerificationKeys } from "./email-verification-keys.ts";

/** POST /accounts/email_verifications: e-mails the signed-in user a new link (48 h; it replaces the last one). */
export const requestEmailVerification = () => callEndpoint(requestEmailVerificationEndpoint);

/** A 409 means the address is verified already (in another tab, say): the status is read again to show it. */
export function useRequestEmailVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailVerification,
    onError: (error) => (isApiError(error) && error.status === 409 ? queryClient.invalidateQueries({ queryKey: emailVerificationKeys.all }) : undefined),
  });
}
