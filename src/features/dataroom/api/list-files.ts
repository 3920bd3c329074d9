import { queryOptions, useQuery } from "@tanstack/react-query";
import { listDataroomFilesEndpoint, type DataroomCategory } from "../../../../contracts/dataroom.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { dataroomKeys } from "./dataroom-keys.ts";

/** GET /companies/{id}/company_files/{category}: one category's files, with their real view counts. */
export const listDataroomFiles = (companyId: number, category: DataroomCategory) =>
  callEndpoint(listDataroomFilesEndpoint(category), { params: { id: companyId } });

export const dataroomFilesQueryOptions = (companyId: number, category: DataroomCategory) =>
  queryOptions({
    queryKey: dataroomKeys.category(companyId, category),
    queryFn: () => listDataroomFiles(companyId, category),
  });

export function useDataroomFiles(companyId: number, category: DataroomCategory) {
  return useQuery(dataroomFilesQueryOptions(companyId, category));
}
