import type { SignOutReason } from "../../machines/session/session.machine.ts";

/**
 * Where the app goes when a session ends, and what the login page says
 * about it. Only a deactivated account is told why (issue 28): the API said
 * so (a 401 or 403 with AUTH_MESSAGES.deactivated), and the person would
 * otherwise find a login form that refuses them with no reason given. No
 * React, no run-time imports: unit tested in node.
 */

const NOTICE_PARAM = "aviso";
const DEACTIVATED = "cuenta-desactivada";

/** Said above the login form after the app signed a deactivated account out. */
export const DEACTIVATED_SIGN_OUT_MESSAGE = "Cerramos tu sesión porque tu cuenta está desactivada. Si crees que es un error, escríbenos para reactivarla.";

/** The login page the app opens after a session ended for `reason`. */
export function loginPathAfterSignOut(reason: SignOutReason): string {
  return reason === "deactivated" ? `/iniciar-sesion?${NOTICE_PARAM}=${DEACTIVATED}` : "/iniciar-sesion";
}

/** The notice the login page shows for its query string, or null. */
export function signOutNoticeFrom(search: string): string | null {
  return new URLSearchParams(search).get(NOTICE_PARAM) === DEACTIVATED ? DEACTIVATED_SIGN_OUT_MESSAGE : null;
}
