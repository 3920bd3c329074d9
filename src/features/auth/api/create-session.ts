import { useMutation } from "@tanstack/react-query";
import { LoginResponse, type LoginRequest } from "../../../../contracts/sessions.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** The login body as sent on the wire (the encoded side of `LoginRequest`). */
export type CreateSessionBody = typeof LoginRequest.Encoded;

/** POST /sessions: exchanges email and password for an access token. */
export function createSession(body: CreateSessionBody): Promise<LoginResponse> {
  return apiRequest(LoginResponse, "/sessions", { method: "POST", body });
}

export function useCreateSession() {
  return useMutation({ mutationFn: createSession });
}
