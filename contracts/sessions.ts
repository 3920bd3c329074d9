import { Schema } from "effect";
import { defineEndpoint } from "./endpoint.ts";
import { AUTH_MESSAGES } from "./errors.ts";
import { requiredEmail, requiredSecret } from "./fields.ts";

/** POST /sessions */
export const LoginRequest = Schema.Struct({
  email: requiredEmail("Debes ingresar tu email"),
  password: requiredSecret("Debes ingresar tu contraseña"),
});
export type LoginRequest = typeof LoginRequest.Type;

export const LoginResponse = Schema.Struct({
  access_token: Schema.String,
});
export type LoginResponse = typeof LoginResponse.Type;

export const Role = Schema.Literal("admin", "seller", "buyer");
export type Role = typeof Role.Type;

/**
 * Claims of the signed access token (spec section 3). `sub` is the user id as
 * a string; `exp`/`iat` are seconds since the epoch.
 */
export const SessionClaims = Schema.Struct({
  sub: Schema.String,
  email: Schema.String,
  name: Schema.String,
  roles: Schema.Array(Role),
  phone: Schema.NullOr(Schema.String),
  is_onboarding_completed: Schema.Boolean,
  is_paid: Schema.Boolean,
  status: Schema.String,
  iat: Schema.Number,
  exp: Schema.Number,
});
export type SessionClaims = typeof SessionClaims.Type;

/** POST /sessions: log in with e-mail and password. */
export const createSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/sessions",
  summary: "Log in with e-mail and password; answers a signed access token.",
  // The password is the permission; a deactivated account is refused after the right one.
  access: { who: "token" },
  body: LoginRequest,
  response: LoginResponse,
  errors: {
    wrongCredentials: { status: 401, message: AUTH_MESSAGES.wrongCredentials },
    deactivated: { status: 403, message: AUTH_MESSAGES.deactivated },
    tooManyForAccount: {
      status: 429,
      message: "Hubo demasiados intentos fallidos en esta cuenta. Espera unos minutos o recupera tu contraseña.",
    },
  },
});

export const LOGGED_OUT_MESSAGE = "Cerraste tu sesión.";

/** DELETE /sessions: log out; the token stops working at once. */
export const deleteSessionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/sessions",
  summary: "Log out: revoke the session of the token that calls it.",
  // Any valid session may end itself, a deactivated account's included.
  access: { who: "session" },
  response: Schema.Struct({ message: Schema.String }),
});
