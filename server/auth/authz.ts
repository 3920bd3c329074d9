import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { POSTGRES_INT_MAX } from "../../contracts/fields.ts";
import type { Role, SessionClaims } from "../../contracts/sessions.ts";
import { SUBSCRIPTION_MESSAGES } from "../../contracts/subscriptions.ts";
import { subscriptionAccess } from "./subscription-access.ts";
import { verifySessionToken, type TokenSettings } from "./tokens.ts";
import type { Database } from "../db/open.ts";
import { companies } from "../companies/schema.ts";
import { sessions, users } from "./schema.ts";
import { subscriptions } from "../payments/schema.ts";
import { HttpError, MESSAGES, forbidden, notFound, unauthorized } from "../http/errors.ts";

/**
 * The one place where requests are authenticated and authorized.
 *
 * - A hook on every request reads `Authorization: Bearer <token>`. No header:
 *   `request.user` is null. A header that is not a valid, unexpired HS256
 *   token signed with our secret, or of a session that ended: 401 on any
 *   route (saying the account is deactivated when that is why it ended).
 * - Every endpoint declares who may call it (`access` in contracts/, see
 *   contracts/endpoint.ts `Access`); the router asks `accessGuard(endpoint)`
 *   for the checks of the caller that rule needs and runs them first, and
 *   runs `assertCompanyAccess` for a `companyManager` rule. Features never
 *   list these guards by hand: their context has only `currentUser`.
 * - `requirePaid` (and the `paid` rules): 403 unless the subscription, read
 *   from the database on this request, gives access now.
 */

/**
 * The signed-in user: the verified token's claims, with the roles, the
 * deactivation and the subscription (`is_paid`, `status`) read from the
 * database on this request (a role change, a deactivation, a payment or the
 * end of a paid period takes effect at once, whatever the token says).
 */
export type SessionUser = SessionClaims & {
  readonly id: number;
  readonly sessionId: string;
  readonly deactivated: boolean;
};

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
  /**
   * requireAuth, then 403 with `message` (default: the spec's "Para habilitar es
   * necesario que cuentes con uno de nuestros planes") unless the user's
   * subscription, as the database says on this request, gives access now.
   * Never the token's `is_paid`, which is only as fresh as the log-in.
   */
  readonly requirePaid: (message?: string) => Guard;
  /** The signed-in user or a 401 (for use inside handlers after a guard). */
  readonly currentUser: (request: FastifyRequest) => SessionUser;
  /** 404 unless the company exists and the user is its owner or an admin (the same answer for both). */
  readonly assertCompanyAccess: (request: FastifyRequest, companyId: number) => Promise<void>;
  /**
   * The checks of the caller that the endpoint's `access` rule asks for, as
   * one guard (null when it asks none: `anyone`, `token`): 401 without a
   * session, 403 for a deactivated account (except `session`), then the
   * rule's role or plan (403 with the endpoint's `refusal` error). Throws at
   * once when `refusal` names no error of the endpoint.
   */
  readonly accessGuard: (endpoint: Endpoint) => Guard | null;
}

/** What a feature may ask of authorization: who is calling (the router enforces the rest from the declarations). */
export type SessionReader = Pick<Authz, "currentUser">;

export const isAdmin = (user: Pick<SessionUser, "roles">): boolean => user.roles.includes("admin");

/** Owner of the company or an admin. */
export const canManageCompany = (user: Pick<SessionUser, "roles" | "id">, ownerUserId: number | null): boolean =>
  isAdmin(user) || (ownerUserId !== null && ownerUserId === user.id);

export const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface SessionState {
  readonly roles: ReadonlyArray<Role>;
  readonly deletedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly expiresAt: Date;
  readonly subscriptionStatus: string | null;
  readonly isPaid: boolean | null;
  readonly periodEnd: Date | null;
  readonly cancelAt: Date | null;
  readonly provider: string | null;
}

type SessionStatement = { execute(values: { sid: string; userId: number }): Promise<ReadonlyArray<SessionState>> };

export interface AuthzDeps {
  readonly db: Database;
  readonly tokens: Pick<TokenSettings, "secret">;
  /** The clock for session expiry and paid periods; default the system's. */
  readonly now?: () => Date;
}

