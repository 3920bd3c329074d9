import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadDataroomFilesEndpoint, type DataroomCategory } from "../../../../contracts/dataroom.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataroomKeys } from "./dataroom-keys.ts";

export interface UploadDataroomFiles {
  readonly companyId: number;
  readonly category: DataroomCategory;
  readonly files: ReadonlyArray<File>;
  /** A CIF's issue date, YYYY-MM-DD (the CIF categories require it). */
  readonly issuedOn?: string;
}

/** The multipart body: one `files[]` part per file, and `issued_on` when given. */
export function dataroomUploadForm({ files, issuedOn }: Pick<UploadDataroomFiles, "files" | "issuedOn">): FormData {
  const form = new FormData();
  if (issuedOn !== undefined) form.append("issued_on", issuedOn);
  for (const file of files) form.append("files[]", file, file.name);
  return form;
}

/** POST /companies/{id}/company_files/{category} (multipart `files[]`): answers the files just stored. */
export const uploadDataroomFiles = (upload: UploadDataroomFiles) =>
  callEndpoint(uploadDataroomFilesEndpoint(upload.category), { params: { id: upload.companyId }, form: dataroomUploadForm(upload) });

export function useUploadDataroomFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDataroomFiles,
    onSuccess: (_files, { companyId, category }) => queryClient.invalidateQueries({ queryKey: dataroomKeys.category(companyId, category) }),
  });
}
