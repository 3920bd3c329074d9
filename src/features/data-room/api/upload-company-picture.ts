import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadCompanyPictureEndpoint } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { companyKeys } from "../../../lib/api/company-keys.ts";

export interface UploadCompanyPicture {
  readonly companyId: number;
  readonly file: File;
}

/** The multipart body the spec names: `file` and `file_type=picture`. */
export function companyPictureForm(file: File): FormData {
  const form = new FormData();
  form.append("file_type", "picture");
  form.append("file", file, file.name);
  return form;
}

/** PUT /companies/{id}/company_files (multipart): answers the picture's public URL. */
export const uploadCompanyPicture = ({ companyId, file }: UploadCompanyPicture) =>
  callEndpoint(uploadCompanyPictureEndpoint, { params: { id: companyId }, form: companyPictureForm(file) });

/**
 * The company form's picture upload (composed by src/app/): resolves to
 * `{ picture_url }` and refreshes the company's record and profile.
 */
export function useUploadCompanyPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyPicture,
    onSuccess: (_picture, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        // The marketplace cards show the picture too.
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
      ]),
  });
}
