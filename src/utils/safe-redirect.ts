/** Where a user lands after login when no (safe) redirect was asked for. */
export const DEFAULT_AFTER_LOGIN = "/compra-una-empresa";

const PROBE_ORIGIN = "https://puente.invalid";

/**
 * The `redirect` query parameter when it is a same-site path: it starts with
 * one '/', not '//' or '/\\' (protocol-relative), carries no scheme, and still
 * resolves to our own origin once the URL parser has stripped tabs and
 * newlines. Anything else is ignored so a link cannot send a user elsewhere.
 */
export function safeRedirect(search: string): string | null {
  const value = new URLSearchParams(search).get("redirect");
  if (value === null) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** `/iniciar-sesion?redirect=…` for the page the user wanted. */
export function loginPathFor(pathAndSearch: string): string {
  return `/iniciar-sesion?${new URLSearchParams({ redirect: pathAndSearch }).toString()}`;
}
