import { eq, type SQL } from "drizzle-orm";
import { subscriptionAccess } from "./subscription-access.ts";
import type { SessionClaimsInput } from "./tokens.ts";
import type { Database } from "../db/open.ts";
import { subscriptions } from "../payments/schema.ts";
import { users } from "./schema.ts";

export interface UserForLogin {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly roles: SessionClaimsInput["roles"];
  readonly isOnboardingCompleted: boolean;
  readonly passwordHash: string;
  readonly deletedAt: Date | null;
  /** Whether the subscription gives access at the time asked (a cancelled plan past cancel_at does not). */
  readonly isPaid: boolean;
  /** The subscription's status at that time ('expired' once a paid period is over). */
  readonly subscriptionStatus: string;
}

/** The user with that (already lower-cased) e-mail and its subscription as of `now`, or null. */
export const findUserForLogin = (db: Database, email: string, now: Date = new Date()): Promise<UserForLogin | null> =>
  findUser(db, eq(users.email, email), now);

/** The user with that id and its subscription as of `now`, or null. */
export const findUserById = (db: Database, id: number, now: Date = new Date()): Promise<UserForLogin | null> =>
  findUser(db, eq(users.id, id), now);

async function findUser(db: Database, where: SQL, now: Date): Promise<UserForLogin | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      roles: users.roles,
      isOnboardingCompleted: users.isOnboardingCompleted,
      passwordHash: users.passwordHash,
      deletedAt: users.deletedAt,
      subscriptionId: subscriptions.id,
      status: subscriptions.status,
      isPaid: subscriptions.isPaid,
      periodEnd: subscriptions.periodEnd,
      cancelAt: subscriptions.cancelAt,
      provider: subscriptions.provider,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where)
    .limit(1);
  if (row === undefined) return null;
  const { subscriptionId, status, isPaid, periodEnd, cancelAt, provider, ...user } = row;
  // No subscription row means the free plan; a paid period that is over is over, whatever the row says.
  const access = subscriptionAccess(
    subscriptionId === null || status === null || isPaid === null ? null : { status, isPaid, periodEnd, cancelAt, provider },
    now,
  );
  return { ...user, isPaid: access.isPaid, subscriptionStatus: access.status };
}

/** The token claims for a user (spec section 3). */
export const sessionClaimsFor = (user: UserForLogin): SessionClaimsInput => ({
  sub: String(user.id),
  email: user.email,
  name: user.name,
  roles: user.roles,
  phone: user.phone,
  is_onboarding_completed: user.isOnboardingCompleted,
  is_paid: user.isPaid,
  status: user.subscriptionStatus,
});
