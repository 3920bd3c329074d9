import { Option, Schema } from "effect";
import { SessionClaims } from "../../contracts/sessions.ts";

// The signature is NOT checked here: the server verifies every request, the
// client only needs the claims to show who is signed in and to know when the
// token runs out. Works in the browser and in Node (atob + TextDecoder, no
// Buffer).

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
