import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { shareDataRoomFileEndpoint, type DataRoomCategory, type DataRoomFile, type DataRoomFileList, type ShareDataRoomFileRequest } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { sellerAnalyticsKeys } from "../../../lib/api/seller-analytics-keys.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/** What a PATCH changes (decision 051): sharing with approved buyers, their downloads, or both. */
export type DataRoomFileChange = ShareDataRoomFileRequest;

/** PATCH /companies/{id}/company_files/{fileId}: share or unshare a document, allow or forbid buyers' downloads; answers the file. */
export const changeDataRoomFile = (companyId: number, fileId: number, change: DataRoomFileChange) =>
  callEndpoint(shareDataRoomFileEndpoint, { params: { id: companyId, fileId }, body: change });

export interface ChangeDataRoomFile {
  readonly companyId: number;
  readonly category: DataRoomCategory;
  readonly fileId: number;
  readonly change: DataRoomFileChange;
}

/** The switches' fields a change may move. */
type Switches = Partial<Pick<DataRoomFile, "shared" | "download_allowed">>;

const withFile = (list: DataRoomFileList | undefined, fileId: number, change: (file: DataRoomFile) => DataRoomFile): DataRoomFileList | undefined =>
  list === undefined ? undefined : { ...list, items: list.items.map((file) => (file.id === fileId ? change(file) : file)) };

/** Only the fields the change names (an absent one stays as it is). */
const switchesOf = (change: DataRoomFileChange): Switches => ({
  ...(change.shared === undefined ? {} : { shared: change.shared }),
  ...(change.download_allowed === undefined ? {} : { download_allowed: change.download_allowed }),
});

/**
 * The switch moves at once (optimistic): the category's list shows the new
 * value while the request runs, takes the server's file when it answers, and
 * goes back to what it was when the request fails, so no state is lost. Only
 * the fields the change names move and go back: the file's other switch may
 * be moving at the same time. `send` is the fetcher (a test passes a fake one).
 */
export function changeFileMutationOptions(queryClient: QueryClient, send: typeof changeDataRoomFile = changeDataRoomFile) {
  return {
    mutationFn: ({ companyId, fileId, change }: ChangeDataRoomFile) => send(companyId, fileId, change),
    onMutate: async ({ companyId, category, fileId, change }: ChangeDataRoomFile) => {
      const key = dataRoomKeys.category(companyId, category);
      // A refetch in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const file = queryClient.getQueryData<DataRoomFileList>(key)?.items.find((item) => item.id === fileId);
      const previous: Switches | undefined =
        file === undefined
          ? undefined
          : {
              ...(change.shared === undefined ? {} : { shared: file.shared }),
              ...(change.download_allowed === undefined ? {} : { download_allowed: file.download_allowed }),
            };
      queryClient.setQueryData<DataRoomFileList>(key, (list) => withFile(list, fileId, (item) => ({ ...item, ...switchesOf(change) })));
      return { previous };
    },
    // Only this file, and only the fields this change moved, go back.
    onError: (_error: unknown, { companyId, category, fileId }: ChangeDataRoomFile, context: { previous: Switches | undefined } | undefined) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<DataRoomFileList>(dataRoomKeys.category(companyId, category), (list) => withFile(list, fileId, (file) => ({ ...file, ...previous })));
    },
    onSuccess: (saved: DataRoomFile, { companyId, category, fileId }: ChangeDataRoomFile) => {
      queryClient.setQueryData<DataRoomFileList>(dataRoomKeys.category(companyId, category), (list) => withFile(list, fileId, () => saved));
    },
    // The seller's analytics list each document's sharing too.
    onSettled: (_saved: unknown, _error: unknown, { companyId }: ChangeDataRoomFile) => queryClient.invalidateQueries({ queryKey: sellerAnalyticsKeys.company(companyId) }),
  };
}

export function useChangeDataRoomFile() {
  const queryClient = useQueryClient();
  return useMutation(changeFileMutationOptions(queryClient));
}
