import { and, count, desc, eq, sql, sum } from "drizzle-orm";
import { DATA_ROOM_CATEGORIES, type DataRoomCategory, type DataRoomFile, type FileView, type ShareDataRoomFileRequest } from "../../contracts/data-room.ts";
import type { Database } from "../db/open.ts";
import { companyFiles, fileDownloads, fileViewPages, fileViews } from "./schema.ts";
import { users } from "../auth/schema.ts";

export type FileRow = typeof companyFiles.$inferSelect;

const toDataRoomFile = (row: FileRow, category: DataRoomCategory, viewCount: number): DataRoomFile => ({
  id: row.id,
  category,
  filename: row.filename,
  content_type: row.contentType,
  size_bytes: row.sizeBytes,
  issued_on: row.issuedOn,
  created_at: row.createdAt.toISOString(),
  view_count: viewCount,
  shared: row.shared,
  download_allowed: row.downloadAllowed,
  page_count: row.pageCount,
});

/** One category's files with their view counts, newest first. */
export async function listFiles(db: Database, companyId: number, category: DataRoomCategory): Promise<DataRoomFile[]> {
  const rows = await db
    .select({ file: companyFiles, views: count(fileViews.id) })
    .from(companyFiles)
    .leftJoin(fileViews, eq(fileViews.fileId, companyFiles.id))
    .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.category, category)))
    .groupBy(companyFiles.id)
    .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id));
  return rows.map((row) => toDataRoomFile(row.file, category, row.views));
}

/** Just-inserted rows, as the listing shows them (no views yet). */
export const newFiles = (rows: ReadonlyArray<FileRow>, category: DataRoomCategory): DataRoomFile[] =>
  [...rows].reverse().map((row) => toDataRoomFile(row, category, 0));

/** The company's file with that id, or null (another company's file answers like a missing one). */
export async function findFile(db: Database, companyId: number, fileId: number): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.id, fileId), eq(companyFiles.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The file with its view count, as the listing shows it (the answer to a share). */
export async function fileWithViews(db: Database, file: FileRow): Promise<DataRoomFile> {
  const [views] = await db.select({ value: count() }).from(fileViews).where(eq(fileViews.fileId, file.id));
  // Stored categories are always one of DATA_ROOM_CATEGORIES (the upload routes write them).
  const category = DATA_ROOM_CATEGORIES.find((known) => known === file.category) ?? DATA_ROOM_CATEGORIES[0];
  return toDataRoomFile(file, category, views?.value ?? 0);
}

/** Shares or unshares the file, and allows or forbids buyers' downloads: what `change` says, nothing else. */
export async function updateFile(db: Database, fileId: number, change: ShareDataRoomFileRequest): Promise<FileRow | null> {
  const [row] = await db
    .update(companyFiles)
    .set({
      ...(change.shared === undefined ? {} : { shared: change.shared }),
      ...(change.download_allowed === undefined ? {} : { downloadAllowed: change.download_allowed }),
    })
    .where(eq(companyFiles.id, fileId))
    .returning();
  return row ?? null;
}

export async function fileById(db: Database, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(companyFiles).where(eq(companyFiles.id, fileId)).limit(1);
  return row ?? null;
}

/** Records an open; its id is what a buyer's reading token names. */
export async function recordView(db: Database, fileId: number, viewerUserId: number, at: Date): Promise<number> {
  const [row] = await db.insert(fileViews).values({ fileId, viewerUserId, viewedAt: at }).returning({ id: fileViews.id });
  if (row === undefined) throw new Error("the view was not recorded");
  return row.id;
}

export async function recordDownload(db: Database, fileId: number, viewerUserId: number, at: Date): Promise<void> {
  await db.insert(fileDownloads).values({ fileId, viewerUserId, downloadedAt: at });
}

/** Remembers the page count of a file stored before uploads read it. */
export async function savePageCount(db: Database, fileId: number, pageCount: number): Promise<void> {
  await db.update(companyFiles).set({ pageCount }).where(eq(companyFiles.id, fileId));
}

/** Who opened the file and when, newest first: the company's owner, an admin, or a buyer with approved access (decision 023). */
export async function listViews(db: Database, fileId: number, ownerUserId: number | null): Promise<{ items: FileView[]; total: number }> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, roles: users.roles, viewedAt: fileViews.viewedAt })
    .from(fileViews)
    .innerJoin(users, eq(users.id, fileViews.viewerUserId))
    .where(eq(fileViews.fileId, fileId))
    .orderBy(desc(fileViews.viewedAt), desc(fileViews.id));
  const items = rows.map((row) => ({
    viewer_name: row.name,
    viewer_email: row.email,
    viewer_role: row.roles.includes("admin") ? "Administrador" : row.userId === ownerUserId ? "Propietario" : "Comprador",
    viewed_at: row.viewedAt.toISOString(),
  }));
  return { items, total: items.length };
}


