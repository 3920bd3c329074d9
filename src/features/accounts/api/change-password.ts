import { useMutation } from "@tanstack/react-query";
import { MessageResponse, type ChangePasswordRequest } from "../../../../contracts/accounts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type ChangePasswordBody = typeof ChangePasswordRequest.Encoded;

/** PATCH /accounts/passwords: needs the current password. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiRequest(MessageResponse, "/accounts/passwords", { method: "PATCH", body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
