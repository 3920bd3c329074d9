import { queryOptions, useQuery } from "@tanstack/react-query";
import { listDataRoomFilesEndpoint, type DataRoomCategory } from "../../../../contracts/data-room.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataRoomKeys } from "./data-room-keys.ts";

/** GET /companies/{id}/company_files/{category}: one category's files, with their real view counts. */
export const listDataRoomFiles = (companyId: number, category: DataRoomCategory) =>
  callEndpoint(listDataRoomFilesEndpoint(category), { params: { id: companyId } });

export const dataRoomFilesQueryOptions = (companyId: number, category: DataRoomCategory) =>
  queryOptions({
    queryKey: dataRoomKeys.category(companyId, category),
    queryFn: () => listDataRoomFiles(companyId, category),
  });

export function useDataRoomFiles(companyId: number, category: DataRoomCategory) {
  return useQuery(dataRoomFilesQueryOptions(companyId, category));
}