/** A recorded open, with what a page report is checked against: its file and viewer. */
export interface ViewForReport {
  readonly id: number;
  readonly viewerUserId: number;
  readonly viewedAt: Date;
  readonly companyId: number;
  readonly shared: boolean;
  readonly pageCount: number | null;
  readonly viewerDeleted: boolean;
}

export async function viewOf(db: Database, viewId: number): Promise<ViewForReport | null> {
  const [row] = await db
    .select({
      id: fileViews.id,
      viewerUserId: fileViews.viewerUserId,
      viewedAt: fileViews.viewedAt,
      companyId: companyFiles.companyId,
      shared: companyFiles.shared,
      pageCount: companyFiles.pageCount,
      deletedAt: users.deletedAt,
    })
    .from(fileViews)
    .innerJoin(companyFiles, eq(companyFiles.id, fileViews.fileId))
    .innerJoin(users, eq(users.id, fileViews.viewerUserId))
    .where(eq(fileViews.id, viewId))
    .limit(1);
  return row === undefined ? null : { ...row, viewerDeleted: row.deletedAt !== null };
}

/** Tolerance for clocks and network: reports may add up to this much beyond the time since the open. */
const REPORT_SLACK_MS = 5_000;

/**
 * Adds a report's page times to the open (one transaction, the open's row
 * locked so two reports at once cannot both spend the same time): never
 * more in total than the time since the open, so a script cannot make a
 * glance look like an hour. Repeated pages in one report add up. Answers
 * the milliseconds counted.
 */
export async function addPageTimes(db: Database, view: Pick<ViewForReport, "id" | "viewedAt">, pages: ReadonlyArray<{ readonly page: number; readonly milliseconds: number }>, now: Date): Promise<number> {
  const byPage = new Map<number, number>();
  for (const { page, milliseconds } of pages) byPage.set(page, (byPage.get(page) ?? 0) + milliseconds);
  return db.transaction(async (tx) => {
    await tx.select({ id: fileViews.id }).from(fileViews).where(eq(fileViews.id, view.id)).for("update");
    const [spent] = await tx.select({ total: sum(fileViewPages.milliseconds).mapWith(Number) }).from(fileViewPages).where(eq(fileViewPages.viewId, view.id));
    let budget = Math.max(0, now.getTime() - view.viewedAt.getTime() + REPORT_SLACK_MS - (spent?.total ?? 0));
    let counted = 0;
    for (const [page, asked] of byPage) {
      const milliseconds = Math.min(asked, budget);
      budget -= milliseconds;
      counted += milliseconds;
      // A page seen for 0 ms is still a page seen (it was on screen): it gets its row.
      await tx
        .insert(fileViewPages)
        .values({ viewId: view.id, page, milliseconds })
        .onConflictDoUpdate({ target: [fileViewPages.viewId, fileViewPages.page], set: { milliseconds: sql`${fileViewPages.milliseconds} + excluded.milliseconds` } });
    }
    return counted;
  });
}
