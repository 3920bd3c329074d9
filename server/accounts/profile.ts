import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword, type HashOptions } from "../auth/passwords.ts";
import { issueSessionTokenFor, revokeUserSessions } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import { users } from "../auth/schema.ts";
import { changePasswordEndpoint } from "../../contracts/accounts.ts";
import { HttpError } from "../http/errors.ts";
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

/**
 * PATCH /accounts/passwords: the current password must match. The new hash,
 * the end of every session of the user and a fresh session for this one are
 * written together; answers the fresh session's token.
 */
export async function changePassword(
  db: Database,
  userId: number,
  input: { readonly currentPassword: string; readonly newPassword: string },
  tokens: TokenSettings,
  options: HashOptions = {},
): Promise<string> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (row === undefined) throw new Error(`changePassword: user ${userId} vanished`);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw fail(changePasswordEndpoint.errors.wrongCurrentPassword);
  if (input.currentPassword === input.newPassword) throw new HttpError(400, SAME_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(input.newPassword, options);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    return issueSessionTokenFor(tx, userId, tokens);
  });
}
