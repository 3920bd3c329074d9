import { useMutation } from "@tanstack/react-query";
import { updateProfileEndpoint } from "../../../../contracts/accounts.ts";
import type { WireBodyOf } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

export type UpdateProfileBody = WireBodyOf<typeof updateProfileEndpoint>;

/** PATCH /accounts: name and phone; answers the stored values for the session. */
export const updateProfile = (body: UpdateProfileBody) => callEndpoint(updateProfileEndpoint, { body });

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
