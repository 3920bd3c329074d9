import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { shareDataRoomFileEndpoint, type DataRoomCategory, type DataRoomFile, type DataRoomFileList } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { sellerAnalyticsKeys } from "../../../lib/api/seller-analytics-keys.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/** PATCH /companies/{id}/company_files/{fileId}: share a document with approved buyers, or stop sharing it; answers the file. */
export const shareDataRoomFile = (companyId: number, fileId: number, shared: boolean) =>
  callEndpoint(shareDataRoomFileEndpoint, { params: { id: companyId, fileId }, body: { shared } });

export interface ShareDataRoomFile {
  readonly companyId: number;
  readonly category: DataRoomCategory;
  readonly fileId: number;
  readonly shared: boolean;
}

const withFile = (list: DataRoomFileList | undefined, fileId: number, change: (file: DataRoomFile) => DataRoomFile): DataRoomFileList | undefined =>
  list === undefined ? undefined : { ...list, items: list.items.map((file) => (file.id === fileId ? change(file) : file)) };

/**
 * The switch moves at once (optimistic): the category's list shows the new
 * value while the request runs, takes the server's file when it answers, and
 * goes back to what it was when the request fails, so no state is lost.
 * `send` is the fetcher (a test passes a fake one).
 */
export function shareFileMutationOptions(queryClient: QueryClient, send: typeof shareDataRoomFile = shareDataRoomFile) {
  return {
    mutationFn: ({ companyId, fileId, shared }: ShareDataRoomFile) => send(companyId, fileId, shared),
    onMutate: async ({ companyId, category, fileId, shared }: ShareDataRoomFile) => {
      const key = dataRoomKeys.category(companyId, category);
      // A refetch in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DataRoomFileList>(key)?.items.find((file) => file.id === fileId)?.shared;
      queryClient.setQueryData<DataRoomFileList>(key, (list) => withFile(list, fileId, (file) => ({ ...file, shared })));
      return { previous };
    },
    // Only this file goes back: another file's switch may be moving at the same time.
    onError: (_error: unknown, { companyId, category, fileId }: ShareDataRoomFile, context: { previous: boolean | undefined } | undefined) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<DataRoomFileList>(dataRoomKeys.category(companyId, category), (list) => withFile(list, fileId, (file) => ({ ...file, shared: previous })));
    },
    onSuccess: (saved: DataRoomFile, { companyId, category, fileId }: ShareDataRoomFile) => {
      queryClient.setQueryData<DataRoomFileList>(dataRoomKeys.category(companyId, category), (list) => withFile(list, fileId, () => saved));
    },
    // The seller's analytics list each document's sharing too.
    onSettled: (_saved: unknown, _error: unknown, { companyId }: ShareDataRoomFile) => queryClient.invalidateQueries({ queryKey: sellerAnalyticsKeys.company(companyId) }),
  };
}

export function useShareDataRoomFile() {
  const queryClient = useQueryClient();
  return useMutation(shareFileMutationOptions(queryClient));
}
