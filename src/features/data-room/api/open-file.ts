import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { openDataRoomFileEndpoint, type DataRoomCategory } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/**
 * GET /companies/{id}/company_files/{fileId}: a short-lived signed URL; the
 * server records the open. A buyer's answer carries the reading token of
 * that open (decision 051).
 */
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

/**
 * The viewer's open (decision 051): one per visit of the viewer page, so
 * never cached past it (`gcTime: 0`), never refetched behind the reader's
 * back (each fetch is a recorded open), never retried (a refusal is an
 * answer, and the signed URL is good for minutes).
 */
export const openedFileQueryOptions = (companyId: number, fileId: number) =>
  queryOptions({
    queryKey: dataRoomKeys.opened(companyId, fileId),
    queryFn: () => openDataRoomFile(companyId, fileId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** `enabled` false (ids that are not ids): nothing is asked. */
export const useOpenedFile = (companyId: number, fileId: number, enabled = true) => useQuery({ ...openedFileQueryOptions(companyId, fileId), enabled });
