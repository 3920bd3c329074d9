import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import {
  ChangePasswordRequest,
  MessageResponse,
  PASSWORD_RESET_MESSAGE,
  RECOVERY_REQUESTED_MESSAGE,
  RecoverPasswordRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
  UpdateProfileResponse,
} from "../../contracts/accounts.ts";
import { changePassword, updateProfile } from "../accounts/profile.ts";
import { resetPasswordWithToken, sendRecoveryLink } from "../accounts/password-recovery.ts";
import { decodeBody } from "../http/decode.ts";
import type { RouteContext } from "./context.ts";

const decodeRecover = decodeBody(RecoverPasswordRequest);
const decodeReset = decodeBody(ResetPasswordRequest);
const decodeProfile = decodeBody(UpdateProfileRequest);
const decodeChangePassword = decodeBody(ChangePasswordRequest);
const encodeMessage = Schema.encodeSync(MessageResponse);
const encodeProfile = Schema.encodeSync(UpdateProfileResponse);

/**
 * Accounts (spec section 7): password recovery by e-mail, profile and
 * password change of the signed-in user.
 */
export function registerAccountRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, authz, rateLimiter, background, mailer, appUrl } = context;

  // Same status, body and timing whether or not the e-mail has an account:
  // the lookup and the e-mail happen after the answer.
  app.post("/accounts/recover-passwords", { preHandler: rateLimiter.guard("recovery") }, async (request, reply) => {
    const { email } = decodeRecover(request);
    const log = request.log;
    background.run("password recovery e-mail", async () => {
      const sent = await sendRecoveryLink({ db, mailer, appUrl }, email);
      log.info({ sent }, "password recovery requested");
    });
    return reply.code(200).send(encodeMessage({ message: RECOVERY_REQUESTED_MESSAGE }));
  });

  app.put("/accounts/recover-passwords", { preHandler: rateLimiter.guard("recovery") }, async (request, reply) => {
    const { recover_token, password } = decodeReset(request);
    const userId = await resetPasswordWithToken(db, recover_token, password);
    request.log.info({ userId }, "password reset with a recovery link");
    return reply.code(200).send(encodeMessage({ message: PASSWORD_RESET_MESSAGE }));
  });

  app.patch("/accounts", { preHandler: authz.requireAuth }, async (request, reply) => {
    const user = authz.currentUser(request);
    const profile = await updateProfile(db, user.id, decodeProfile(request));
    return reply.code(200).send(encodeProfile(profile));
  });

  app.patch("/accounts/passwords", { preHandler: authz.requireAuth }, async (request, reply) => {
    const user = authz.currentUser(request);
    const body = decodeChangePassword(request);
    await changePassword(db, user.id, { currentPassword: body.current_password, newPassword: body.new_password });
    request.log.info({ userId: user.id }, "password changed");
    return reply.code(200).send(encodeMessage({ message: PASSWORD_RESET_MESSAGE }));
  });
}
