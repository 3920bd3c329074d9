import { createSessionEndpoint, deleteSessionEndpoint, LOGGED_OUT_MESSAGE } from "../../contracts/sessions.ts";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords.ts";
import { findUserForLogin } from "../auth/session-claims.ts";
import { issueSessionToken, revokeSession } from "../auth/sessions.ts";
import { normalizeEmail } from "../auth/users.ts";
import type { RouteContext } from "../http/context.ts";
import { retryAfterSeconds } from "../http/rate-limit.ts";
import { fail, type Router } from "../http/router.ts";

/**
 * POST /api/sessions: log in with e-mail and password, answer `{ access_token }`.
 * DELETE /api/sessions: log out; the token is refused from then on.
 */
export function sessionRoutes(router: Router, { db, tokens, rateLimiter, authz, now }: RouteContext): void {
  const accountLimit = rateLimiter.rules.login_account;

  router.serve(createSessionEndpoint, { guards: [rateLimiter.guard("login")] }, async ({ body, request, reply }) => {
    const email = normalizeEmail(body.email);
    // One account attacked from many addresses: past `login_account` failures in a window,
    // only addresses that have logged into this account before may keep trying, so the
    // attacker is stopped and the owner is not locked out (docs/decisions/012-hardening.md).
    const knownAddress = `${email}|${request.ip}`;
    if ((await rateLimiter.peek("login_account", email)) >= accountLimit.max && (await rateLimiter.peek("login_known", knownAddress)) === 0) {
      reply.header("Retry-After", retryAfterSeconds(accountLimit.windowMs));
      throw fail(createSessionEndpoint.errors.tooManyForAccount);
    }
    const time = now();
    const user = await findUserForLogin(db, email, time);
    // Hash even for an unknown e-mail, so timing does not reveal which accounts exist.
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (user === null || !valid) {
      await rateLimiter.hit("login_account", email);
      throw fail(createSessionEndpoint.errors.wrongCredentials);
    }
    await rateLimiter.hit("login_known", knownAddress);
    // Only after the right password, so a deactivated account is not revealed to a guesser.
    if (user.deletedAt !== null) throw fail(createSessionEndpoint.errors.deactivated);
    const { accessToken, sessionId } = await issueSessionToken(db, user, tokens, time);
    request.log.info({ userId: user.id, sessionId }, "session created");
    return { access_token: accessToken };
  });

  // Any valid session may end itself, a deactivated account's included.
  router.serve(deleteSessionEndpoint, {}, async ({ request }) => {
    const user = authz.currentUser(request);
    await revokeSession(db, user.sessionId);
    request.log.info({ userId: user.id, sessionId: user.sessionId }, "session revoked (logout)");
    return { message: LOGGED_OUT_MESSAGE };
  });
}
