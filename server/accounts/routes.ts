import {
  changePasswordEndpoint,
  EMAIL_VERIFICATION_MESSAGES,
  getEmailVerificationEndpoint,
  PASSWORD_RESET_MESSAGE,
  RECOVERY_REQUESTED_MESSAGE,
  requestPasswordRecoveryEndpoint,
  resetPasswordEndpoint,
  requestEmailVerificationEndpoint,
  updateProfileEndpoint,
  verifyEmailEndpoint,
} from "../../contracts/accounts.ts";
import { createBuyerEndpoint, createSellerEndpoint } from "../../contracts/registration.ts";
import type { RouteContext } from "../http/context.ts";
import type { Router } from "../http/router.ts";
import { emailVerificationStatus, queueVerificationLink, verificationRecipient, verifyEmailWithToken } from "./email-verification.ts";
import { queueRecoveryLink, resetPasswordWithToken } from "./password-recovery.ts";
import { changePassword, updateProfile } from "./profile.ts";
import { registerBuyer, registerSeller } from "./registration.ts";

/**
 * Accounts (spec section 7): sign-up of buyers and sellers, password
 * recovery by e-mail, profile and password change of the signed-in user,
 * and e-mail verification (issue 16).
 */
export function accountRoutes(router: Router, context: RouteContext): void {
  const { db, authz, rateLimiter, background, mailer, appUrl, tokens, now } = context;

  // The account and its verification e-mail are committed together (the outbox delivers it after the commit: no mail server is in the answer).
  router.serve(createBuyerEndpoint, { guards: [rateLimiter.guard("signup")] }, async ({ body, request }) => {
    const buyer = await registerBuyer(db, body, {
      alongWith: (tx, created) => queueVerificationLink({ db: tx, mailer, appUrl, now }, { id: created.id, email: created.email, name: body.user.name.trim() }),
    });
    request.log.info({ userId: buyer.id }, "buyer registered; email verification link queued");
    return buyer;
  });

  router.serve(createSellerEndpoint, { guards: [rateLimiter.guard("signup")] }, async ({ body, request }) => {
    const seller = await registerSeller(db, body);
    request.log.info({ userId: seller.id, companyId: seller.company.id }, "seller registered");
    return { id: seller.id, email: seller.email, company: { id: seller.company.id, human_id: seller.company.humanId } };
  });

  // Same status, body and timing whether or not the e-mail has an account:
  // the lookup and the e-mail happen after the answer.
  router.serve(requestPasswordRecoveryEndpoint, { guards: [rateLimiter.guard("recovery")] }, async ({ body, request }) => {
    const log = request.log;
    background.run("password recovery e-mail", async () => {
      const queued = await queueRecoveryLink({ db, mailer, appUrl }, body.email);
      log.info({ queued }, "password recovery requested");
    });
    return { message: RECOVERY_REQUESTED_MESSAGE };
  });

  router.serve(resetPasswordEndpoint, { guards: [rateLimiter.guard("recovery")] }, async ({ body, request }) => {
    const { userId, accessToken } = await resetPasswordWithToken(db, body.recover_token, body.password, tokens);
    request.log.info({ userId }, "password reset with a recovery link; every session revoked");
    return { message: PASSWORD_RESET_MESSAGE, access_token: accessToken };
  });

  router.serve(updateProfileEndpoint, {}, async ({ body, request }) =>
    updateProfile(db, authz.currentUser(request).id, body),
  );

  // Each try costs two scrypt hashes and, with a stolen token, is a guess at the password: counted per address and per account.
  const tooManyPasswordChanges = changePasswordEndpoint.errors.tooMany.message;
  const passwordChangeGuards = [
    rateLimiter.guard("password_change", { message: tooManyPasswordChanges }),
    rateLimiter.guard("password_change_account", { key: (request) => `user:${authz.currentUser(request).id}`, message: tooManyPasswordChanges }),
  ];
  router.serve(changePasswordEndpoint, { guards: passwordChangeGuards }, async ({ body, request }) => {
    const user = authz.currentUser(request);
    const caller = { userId: user.id, sessionId: user.sessionId };
    const accessToken = await changePassword(db, caller, { currentPassword: body.current_password, newPassword: body.new_password }, tokens, { now });
    request.log.info({ userId: user.id }, "password changed; every other session revoked");
    return { message: PASSWORD_RESET_MESSAGE, access_token: accessToken };
  });

  // E-mail verification (docs/decisions/023-deal-room.md): sending a link is counted per account, using one per address.
  router.serve(getEmailVerificationEndpoint, {}, async ({ request }) => emailVerificationStatus(db, authz.currentUser(request).id));

  const verificationErrors = requestEmailVerificationEndpoint.errors;
  const perAccount = rateLimiter.guard("email_verification", {
    key: (request) => `user:${authz.currentUser(request).id}`,
    message: verificationErrors.tooMany.message,
  });
  router.serve(requestEmailVerificationEndpoint, { guards: [perAccount] }, async ({ request }) => {
    const recipient = await verificationRecipient(db, authz.currentUser(request).id);
    await queueVerificationLink({ db, mailer, appUrl, now }, recipient);
    request.log.info({ userId: recipient.id }, "email verification link queued");
    return { message: EMAIL_VERIFICATION_MESSAGES.sent };
  });

  const perAddress = rateLimiter.guard("email_verification", { message: verifyEmailEndpoint.errors.tooMany.message });
  // Opened without a session, the link signs its opener in (the mailbox is proven, as a recovery link proves it:
  // docs/decisions/034); a session already open in that browser, whoever's, is kept and no other is opened.
  router.serve(verifyEmailEndpoint, { guards: [perAddress] }, async ({ body, request }) => {
    const signIn = request.user === null ? { tokens } : undefined;
    const { userId, accessToken } = await verifyEmailWithToken(db, body.token, now(), signIn);
    request.log.info({ userId, signedIn: accessToken !== null }, "email verified");
    return { message: EMAIL_VERIFICATION_MESSAGES.verified, ...(accessToken === null ? {} : { access_token: accessToken }) };
  });
}
