import { useMutation } from "@tanstack/react-query";
import { MessageResponse, type ResetPasswordRequest } from "../../../../contracts/accounts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type ResetPasswordBody = typeof ResetPasswordRequest.Encoded;

/** PUT /accounts/recover-passwords: a new password with the token from the e-mail link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest(MessageResponse, "/accounts/recover-passwords", { method: "PUT", body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
