import { Schema } from "effect";

/** Every API error body: a Spanish message meant for the user. */
export const ApiErrorBody = Schema.Struct({ message: Schema.String });
export type ApiErrorBody = typeof ApiErrorBody.Type;

/** Answers about the session that several endpoints share (and the server's guards give). */
export const AUTH_MESSAGES = {
  invalidSession: "Tu sesión expiró o no es válida. Inicia sesión de nuevo.",
  authRequired: "Debes iniciar sesión para continuar.",
  forbidden: "No tienes permiso para realizar esta acción.",
  wrongCredentials: "El email o la contraseña son incorrectos.",
  deactivated: "Tu cuenta está desactivada. Escríbenos a soporte para reactivarla.",
} as const;
