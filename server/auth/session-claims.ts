import { eq, type SQL } from "drizzle-orm";
import type { SessionClaimsInput } from "./tokens.ts";
import type { Database } from "../db/open.ts";
import { subscriptions, users } from "../db/schema.ts";

export interface UserForLogin {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly roles: SessionClaimsInput["roles"];
  readonly isOnboardingCompleted: boolean;
  readonly passwordHash: string;
  readonly deletedAt: Date | null;
  readonly isPaid: boolean;
  readonly subscriptionStatus: string;
}

/** The user with that (already lower-cased) e-mail and its subscription, or null. */
export const findUserForLogin = (db: Database, email: string): Promise<UserForLogin | null> => findUser(db, eq(users.email, email));

/** The user with that id and its subscription, or null. */
export const findUserById = (db: Database, id: number): Promise<UserForLogin | null> => findUser(db, eq(users.id, id));

async function findUser(db: Database, where: SQL): Promise<UserForLogin | null> {
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
      isPaid: subscriptions.isPaid,
      subscriptionStatus: subscriptions.status,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where)
    .limit(1);
  if (row === undefined) return null;
  // No subscription row means the free plan.
  return { ...row, isPaid: row.isPaid ?? false, subscriptionStatus: row.subscriptionStatus ?? "free" };
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
