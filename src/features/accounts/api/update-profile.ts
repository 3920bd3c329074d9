import { useMutation } from "@tanstack/react-query";
import { UpdateProfileResponse, type UpdateProfileRequest } from "../../../../contracts/accounts.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export type UpdateProfileBody = typeof UpdateProfileRequest.Encoded;

/** PATCH /accounts: name and phone; answers the stored values for the session. */
export function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileResponse> {
  return apiRequest(UpdateProfileResponse, "/accounts", { method: "PATCH", body });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
