import { useMutation } from "@tanstack/react-query";
import { MessageResponse, type RecoverPasswordRequest } from "../../../../contracts/accounts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type RequestPasswordRecoveryBody = typeof RecoverPasswordRequest.Encoded;

/** POST /accounts/recover-passwords: answers the same whether or not the e-mail has an account. */
export function requestPasswordRecovery(body: RequestPasswordRecoveryBody): Promise<MessageResponse> {
  return apiRequest(MessageResponse, "/accounts/recover-passwords", { method: "POST", body });
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
