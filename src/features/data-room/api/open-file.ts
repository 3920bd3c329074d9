import { useMutation, useQueryClient } from "@tanstack/react-query";
import { openDataRoomFileEndpoint, type DataRoomCategory } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/** GET /companies/{id}/company_files/{fileId}: a short-lived signed URL; the server records the open. */
export const openDataRoomFile = (companyId: number, fileId: number) =>
  callEndpoint(openDataRoomFileEndpoint, { params: { id: companyId, fileId } });

export interface OpenDataRoomFile {
  readonly companyId: number;
  readonly category: DataRoomCategory;
  readonly fileId: number;
}

/** Opening counts as a view: the category's counts and the file's audit list change. */
export function useOpenDataRoomFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, fileId }: OpenDataRoomFile) => openDataRoomFile(companyId, fileId),
    onSuccess: (_url, { companyId, category, fileId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataRoomKeys.category(companyId, category) }),
        queryClient.invalidateQueries({ queryKey: dataRoomKeys.views(companyId, fileId) }),
      ]),
  });
}
