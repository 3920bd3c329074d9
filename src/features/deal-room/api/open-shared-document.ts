import { useMutation } from "@tanstack/react-query";
import { openDataRoomFileEndpoint } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";

/**
 * GET /companies/{id}/company_files/{fileId}: the data room's one open
 * endpoint (contracts/data-room.ts), which answers an approved buyer for a
 * document the owner shared: a signed URL valid for 5 minutes, the open
 * recorded for the seller's analytics.
 */
export const openSharedDocument = (companyId: number, fileId: number) =>
  callEndpoint(openDataRoomFileEndpoint, { params: { id: companyId, fileId } });

export interface OpenSharedDocument {
  readonly companyId: number;
  readonly fileId: number;
}

/** Nothing the buyer sees changes with an open, so nothing is refetched. */
export function useOpenSharedDocument() {
  return useMutation({ mutationFn: ({ companyId, fileId }: OpenSharedDocument) => openSharedDocument(companyId, fileId) });
}
