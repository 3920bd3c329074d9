import { and, count, desc, eq } from "drizzle-orm";
import { DATA_ROOM_CATEGORIES, type DataRoomCategory, type DataRoomFile, type FileView } from "../../contracts/data-room.ts";
import type { Database } from "../db/open.ts";
import { companyFiles, fileViews } from "./schema.ts";
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

export async function setShared(db: Database, fileId: number, shared: boolean): Promise<FileRow | null> {
  const [row] = await db.update(companyFiles).set({ shared }).where(eq(companyFiles.id, fileId)).returning();
  return row ?? null;
}

export async function fileById(db: Database, fileId: number): Promise<FileRow | null> {
  const [row] = await db.select().from(companyFiles).where(eq(companyFiles.id, fileId)).limit(1);
  return row ?? null;
}

export async function recordView(db: Database, fileId: number, viewerUserId: number, at: Date): Promise<void> {
  await db.insert(fileViews).values({ fileId, viewerUserId, viewedAt: at });
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

