import { useMutation } from "@tanstack/react-query";
import { changePasswordEndpoint } from "../../../../contracts/accounts.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type ChangePasswordBody = WireBodyOf<typeof changePasswordEndpoint>;

/** PATCH /accounts/passwords: needs the current password. */
export const changePassword = (body: ChangePasswordBody) => callEndpoint(changePasswordEndpoint, { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
