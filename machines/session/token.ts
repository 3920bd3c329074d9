import { Option, Schema } from "effect";
import { SessionClaims } from "../../contracts/sessions.ts";

/**
 * Reading the access token on the client. The signature is NOT checked here:
 * the server verifies every request, the client only needs the claims to show
 * who is signed in and to know when the token runs out. Works in the browser
 * and in Node (atob + TextDecoder, no Buffer).
 */

const decodeClaims = Schema.decodeUnknownOption(SessionClaims);

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function base64UrlToText(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/**
 * The claims of a compact JWT (`header.payload.signature`), decoded with the
 * `SessionClaims` contract; anything malformed (wrong shape, bad base64url,
 * bad UTF-8, bad JSON, missing or mistyped claims) gives `null`.
 */
export function decodeTokenClaims(token: string): SessionClaims | null {
  const parts = token.split(".");
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || !BASE64URL.test(payload)) return null;
  try {
    return Option.getOrNull(decodeClaims(JSON.parse(base64UrlToText(payload))));
  } catch {
    return null;
  }
}

/** A token that decodes, names a numeric user and has not expired yet. */
export interface LiveToken {
  readonly claims: SessionClaims;
  /** `Number(sub)`. */
  readonly userId: number;
  /** `exp` in milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** `token` as a usable session at time `now` (ms), or `null` if it is not one. */
export function readLiveToken(token: string | null, now: number): LiveToken | null {
  if (token === null) return null;
  const claims = decodeTokenClaims(token);
  if (claims === null || !/^\d+$/.test(claims.sub)) return null;
  const userId = Number(claims.sub);
  const expiresAt = claims.exp * 1000;
  if (!Number.isSafeInteger(userId) || !Number.isFinite(expiresAt) || expiresAt <= now) return null;
  return { claims, userId, expiresAt };
}
