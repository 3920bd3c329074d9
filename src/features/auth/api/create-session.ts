import { useMutation } from "@tanstack/react-query";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { createSessionEndpoint } from "../../../../contracts/sessions.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/** The login body as sent on the wire. */
export type CreateSessionBody = WireBodyOf<typeof createSessionEndpoint>;

/** POST /sessions: exchanges email and password for an access token. */
export const createSession = (body: CreateSessionBody) => callEndpoint(createSessionEndpoint, { body });

export function useCreateSession() {
  return useMutation({ mutationFn: createSession });
}
