import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { sessions } from "./schema.ts";
import { findUserById, sessionClaimsFor, type UserForLogin } from "./session-claims.ts";
import { signSessionToken, type TokenSettings } from "./tokens.ts";

/**
 * Server-side sessions: every access token carries the id of a row in
 * `sessions`, and the authorization hook accepts the token only while that
 * row is neither revoked nor expired. So logging out, changing or resetting
 * a password, and deactivating an account take effect on the next request,
 * not when the token would have expired.
 */

const newSessionId = (): string => randomBytes(16).toString("base64url");

/** Opens a session for the user and signs its access token. */
export async function issueSessionToken(
  db: Database,
  user: UserForLogin,
  tokens: TokenSettings,
  now: Date = new Date(),
): Promise<{ readonly accessToken: string; readonly sessionId: string }> {
  const sessionId = newSessionId();
  await db.insert(sessions).values({ id: sessionId, userId: user.id, expiresAt: new Date(now.getTime() + tokens.ttlSeconds * 1000), createdAt: now });
  const accessToken = await signSessionToken({ ...sessionClaimsFor(user), sid: sessionId }, tokens, now);
  return { accessToken, sessionId };
}

/** A fresh token for a user known by id (after a password change or reset). */
export async function issueSessionTokenFor(db: Database, userId: number, tokens: TokenSettings, now: Date = new Date()): Promise<string> {
  const user = await findUserById(db, userId, now);
  if (user === null) throw new Error(`issueSessionTokenFor: user ${userId} vanished`);
  return (await issueSessionToken(db, user, tokens, now)).accessToken;
}

/** Ends one session (logout). Idempotent. */
export async function revokeSession(db: Database, sessionId: string, now: Date = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A session that `revokeUserSessions` ended. */
export interface EndedSession {
  readonly id: string;
  readonly expiresAt: Date;
}

/**
 * Ends every open session of the user, but `keep` when given, and answers
 * the ones it ended. Inside a transaction that also tells whether a given
 * session was still open: PostgreSQL re-reads a row another transaction
 * revoked before updating it, so a session ended by a concurrent logout,
 * reset or password change is not among them.
 */
export async function revokeUserSessions(db: Database, userId: number, keep?: string, now: Date = new Date()): Promise<ReadonlyArray<EndedSession>> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keep === undefined ? open : and(open, ne(sessions.id, keep)))
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
}