export function registerAuthz(app: FastifyInstance, deps: AuthzDeps): Authz {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  app.decorateRequest("user", null);

  // One primary-key lookup per signed request: the session, its user and the user's subscription.
  const sessionState: SessionStatement = db
    .select({
      roles: users.roles,
      deletedAt: users.deletedAt,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      subscriptionStatus: subscriptions.status,
      isPaid: subscriptions.isPaid,
      periodEnd: subscriptions.periodEnd,
      cancelAt: subscriptions.cancelAt,
      provider: subscriptions.provider,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sid")), eq(sessions.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("authz_session_state");

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || header === "") return;
    const token = BEARER.exec(header)?.[1];
    const claims = token === undefined ? null : await verifySessionToken(token, tokens);
    const id = claims === null ? NaN : Number(claims.sub);
    if (claims === null || !Number.isSafeInteger(id) || id <= 0 || id > POSTGRES_INT_MAX) throw new HttpError(401, MESSAGES.invalidSession);
    const [state] = await sessionState.execute({ sid: claims.sid, userId: id });
    const time = now();
    // A logged-out, replaced (password change) or expired session: the token is dead. When the account was
    // deactivated since (which ends its sessions), the 401 says so: the app signs its person out telling why.
    if (state === undefined || state.revokedAt !== null || state.expiresAt.getTime() <= time.getTime()) {
      throw new HttpError(401, state !== undefined && state.deletedAt !== null ? MESSAGES.deactivated : MESSAGES.invalidSession);
    }
    const { subscriptionStatus, isPaid, periodEnd, cancelAt, provider } = state;
    const access = subscriptionAccess(
      subscriptionStatus === null || isPaid === null ? null : { status: subscriptionStatus, isPaid, periodEnd, cancelAt, provider },
      time,
    );
    request.user = {
      ...claims,
      id,
      roles: state.roles,
      is_paid: access.isPaid,
      status: access.status,
      sessionId: claims.sid,
      deactivated: state.deletedAt !== null,
    };
  });

  const currentUser = (request: FastifyRequest): SessionUser => {
    if (request.user === null) throw unauthorized();
    return request.user;
  };

  // The hook read the account on this request: a deactivated one passes no guard.
  const requireAuth: Guard = async (request) => {
    if (currentUser(request).deactivated) throw forbidden(MESSAGES.deactivated);
  };

  const roleGuard =
    (roles: ReadonlyArray<Role>, message?: string): Guard =>
    async (request, reply) => {
      await requireAuth(request, reply);
      if (!currentUser(request).roles.some((role) => roles.includes(role))) throw forbidden(message);
    };
  const requireRole = (...roles: ReadonlyArray<Role>): Guard => roleGuard(roles);

  const requirePaid =
    (message: string = SUBSCRIPTION_MESSAGES.paidOnly, orRefunded = false): Guard =>
    async (request, reply) => {
      await requireAuth(request, reply);
      // request.user.is_paid and .status were read from the database by the hook above, on this request.
      const user = currentUser(request);
      if (!user.is_paid && !(orRefunded && user.status === "refunded")) throw forbidden(message);
    };

  const assertCompanyAccess = async (request: FastifyRequest, companyId: number): Promise<void> => {
    const user = currentUser(request);
    const [company] = await db
      .select({ ownerUserId: companies.ownerUserId })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    // Someone else's company answers exactly like a missing one: no existence oracle.
    if (company === undefined || !canManageCompany(user, company.ownerUserId)) throw notFound(MESSAGES.companyNotFound);
  };

  // Any session, a deactivated account's included.
  const requireSession: Guard = async (request) => {
    currentUser(request);
  };

  // A paid plan, unless an admin (staff need none); before anything about the object.
  const paidUnlessAdmin =
    (message: string | undefined): Guard =>
    async (request, reply) => {
      await requireAuth(request, reply);
      if (isAdmin(currentUser(request))) return;
      await requirePaid(message)(request, reply);
    };

  const accessGuard = (endpoint: Endpoint): Guard | null => {
    const { access } = endpoint;
    const refusal = "refusal" in access && access.refusal !== undefined ? endpoint.errors?.[access.refusal] : undefined;
    if ("refusal" in access && access.refusal !== undefined && refusal === undefined) {
      throw new Error(`${endpoint.method} ${endpoint.path}: access.refusal "${access.refusal}" names none of its errors`);
    }
    switch (access.who) {
      case "anyone":
      case "token":
        return null;
      case "session":
        return requireSession;
      case "signedIn":
      case "dataRoomReader":
      case "dealParty":
        return requireAuth;
      case "role":
        return roleGuard(access.roles, refusal?.message);
      case "paid":
        return requirePaid(refusal?.message, access.orRefunded === true);
      case "companyManager":
        return access.plan === "paidUnlessAdmin" ? paidUnlessAdmin(refusal?.message) : requireAuth;
    }
  };

  return { requireAuth, requireRole, requirePaid, currentUser, assertCompanyAccess, accessGuard };
}
