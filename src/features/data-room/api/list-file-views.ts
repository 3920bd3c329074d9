import { queryOptions, useQuery } from "@tanstack/react-query";
import { listFileViewsEndpoint } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/** GET /companies/{id}/company_files/{fileId}/views: who opened the file and when, newest first. */
export const listFileViews = (companyId: number, fileId: number) =>
  callEndpoint(listFileViewsEndpoint, { params: { id: companyId, fileId } });

export const fileViewsQueryOptions = (companyId: number, fileId: number) =>
  queryOptions({
    queryKey: dataRoomKeys.views(companyId, fileId),
    queryFn: () => listFileViews(companyId, fileId),
  });

export function useFileViews(companyId: number, fileId: number) {
  return useQuery(fileViewsQueryOptions(companyId, fileId));
}
