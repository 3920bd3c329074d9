import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed URL of a data-room file: GET /api/files/<fileId>.<viewerId>.<expires>.<signature>.
 * A new tab carries no session (the token lives in the app), so the URL is
 * the permission, for SIGNED_URL_TTL_SECONDS. The signature (HMAC-SHA256
 * with the server's signing key) covers the file, the viewer and the
 * expiry: changing any of them, or reusing it for another file, fails.
 */

/**
 * What the link is for: "open" (inline, the viewer's bytes) or "download"
 * (an attachment, decision 051). A download link's token carries a `d`
 * before its signature, and the signature covers the purpose: an open
 * link cannot be turned into a download.
 */
export type FileLinkPurpose = "open" | "download";

const message = (fileId: number, viewerId: number, expires: number, purpose: FileLinkPurpose) =>
  purpose === "open" ? `puente-file:v1:${fileId}:${viewerId}:${expires}` : `puente-file:v1:download:${fileId}:${viewerId}:${expires}`;

const signatureOf = (key: Uint8Array, fileId: number, viewerId: number, expires: number, purpose: FileLinkPurpose): string =>
  createHmac("sha256", key).update(message(fileId, viewerId, expires, purpose)).digest("base64url");

export function signFileToken(key: Uint8Array, fileId: number, viewerId: number, expiresAt: Date, purpose: FileLinkPurpose = "open"): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = signatureOf(key, fileId, viewerId, expires, purpose);
  return purpose === "open" ? `${fileId}.${viewerId}.${expires}.${signature}` : `${fileId}.${viewerId}.${expires}.d.${signature}`;
}

const ID = /^[1-9]\d{0,9}$/;

/** What a genuine token says: the file, the viewer it was issued to, and whether its minutes are over at `now`. */
export interface SignedFileLink {
  readonly fileId: number;
  readonly viewerId: number;
  readonly expired: boolean;
  readonly purpose: FileLinkPurpose;
}

/**
 * A token we signed (the signature is checked first, in constant time), with
 * whether it has expired; null for anything else (forged, tampered,
 * malformed), about which nothing is said. Only a genuine token's expiry is
 * told apart: its holder was given the link by us.
 */
export function verifyFileToken(key: Uint8Array, token: string, now: Date): SignedFileLink | null {
  const parts = token.split(".");
  const purpose: FileLinkPurpose | null = parts.length === 4 ? "open" : parts.length === 5 && parts[3] === "d" ? "download" : null;
  if (purpose === null) return null;
  const [fileText = "", viewerText = "", expiresText = ""] = parts;
  const signature = parts.at(-1) ?? "";
  if (!ID.test(fileText) || !ID.test(viewerText) || !ID.test(expiresText)) return null;
  const [fileId, viewerId, expires] = [Number(fileText), Number(viewerText), Number(expiresText)];
  if (!sameSignature(signature, signatureOf(key, fileId, viewerId, expires, purpose))) return null;
  return { fileId, viewerId, expired: expires * 1000 <= now.getTime(), purpose };
}

/** Constant-time comparison of a given signature with the expected one. */
function sameSignature(given: string, expected: string): boolean {
  const [givenBytes, expectedBytes] = [Buffer.from(given), Buffer.from(expected)];
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

// --- Reading tokens (decision 051) ----------------------------------------------------

/**
 * The token of a buyer's open that its page reports carry:
 * `<viewId>.<expires>.<signature>`. The view names its file and viewer, so
 * the token needs nothing else; it is checked before the database is read.
 */
const readingSignatureOf = (key: Uint8Array, viewId: number, expires: number): string =>
  createHmac("sha256", key).update(`puente-reading:v1:${viewId}:${expires}`).digest("base64url");

export function signReadingToken(key: Uint8Array, viewId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${viewId}.${expires}.${readingSignatureOf(key, viewId, expires)}`;
}

/** A reading token we signed, with whether it has expired at `now`; null for anything else. */
export function verifyReadingToken(key: Uint8Array, token: string, now: Date): { readonly viewId: number; readonly expired: boolean } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [viewText = "", expiresText = "", signature = ""] = parts;
  if (!ID.test(viewText) || !ID.test(expiresText)) return null;
  const [viewId, expires] = [Number(viewText), Number(expiresText)];
  if (!sameSignature(signature, readingSignatureOf(key, viewId, expires))) return null;
  return { viewId, expired: expires * 1000 <= now.getTime() };
}
