import { useMutation, useQueryClient } from "@tanstack/react-query";
import { verifyEmailEndpoint } from "../../../../contracts/accounts.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useSessionSend } from "../../../lib/session.tsx";
import { emailVerificationKeys } from "./email-verification-keys.ts";

/**
 * PUT /accounts/email_verifications: verifies the address with the e-mailed
 * link's one-time token (no session needed). Opened without a session, the
 * answer carries the login's token for that account (docs/decisions/034).
 */
export const verifyEmail = (token: string) => callEndpoint(verifyEmailEndpoint, { body: { token } });

/** The link signs its opener in when this tab has no session; a session it has is kept (the server sends no token then). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const send = useSessionSend();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => {
      if (answer.access_token !== undefined) send({ type: "session.login", token: answer.access_token });
      // Mi perfil shows the new status.
      return queryClient.invalidateQueries({ queryKey: emailVerificationKeys.all });
    },
  });
}
