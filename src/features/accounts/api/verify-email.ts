import { useMutation, useQueryClient } from "@tanstack/react-query";
import { verifyEmailEndpoint } from "../../../../contracts/accounts.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { emailVerificationKeys } from "./email-verification-keys.ts";

/** PUT /accounts/email_verifications: verifies the address with the e-mailed link's one-time token (no session needed). */
export const verifyEmail = (token: string) => callEndpoint(verifyEmailEndpoint, { body: { token } });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // Mi perfil shows the new status if this tab has a session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailVerificationKeys.all }),
  });
}
