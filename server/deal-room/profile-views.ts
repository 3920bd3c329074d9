import { createHmac } from "node:crypto";
import type { Database } from "../db/open.ts";
import { companyProfileViews } from "./schema.ts";
import { mexicoCityDay } from "./nda.ts";

/**
 * Profile views for the seller's analytics (decision 023): one row per
 * viewer per company per Mexico City day. A signed-in viewer counts by
 * account, a visitor by a keyed hash of the address (the address itself is
 * never stored, and without the server's secret the hash cannot be reversed
 * by trying addresses). The owner's and admins' views are not counted
 * (the caller decides that).
 */

/** Hex characters of the address hash kept: 128 bits, plenty to tell visitors apart. */
const VISITOR_HASH_LENGTH = 32;

export const visitorKey = (secret: Uint8Array, ip: string): string => `a:${createHmac("sha256", secret).update(ip).digest("hex").slice(0, VISITOR_HASH_LENGTH)}`;

export const accountKey = (userId: number): string => `u:${userId}`;

export async function recordProfileView(
  db: Database,
  view: { readonly companyId: number; readonly viewerUserId: number | null; readonly ip: string; readonly secret: Uint8Array; readonly at: Date },
): Promise<void> {
  await db
    .insert(companyProfileViews)
    .values({
      companyId: view.companyId,
      viewerKey: view.viewerUserId === null ? visitorKey(view.secret, view.ip) : accountKey(view.viewerUserId),
      day: mexicoCityDay(view.at),
      viewerUserId: view.viewerUserId,
      createdAt: view.at,
    })
    .onConflictDoNothing();
}
