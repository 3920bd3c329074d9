import { and, count, desc, eq, isNull } from "drizzle-orm";
import { THREAD_MAX_MESSAGES, type DealMessage, type DealRole } from "../../contracts/deal-room.ts";
import type { Database } from "../db/open.ts";
import { dealMessages } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { notSentBy } from "./requests.ts";

/**
 * The private thread of a request (decision 023): who wrote each message
 * (its buyer, the company's owner, or Puente for an admin), and read state:
 * `read_at` is set when the other party reads it.
 */

/** How admins appear in a thread: they speak for Puente, not as themselves. */
export const ADMIN_SENDER_NAME = "Puente";
/** A message whose author's account no longer exists. */
const GONE_SENDER_NAME = "Cuenta eliminada";

interface Parties {
  readonly buyerUserId: number;
  readonly ownerUserId: number | null;
}

const senderRole = (senderId: number | null, senderIsAdmin: boolean, parties: Parties): DealRole => {
  if (senderId !== null && senderId === parties.buyerUserId) return "buyer";
  if (senderId !== null && senderId === parties.ownerUserId) return "seller";
  // Only the two parties and admins ever write: a non-admin who is neither is a former owner.
  return senderIsAdmin ? "admin" : "seller";
};

/** The other party's messages to `readerId` count as read now; answers how many were unread. */
export async function markRead(db: Database, accessRequestId: number, readerId: number, at: Date): Promise<number> {
  const read = await db
    .update(dealMessages)
    .set({ readAt: at })
    .where(and(eq(dealMessages.accessRequestId, accessRequestId), isNull(dealMessages.readAt), notSentBy(readerId)))
    .returning({ id: dealMessages.id });
  return read.length;
}

/** The newest THREAD_MAX_MESSAGES, oldest first, as `callerId` sees them. */
export async function listMessages(db: Database, accessRequestId: number, parties: Parties, callerId: number): Promise<DealMessage[]> {
  const rows = await db
    .select({ message: dealMessages, senderName: users.name, senderRoles: users.roles })
    .from(dealMessages)
    .leftJoin(users, eq(users.id, dealMessages.senderUserId))
    .where(eq(dealMessages.accessRequestId, accessRequestId))
    .orderBy(desc(dealMessages.createdAt), desc(dealMessages.id))
    .limit(THREAD_MAX_MESSAGES);
  return rows.reverse().map(({ message, senderName, senderRoles }) => {
    const role = senderRole(message.senderUserId, senderRoles?.includes("admin") ?? false, parties);
    return {
      id: message.id,
      body: message.body,
      created_at: message.createdAt.toISOString(),
      sender_role: role,
      sender_name: role === "admin" ? ADMIN_SENDER_NAME : (senderName ?? GONE_SENDER_NAME),
      is_mine: message.senderUserId === callerId,
      read_at: message.readAt?.toISOString() ?? null,
    };
  });
}

export async function insertMessage(tx: Database, input: { readonly accessRequestId: number; readonly senderUserId: number; readonly body: string; readonly at: Date }) {
  const [row] = await tx
    .insert(dealMessages)
    .values({ accessRequestId: input.accessRequestId, senderUserId: input.senderUserId, body: input.body, createdAt: input.at })
    .returning();
  if (row === undefined) throw new Error("insertMessage: no row returned");
  return row;
}

/** Messages of the thread `userId` has not read (written by someone else). */
export async function unreadFor(tx: Database, accessRequestId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(dealMessages)
    .where(and(eq(dealMessages.accessRequestId, accessRequestId), isNull(dealMessages.readAt), notSentBy(userId)));
  return row?.value ?? 0;
}
