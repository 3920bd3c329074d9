import { count, desc, or } from "drizzle-orm";
import type { AdminUserList } from "../../contracts/admin.ts";
import { DASHBOARD_PAGE_SIZE } from "../../contracts/companies.ts";
import type { Database } from "../db/open.ts";
import { users } from "../auth/schema.ts";
import { unaccentedContains } from "../db/contains-text.ts";

export interface UserListInput {
  readonly q?: string | undefined;
  readonly page?: number | undefined;
  readonly perPage?: number | undefined;
}

/**
 * GET /users: every account, deactivated ones included, newest first. `q`
 * matches the name or the e-mail, ignoring accents and case (the contract
 * caps it at 100 characters).
 */
export async function listUsers(db: Database, input: UserListInput): Promise<AdminUserList> {
  const page = input.page ?? 1;
  const perPage = input.perPage ?? DASHBOARD_PAGE_SIZE;
  const q = input.q?.trim() ?? "";
  const where = q === "" ? undefined : or(unaccentedContains(users.name, q), unaccentedContains(users.email, q));
  const [rows, totals] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, roles: users.roles, createdAt: users.createdAt, deletedAt: users.deletedAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      roles: row.roles.map((name) => ({ name })),
      deletedAt: row.deletedAt === null ? null : row.deletedAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
    page,
    per_page: perPage,
  };
}
