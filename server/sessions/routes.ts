import { createSessionEndpoint } from "../../contracts/sessions.ts";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords.ts";
import { findUserForLogin, sessionClaimsFor } from "../auth/session-claims.ts";
import { signSessionToken } from "../auth/tokens.ts";
import { normalizeEmail } from "../auth/users.ts";
import type { RouteContext } from "../http/context.ts";
import { fail, type Router } from "../http/router.ts";

/** POST /api/sessions: log in with e-mail and password, answer `{ access_token }`. */
export function sessionRoutes(router: Router, { db, tokens, rateLimiter }: RouteContext): void {
  router.serve(createSessionEndpoint, { guards: [rateLimiter.guard("login")] }, async ({ body, request }) => {
    const user = await findUserForLogin(db, normalizeEmail(body.email));
    // Hash even for an unknown e-mail, so timing does not reveal which accounts exist.
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (user === null || !valid) throw fail(createSessionEndpoint.errors.wrongCredentials);
    // Only after the right password, so a deactivated account is not revealed to a guesser.
    if (user.deletedAt !== null) throw fail(createSessionEndpoint.errors.deactivated);
    const accessToken = await signSessionToken(sessionClaimsFor(user), tokens);
    request.log.info({ userId: user.id }, "session created");
    return { access_token: accessToken };
  });
}
