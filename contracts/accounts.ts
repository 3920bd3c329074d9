import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { boundedText, confirmation, newPassword, passwordsMatch, requiredEmail, requiredSecret } from "./fields.ts";
import { LoginResponse } from "./sessions.ts";

/** POST /accounts/recover-passwords: ask for a recovery link. */
export const RecoverPasswordRequest = Schema.Struct({
  email: requiredEmail("Debes ingresar tu email"),
});
export type RecoverPasswordRequest = typeof RecoverPasswordRequest.Type;

/** The same answer whether or not the e-mail has an account. */
export const RECOVERY_REQUESTED_MESSAGE =
  "Si el email está registrado, te enviamos un enlace para crear una nueva contraseña. El enlace vence en 1 hora.";

export const MessageResponse = Schema.Struct({ message: Schema.String });
export type MessageResponse = typeof MessageResponse.Type;

export const INVALID_RECOVERY_LINK_MESSAGE =
  "El enlace para recuperar tu contraseña no es válido o ya venció. Solicita uno nuevo.";

/** PUT /accounts/recover-passwords: set a new password with the token from the e-mail. */
export const ResetPasswordRequest = Schema.Struct({
  recover_token: requiredSecret(INVALID_RECOVERY_LINK_MESSAGE),
  password: newPassword(),
  password_confirmation: confirmation,
}).pipe(Schema.filter(passwordsMatch("password", "password_confirmation")));
export type ResetPasswordRequest = typeof ResetPasswordRequest.Type;

/** The reset form on /recuperar-contrasena?token=… (the token comes from the URL). */
export const ResetPasswordForm = Schema.Struct({
  password: newPassword(),
  password_confirmation: confirmation,
}).pipe(Schema.filter(passwordsMatch("password", "password_confirmation")));

export const PASSWORD_RESET_MESSAGE = "Contraseña actualizada con éxito";

/**
 * After a password change or reset every other session is closed, and the
 * answer carries a fresh access token for this one.
 */
export const PasswordChangedResponse = Schema.Struct({
  message: Schema.String,
  access_token: Schema.String,
});
export type PasswordChangedResponse = typeof PasswordChangedResponse.Type;

/** PATCH /accounts/passwords: change the password, knowing the current one. */
export const ChangePasswordRequest = Schema.Struct({
  current_password: requiredSecret("Debes ingresar tu contraseña actual"),
  new_password: newPassword(),
  password_confirmation: confirmation,
}).pipe(Schema.filter(passwordsMatch("new_password", "password_confirmation")));
export type ChangePasswordRequest = typeof ChangePasswordRequest.Type;

/** PATCH /accounts: name and phone of the signed-in user. */
export const UpdateProfileRequest = Schema.Struct({
  name: boundedText("Debes ingresar tu nombre", 120),
  phone: boundedText("Debes ingresar tu teléfono", 30),
});
export type UpdateProfileRequest = typeof UpdateProfileRequest.Type;

/** The stored values after the update, for the session to pick up at once. */
export const UpdateProfileResponse = Schema.Struct({
  name: Schema.String,
  phone: Schema.NullOr(Schema.String),
});
export type UpdateProfileResponse = typeof UpdateProfileResponse.Type;

export const WRONG_CURRENT_PASSWORD_MESSAGE = "La contraseña actual no es correcta.";

export const TOO_MANY_PASSWORD_CHANGES_MESSAGE =
  "Hubo demasiados intentos de cambiar la contraseña. Espera unos minutos o recupera tu contraseña por email.";

// --- Endpoints -------------------------------------------------------------------

/** POST /accounts/recover-passwords: the same answer whether or not the e-mail has an account. */
export const requestPasswordRecoveryEndpoint = defineEndpoint({
  method: "POST",
  path: "/accounts/recover-passwords",
  summary: "Send a password recovery link (the answer never says whether the account exists).",
  access: { who: "anyone" },
  body: RecoverPasswordRequest,
  response: MessageResponse,
});

/** PUT /accounts/recover-passwords: the new password with the link's token. */
export const resetPasswordEndpoint = defineEndpoint({
  method: "PUT",
  path: "/accounts/recover-passwords",
  summary: "Set a new password with the token of a recovery link; every session ends and a fresh token is answered.",
  // The recovery link is the permission.
  access: { who: "token" },
  body: ResetPasswordRequest,
  response: PasswordChangedResponse,
  errors: { invalidLink: { status: 400, message: INVALID_RECOVERY_LINK_MESSAGE } },
});

