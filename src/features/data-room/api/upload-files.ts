import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadDataRoomFilesEndpoint, type DataRoomCategory } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

export interface UploadDataRoomFiles {
  readonly companyId: number;
  readonly category: DataRoomCategory;
  readonly files: ReadonlyArray<File>;
  /** A CIF's issue date, YYYY-MM-DD (the CIF categories require it). */
  readonly issuedOn?: string;
}

/** The multipart body: one `files[]` part per file, and `issued_on` when given. */
export function dataRoomUploadForm({ files, issuedOn }: Pick<UploadDataRoomFiles, "files" | "issuedOn">): FormData {
  const form = new FormData();
  if (issuedOn !== undefined) form.append("issued_on", issuedOn);
  for (const file of files) form.append("files[]", file, file.name);
  return form;
}

/** POST /companies/{id}/company_files/{category} (multipart `files[]`): answers the files just stored. */
export const uploadDataRoomFiles = (upload: UploadDataRoomFiles) =>
  callEndpoint(uploadDataRoomFilesEndpoint(upload.category), { params: { id: upload.companyId }, form: dataRoomUploadForm(upload) });

export function useUploadDataRoomFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDataRoomFiles,
    onSuccess: (_files, { companyId, category }) => queryClient.invalidateQueries({ queryKey: dataRoomKeys.category(companyId, category) }),
  });
}
