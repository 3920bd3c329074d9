import { useMutation, useQueryClient } from "@tanstack/react-query";
import { openDataroomFileEndpoint, type DataroomCategory } from "../../../../contracts/dataroom.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataroomKeys } from "./dataroom-keys.ts";

/** GET /companies/{id}/company_files/{fileId}: a short-lived signed URL; the server records the open. */
export const openDataroomFile = (companyId: number, fileId: number) =>
  callEndpoint(openDataroomFileEndpoint, { params: { id: companyId, fileId } });

export interface OpenDataroomFile {
  readonly companyId: number;
  readonly category: DataroomCategory;
  readonly fileId: number;
}

/** Opening counts as a view: the category's counts and the file's audit list change. */
export function useOpenDataroomFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, fileId }: OpenDataroomFile) => openDataroomFile(companyId, fileId),
    onSuccess: (_url, { companyId, category, fileId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dataroomKeys.category(companyId, category) }),
        queryClient.invalidateQueries({ queryKey: dataroomKeys.views(companyId, fileId) }),
      ]),
  });
}
