import type { DataRoomCategory } from "../../../../contracts/data-room.ts";

/**
 * The data room's query keys, hierarchical: one company's data room, then a
 * category's files or a file's audit list, so an upload or an open
 * invalidates exactly what changed.
 */
export const dataRoomKeys = {
  all: ["data-room"] as const,
  company: (companyId: number) => ["data-room", companyId] as const,
  category: (companyId: number, category: DataRoomCategory) => ["data-room", companyId, category] as const,
  views: (companyId: number, fileId: number) => ["data-room", companyId, "views", fileId] as const,
};

/**
 * The companies feature's record queries (`['companies', 'detail', id, …]`),
 * named by convention: a feature never imports another feature.
 * The picture upload refreshes them.
 */
export const companyDetailKey = (companyId: number) => ["companies", "detail", companyId] as const;
export const companyListsKey = ["companies", "list"] as const;

/**
 * The seller analytics' figures of one company (`['seller-analytics', id]`),
 * named by convention: sharing a document changes what they list.
 */
export const sellerAnalyticsKey = (companyId: number) => ["seller-analytics", companyId] as const;
