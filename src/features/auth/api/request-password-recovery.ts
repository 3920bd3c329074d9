import { useMutation } from "@tanstack/react-query";
import { requestPasswordRecoveryEndpoint } from "../../../../contracts/accounts.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type RequestPasswordRecoveryBody = WireBodyOf<typeof requestPasswordRecoveryEndpoint>;

/** POST /accounts/recover-passwords: answers the same whether or not the e-mail has an account. */
export const requestPasswordRecovery = (body: RequestPasswordRecoveryBody) => callEndpoint(requestPasswordRecoveryEndpoint, { body });

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
