import { useMutation } from "@tanstack/react-query";
import { downloadDataRoomFileEndpoint } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/**
 * POST /companies/{id}/company_files/{fileId}/downloads (decision 051): a
 * signed URL that downloads the file (a buyer's copy carries their
 * watermark); the server records the download. A buyer may only while the
 * owner allows downloads of that document.
 */
export const downloadDataRoomFile = (companyId: number, fileId: number) =>
  callEndpoint(downloadDataRoomFileEndpoint, { params: { id: companyId, fileId } });

export interface DownloadDataRoomFile {
  readonly companyId: number;
  readonly fileId: number;
}

/** Nothing on screen changes with a download, so nothing is refetched. */
export function useDownloadDataRoomFile() {
  return useMutation({ mutationFn: ({ companyId, fileId }: DownloadDataRoomFile) => downloadDataRoomFile(companyId, fileId) });
}
