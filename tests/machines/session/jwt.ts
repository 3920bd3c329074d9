import type { SessionClaims } from "../../../contracts/sessions.ts";

/**
 * Unsigned test tokens: `header.payload.signature` in base64url, the way the
 * server shapes them. The client never checks signatures, so any will do.
 */

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export const encodeSegment = (value: unknown): string => toBase64Url(JSON.stringify(value));

/** A token whose payload is exactly `payload` (valid or not). */
export const rawToken = (payload: unknown): string =>
  `${encodeSegment({ alg: "HS256", typ: "JWT" })}.${encodeSegment(payload)}.c2lnbmF0dXJh`;

export const HOUR = 60 * 60 * 1000;

/** Claims of a seller created `nowMs`, valid for one hour, overridable. */
export const claimsFor = (nowMs: number, overrides: Partial<SessionClaims> = {}): SessionClaims => ({
  sub: "42",
  email: "vendedora@example.mx",
  name: "Lucía Hernández",
  roles: ["seller"],
  phone: "+525512345678",
  is_onboarding_completed: false,
  is_paid: false,
  status: "free",
  iat: Math.floor(nowMs / 1000),
  exp: Math.floor((nowMs + HOUR) / 1000),
  ...overrides,
});

/** A signed-looking token carrying `claimsFor(nowMs, overrides)`. */
export const makeToken = (nowMs: number, overrides: Partial<SessionClaims> = {}): string =>
  rawToken(claimsFor(nowMs, overrides));
