import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { LoginRequest, LoginResponse } from "../../contracts/sessions.ts";
import { dummyPasswordHash, verifyPassword } from "../auth/passwords.ts";
import { signSessionToken } from "../auth/tokens.ts";
import { decodeBody } from "../http/decode.ts";
import { HttpError, MESSAGES } from "../http/errors.ts";
import { normalizeEmail } from "../users/create-user.ts";
import { findUserForLogin, sessionClaimsFor } from "../users/session-claims.ts";
import type { RouteContext } from "./context.ts";

const decodeLogin = decodeBody(LoginRequest);
const encodeResponse = Schema.encodeSync(LoginResponse);

/** POST /api/sessions: log in with e-mail and password, answer `{ access_token }`. */
export function registerSessionRoutes(app: FastifyInstance, { db, tokens, rateLimiter }: RouteContext): void {
  app.post("/sessions", { preHandler: rateLimiter.guard("login") }, async (request, reply) => {
    const { email, password } = decodeLogin(request);
    const user = await findUserForLogin(db, normalizeEmail(email));
    // Hash even for an unknown e-mail, so timing does not reveal which accounts exist.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (user === null || !valid) throw new HttpError(401, MESSAGES.wrongCredentials);
    // Only after the right password, so a deactivated account is not revealed to a guesser.
    if (user.deletedAt !== null) throw new HttpError(403, MESSAGES.deactivated);
    const accessToken = await signSessionToken(sessionClaimsFor(user), tokens);
    request.log.info({ userId: user.id }, "session created");
    return reply.code(200).send(encodeResponse({ access_token: accessToken }));
  });
}
