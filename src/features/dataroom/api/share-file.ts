import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { shareDataroomFileEndpoint, type DataroomCategory, type DataroomFile, type DataroomFileList } from "../../../../contracts/dataroom.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataroomKeys, sellerAnalyticsKey } from "./dataroom-keys.ts";

/** PATCH /companies/{id}/company_files/{fileId}: share a document with approved buyers, or stop sharing it; answers the file. */
export const shareDataroomFile = (companyId: number, fileId: number, shared: boolean) =>
  callEndpoint(shareDataroomFileEndpoint, { params: { id: companyId, fileId }, body: { shared } });

export interface ShareDataroomFile {
  readonly companyId: number;
  readonly category: DataroomCategory;
  readonly fileId: number;
  readonly shared: boolean;
}

const withFile = (list: DataroomFileList | undefined, fileId: number, change: (file: DataroomFile) => DataroomFile): DataroomFileList | undefined =>
  list === undefined ? undefined : { ...list, items: list.items.map((file) => (file.id === fileId ? change(file) : file)) };

/**
 * The switch moves at once (optimistic): the category's list shows the new
 * value while the request runs, takes the server's file when it answers, and
 * goes back to what it was when the request fails, so no state is lost.
 * `send` is the fetcher (a test passes a fake one).
 */
export function shareFileMutationOptions(queryClient: QueryClient, send: typeof shareDataroomFile = shareDataroomFile) {
  return {
    mutationFn: ({ companyId, fileId, shared }: ShareDataroomFile) => send(companyId, fileId, shared),
    onMutate: async ({ companyId, category, fileId, shared }: ShareDataroomFile) => {
      const key = dataroomKeys.category(companyId, category);
      // A refetch in flight would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<DataroomFileList>(key)?.items.find((file) => file.id === fileId)?.shared;
      queryClient.setQueryData<DataroomFileList>(key, (list) => withFile(list, fileId, (file) => ({ ...file, shared })));
      return { previous };
    },
    // Only this file goes back: another file's switch may be moving at the same time.
    onError: (_error: unknown, { companyId, category, fileId }: ShareDataroomFile, context: { previous: boolean | undefined } | undefined) => {
      const previous = context?.previous;
      if (previous === undefined) return;
      queryClient.setQueryData<DataroomFileList>(dataroomKeys.category(companyId, category), (list) => withFile(list, fileId, (file) => ({ ...file, shared: previous })));
    },
    onSuccess: (saved: DataroomFile, { companyId, category, fileId }: ShareDataroomFile) => {
      queryClient.setQueryData<DataroomFileList>(dataroomKeys.category(companyId, category), (list) => withFile(list, fileId, () => saved));
    },
    // The seller's analytics list each document's sharing too.
    onSettled: (_saved: unknown, _error: unknown, { companyId }: ShareDataroomFile) => queryClient.invalidateQueries({ queryKey: sellerAnalyticsKey(companyId) }),
  };
}

export function useShareDataroomFile() {
  const queryClient = useQueryClient();
  return useMutation(shareFileMutationOptions(queryClient));
}
