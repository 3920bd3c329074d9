import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed URL of a data-room file: GET /api/files/<fileId>.<viewerId>.<expires>.<signature>.
 * A new tab carries no session (the token lives in the app), so the URL is
 * the permission, for SIGNED_URL_TTL_SECONDS. The signature (HMAC-SHA256
 * with the server's signing key) covers the file, the viewer and the
 * expiry: changing any of them, or reusing it for another file, fails.
 */

const message = (fileId: number, viewerId: number, expires: number) => `puente-file:v1:${fileId}:${viewerId}:${expires}`;

const signatureOf = (key: Uint8Array, fileId: number, viewerId: number, expires: number): string =>
  createHmac("sha256", key).update(message(fileId, viewerId, expires)).digest("base64url");

export function signFileToken(key: Uint8Array, fileId: number, viewerId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${fileId}.${viewerId}.${expires}.${signatureOf(key, fileId, viewerId, expires)}`;
}

const ID = /^[1-9]\d{0,9}$/;

/** What a genuine token says: the file, the viewer it was issued to, and whether its minutes are over at `now`. */
export interface SignedFileLink {
  readonly fileId: number;
  readonly viewerId: number;
  readonly expired: boolean;
}

/**
 * A token we signed (the signature is checked first, in constant time), with
 * whether it has expired; null for anything else (forged, tampered,
 * malformed), about which nothing is said. Only a genuine token's expiry is
 * told apart: its holder was given the link by us.
 */
export function verifyFileToken(key: Uint8Array, token: string, now: Date): SignedFileLink | null {
  const parts = token.split(".");
  if (parts.length !== 4) return null;
  const [fileText = "", viewerText = "", expiresText = "", signature = ""] = parts;
  if (!ID.test(fileText) || !ID.test(viewerText) || !ID.test(expiresText)) return null;
  const [fileId, viewerId, expires] = [Number(fileText), Number(viewerText), Number(expiresText)];
  const expected = Buffer.from(signatureOf(key, fileId, viewerId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { fileId, viewerId, expired: expires * 1000 <= now.getTime() };
}
