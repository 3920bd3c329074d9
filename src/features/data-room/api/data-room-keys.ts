import type { DataRoomCategory } from "../../../../contracts/data-room.ts";

/**
 * The data room's query keys, hierarchical: one company's data room, then a
 * category's files or a file's audit list, so an upload or an open
 * invalidates exactly what changed.
 */
export const dataRoomKeys = {
  all: ["data-room"] as const,
  company: (companyId: number) => [...dataRoomKeys.all, companyId] as const,
  category: (companyId: number, category: DataRoomCategory) => [...dataRoomKeys.company(companyId), category] as const,
  views: (companyId: number, fileId: number) => [...dataRoomKeys.company(companyId), "views", fileId] as const,
  /** The viewer's open of a file (decision 051). */
  opened: (companyId: number, fileId: number) => [...dataRoomKeys.company(companyId), "opened", fileId] as const,
};

