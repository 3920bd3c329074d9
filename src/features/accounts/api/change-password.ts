import { useMutation } from "@tanstack/react-query";
import { changePasswordEndpoint } from "../../../../contracts/accounts.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { useSessionSend } from "../../../lib/session.tsx";

export type ChangePasswordBody = WireBodyOf<typeof changePasswordEndpoint>;

/** PATCH /accounts/passwords: needs the current password. */
export const changePassword = (body: ChangePasswordBody) => callEndpoint(changePasswordEndpoint, { body });

/** Every other session ends on the server; this one continues with the fresh token the answer carries. */
export function useChangePassword() {
  const send = useSessionSend();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => send({ type: "session.login", token: answer.access_token }),
  });
}
