import type { Role } from "../../contracts/sessions.ts";
import { hashPassword, type HashOptions } from "./passwords.ts";
import type { Database } from "../db/open.ts";
import { subscriptions } from "../payments/schema.ts";
import { users } from "./schema.ts";

export interface CreateUserInput {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly phone: string | null;
  readonly roles: ReadonlyArray<Role>;
  readonly isOnboardingCompleted?: boolean;
}

export interface CreatedUser {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly phone: string | null;
  readonly roles: ReadonlyArray<Role>;
  readonly isOnboardingCompleted: boolean;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Create a user with a hashed password and a free subscription record.
 * The one way users come to exist: registration routes, the demo seed,
 * tests and Pact provider states all call it. Throws on a duplicate e-mail
 * (unique constraint). Pass a transaction as `db` to make it part of a larger
 * one (sign-up): drizzle runs the inner transaction as a savepoint.
 */
export async function createUser(db: Database, input: CreateUserInput, options: HashOptions = {}): Promise<CreatedUser> {
  const passwordHash = await hashPassword(input.password, options);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        passwordHash,
        name: input.name.trim(),
        phone: input.phone,
        roles: [...new Set(input.roles)],
        isOnboardingCompleted: input.isOnboardingCompleted ?? false,
      })
      .returning();
    if (user === undefined) throw new Error("createUser: insert returned no row");
    await tx.insert(subscriptions).values({ userId: user.id });
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      phone: user.phone,
      roles: user.roles,
      isOnboardingCompleted: user.isOnboardingCompleted,
    };
  });
}
