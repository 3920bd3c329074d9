import { useMutation } from "@tanstack/react-query";
import { resetPasswordEndpoint } from "../../../../contracts/accounts.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type ResetPasswordBody = WireBodyOf<typeof resetPasswordEndpoint>;

/** PUT /accounts/recover-passwords: a new password with the token from the e-mail link. */
export const resetPassword = (body: ResetPasswordBody) => callEndpoint(resetPasswordEndpoint, { body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