/** PATCH /accounts: the signed-in user's name and phone. */
export const updateProfileEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/accounts",
  summary: "Update the signed-in user's name and phone.",
  access: { who: "signedIn" },
  body: UpdateProfileRequest,
  response: UpdateProfileResponse,
});

/** PATCH /accounts/passwords: change the password, knowing the current one. */
export const changePasswordEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/accounts/passwords",
  summary: "Change the signed-in user's password; every session ends and a fresh token is answered.",
  access: { who: "signedIn" },
  body: ChangePasswordRequest,
  response: PasswordChangedResponse,
  // A 400, not a 401: a wrong current password must not end the session.
  errors: {
    wrongCurrentPassword: { status: 400, message: WRONG_CURRENT_PASSWORD_MESSAGE },
    // Counted per address and per account: with a stolen token each try is a guess at the password.
    tooMany: { status: 429, message: TOO_MANY_PASSWORD_CHANGES_MESSAGE },
  },
});

// --- E-mail verification (issue 16; docs/decisions/023-deal-room.md) -------------------------

/**
 * A buyer must verify their e-mail before asking a company for its full
 * profile: the link we e-mail carries a one-time token, valid for
 * EMAIL_VERIFICATION_TTL_HOURS.
 */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

export const EMAIL_VERIFICATION_MESSAGES = {
  sent: "Te enviamos un enlace para verificar tu correo. Revisa tu bandeja de entrada.",
  verified: "Tu correo quedó verificado.",
  alreadyVerified: "Tu correo ya está verificado.",
  invalidLink: "El enlace para verificar tu correo no es válido o ya venció. Solicita uno nuevo.",
  tooMany: "Pediste demasiados enlaces seguidos. Espera unos minutos e intenta de nuevo.",
} as const;

export const EmailVerificationStatus = Schema.Struct({
  email: Schema.String,
  verified: Schema.Boolean,
  verified_at: Schema.NullOr(Schema.String),
});
export type EmailVerificationStatus = typeof EmailVerificationStatus.Type;

/** PUT /accounts/email_verifications: the token from the e-mailed link. */
export const VerifyEmailRequest = Schema.Struct({
  token: requiredSecret(EMAIL_VERIFICATION_MESSAGES.invalidLink, 200),
});
export type VerifyEmailRequest = typeof VerifyEmailRequest.Type;

/** GET /accounts/email_verifications: whether the signed-in user's e-mail is verified. */
export const getEmailVerificationEndpoint = defineEndpoint({
  method: "GET",
  path: "/accounts/email_verifications",
  summary: "Whether the signed-in user's e-mail is verified.",
  access: { who: "signedIn" },
  response: EmailVerificationStatus,
});

/** POST /accounts/email_verifications: e-mail the signed-in user a verification link. */
export const requestEmailVerificationEndpoint = defineEndpoint({
  method: "POST",
  path: "/accounts/email_verifications",
  summary: "E-mail the signed-in user a link that verifies their address (valid 48 h; a new link replaces the old).",
  access: { who: "signedIn" },
  response: MessageResponse,
  status: 201,
  errors: {
    alreadyVerified: { status: 409, message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified },
    tooMany: { status: 429, message: EMAIL_VERIFICATION_MESSAGES.tooMany },
  },
});

/**
 * What verifying answers: the message, and, when the link was opened without
 * a session, the login's access token for the account it verified (the link
 * proves the mailbox, as a recovery link does: docs/decisions/034). Opened
 * with a session (any account's), that session is kept and no token is sent.
 */
export const VerifyEmailResponse = Schema.Struct({
  ...MessageResponse.fields,
  access_token: Schema.optional(LoginResponse.fields.access_token),
});
export type VerifyEmailResponse = typeof VerifyEmailResponse.Type;

/** PUT /accounts/email_verifications: verify the address with the link's token (no session needed: the link may open anywhere). */
export const verifyEmailEndpoint = defineEndpoint({
  method: "PUT",
  path: "/accounts/email_verifications",
  summary: "Verify an e-mail address with the one-time token of the e-mailed link; without a session, answers a fresh access token for that account.",
  // The e-mailed link is the permission: no session needed.
  access: { who: "token" },
  body: VerifyEmailRequest,
  response: VerifyEmailResponse,
  errors: {
    invalidLink: { status: 400, message: EMAIL_VERIFICATION_MESSAGES.invalidLink },
    tooMany: { status: 429, message: EMAIL_VERIFICATION_MESSAGES.tooMany },
  },
});
