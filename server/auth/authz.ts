import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Role, SessionClaims } from "../../contracts/sessions.ts";
import { verifySessionToken, type TokenSettings } from "./tokens.ts";
import type { Database } from "../db/open.ts";
import { companies, users } from "../db/schema.ts";
import { HttpError, MESSAGES, forbidden, notFound, unauthorized } from "../http/errors.ts";

/**
 * The one place where requests are authenticated and authorized.
 *
 * - A hook on every request reads `Authorization: Bearer <token>`. No header:
 *   `request.user` is null. A header that is not a valid, unexpired HS256
 *   token signed with our secret: 401 on any route.
 * - Routes declare what they need with the guards below, as preHandlers:
 *   `{ preHandler: authz.requireRole("admin") }`.
 * - Company routes call `authz.assertCompanyAccess(request, id)`: the owner
 *   or an admin.
 */

/** The signed-in user, from verified token claims. */
export type SessionUser = SessionClaims & { readonly id: number };

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Authz {
  /** 401 unless signed in with an active (not deactivated) account. */
  readonly requireAuth: Guard;
  /** requireAuth, then 403 unless the user has one of `roles`. */
  readonly requireRole: (...roles: ReadonlyArray<Role>) => Guard;
  /** The signed-in user or a 401 (for use inside handlers after a guard). */
  readonly currentUser: (request: FastifyRequest) => SessionUser;
  /** 404 if the company does not exist, 403 unless its owner or an admin. */
  readonly assertCompanyAccess: (request: FastifyRequest, companyId: number) => Promise<void>;
}

export const isAdmin = (user: Pick<SessionUser, "roles">): boolean => user.roles.includes("admin");

/** Owner of the company or an admin. */
export const canManageCompany = (user: Pick<SessionUser, "roles" | "id">, ownerUserId: number | null): boolean =>
  isAdmin(user) || (ownerUserId !== null && ownerUserId === user.id);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function registerAuthz(app: FastifyInstance, deps: { db: Database; tokens: Pick<TokenSettings, "secret"> }): Authz {
  const { db, tokens } = deps;
  app.decorateRequest("user", null);

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || header === "") return;
    const token = BEARER.exec(header)?.[1];
    const claims = token === undefined ? null : await verifySessionToken(token, tokens);
    const id = claims === null ? NaN : Number(claims.sub);
    if (claims === null || !Number.isSafeInteger(id) || id <= 0) throw new HttpError(401, MESSAGES.invalidSession);
    request.user = { ...claims, id };
  });

  const currentUser = (request: FastifyRequest): SessionUser => {
    if (request.user === null) throw unauthorized();
    return request.user;
  };

  // The token may outlive a deactivation: check the account on guarded routes.
  const requireAuth: Guard = async (request) => {
    const user = currentUser(request);
    const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, user.id)).limit(1);
    if (row === undefined) throw new HttpError(401, MESSAGES.invalidSession);
    if (row.deletedAt !== null) throw forbidden(MESSAGES.deactivated);
  };

  const requireRole =
    (...roles: ReadonlyArray<Role>): Guard =>
    async (request, reply) => {
      await requireAuth(request, reply);
      if (!currentUser(request).roles.some((role) => roles.includes(role))) throw forbidden();
    };

  const assertCompanyAccess = async (request: FastifyRequest, companyId: number): Promise<void> => {
    const user = currentUser(request);
    const [company] = await db
      .select({ ownerUserId: companies.ownerUserId })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (company === undefined) throw notFound(MESSAGES.companyNotFound);
    if (!canManageCompany(user, company.ownerUserId)) throw forbidden();
  };

  return { requireAuth, requireRole, currentUser, assertCompanyAccess };
}
