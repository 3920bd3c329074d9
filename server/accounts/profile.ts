import { and, eq } from "drizzle-orm";
import { hashPassword, verifyPassword, type HashOptions } from "../auth/passwords.ts";
import { issueSessionTokenFor, revokeUserSessions } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import { users } from "../auth/schema.ts";
import { changePasswordEndpoint } from "../../contracts/accounts.ts";
import { HttpError, MESSAGES } from "../http/errors.ts";
import { fail } from "../http/router.ts";

export const SAME_PASSWORD_MESSAGE = "La nueva contraseña debe ser distinta de la actual.";

/** PATCH /accounts: returns the stored name and phone. */
export async function updateProfile(
  db: Database,
  userId: number,
  input: { readonly name: string; readonly phone: string },
): Promise<{ name: string; phone: string | null }> {
  const [row] = await db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ name: users.name, phone: users.phone });
  if (row === undefined) throw new Error(`updateProfile: user ${userId} vanished`);
  return row;
}

/** Who changes a password: the signed-in user and the session the request came with. */
export interface PasswordChanger {
  readonly userId: number;
  readonly sessionId: string;
}

/**
 * PATCH /accounts/passwords: the current password must match. The new hash,
 * the end of every session of the user and a fresh session for this one are
 * written together; answers the fresh session's token.
 *
 * The scrypt work (checking the current password, hashing the new one) runs
 * before the transaction, so the write is a compare-and-swap: it replaces
 * only the hash the password was checked against, and commits only while the
 * caller's session is still open. A reset, a logout or another change that
 * lands in between wins; this one is refused (401 once its session is gone).
 */
export async function changePassword(
  db: Database,
  caller: PasswordChanger,
  input: { readonly currentPassword: string; readonly newPassword: string },
  tokens: TokenSettings,
  options: HashOptions & { readonly now?: () => Date } = {},
): Promise<string> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId)).limit(1);
  if (row === undefined) throw new Error(`changePassword: user ${caller.userId} vanished`);
  const checkedHash = row.passwordHash;
  if (!(await verifyPassword(input.currentPassword, checkedHash))) throw fail(changePasswordEndpoint.errors.wrongCurrentPassword);
  if (input.currentPassword === input.newPassword) throw new HttpError(400, SAME_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.newPassword, options);
  return db.transaction(async (tx) => {
    const now = options.now?.() ?? new Date();
    // The user's row before the sessions, in the order every writer of both takes them, so none waits on another in a cycle.
    const swapped = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, caller.userId), eq(users.passwordHash, checkedHash)))
      .returning({ id: users.id });
    const ended = await revokeUserSessions(tx, caller.userId, undefined, now);
    // Throwing rolls back the swap and the revocations alike.
    const callerStillSignedIn = ended.some((session) => session.id === caller.sessionId && session.expiresAt.getTime() > now.getTime());
    if (!callerStillSignedIn) throw new HttpError(401, MESSAGES.invalidSession);
    // The hash changed since it was checked, by a writer that left this session open.
    if (swapped.length !== 1) throw fail(changePasswordEndpoint.errors.wrongCurrentPassword);
    return issueSessionTokenFor(tx, caller.userId, tokens, now);
  });
}
