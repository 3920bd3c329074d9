import { describe, expect, it } from "vitest";
import { decodeTokenClaims, readLiveToken } from "../../../machines/session/session.machine.ts";
import { claimsFor, encodeSegment, makeToken, rawToken } from "./jwt.ts";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe("decodeTokenClaims", () => {
  it("reads the claims of a well-formed token", () => {
    expect(decodeTokenClaims(makeToken(NOW))).toEqual(claimsFor(NOW));
  });

  it("decodes UTF-8 (accents, ñ) and base64url characters", () => {
    // "ñ?>" style payloads produce '-' and '_' in base64url.
    const claims = claimsFor(NOW, { name: "José Muñoz ¿?>>", roles: ["admin", "buyer"], phone: null });
    const token = rawToken(claims);
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(decodeTokenClaims(token)).toEqual(claims);
  });

  it.each([
    ["empty", ""],
    ["not a JWT", "no-es-un-token"],
    ["two segments", `${encodeSegment({})}.${encodeSegment(claimsFor(NOW))}`],
    ["four segments", `${makeToken(NOW)}.extra`],
    ["payload not base64url", `${encodeSegment({})}.@@@.sig`],
    ["payload with padding", `${encodeSegment({})}.${encodeSegment(claimsFor(NOW))}==.sig`],
    ["payload not JSON", `${encodeSegment({})}.${btoa("hola").replace(/=+$/, "")}.sig`],
    ["payload not UTF-8", `${encodeSegment({})}.${btoa("\xff\xfe").replace(/=+$/, "")}.sig`],
    ["payload is an array", rawToken([1, 2])],
    ["claims missing", rawToken({ sub: "1", email: "a@b.mx" })],
    ["unknown role", rawToken({ ...claimsFor(NOW), roles: ["superuser"] })],
    ["sub is a number", rawToken({ ...claimsFor(NOW), sub: 1 })],
    ["exp is a string", rawToken({ ...claimsFor(NOW), exp: "mañana" })],
  ])("gives null for %s", (_name, token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });
});

describe("readLiveToken", () => {
  it("gives the user id and the expiry in ms for a usable token", () => {
    const token = makeToken(NOW, { sub: "17" });
    const claims = claimsFor(NOW, { sub: "17" });
    expect(readLiveToken(token, NOW)).toEqual({ claims, userId: 17, expiresAt: claims.exp * 1000 });
  });

  it("refuses no token, an expired one, one expiring right now and a non-numeric sub", () => {
    const token = makeToken(NOW);
    const exp = claimsFor(NOW).exp * 1000;
    expect(readLiveToken(null, NOW)).toBeNull();
    expect(readLiveToken(token, exp - 1)).not.toBeNull();
    expect(readLiveToken(token, exp)).toBeNull();
    expect(readLiveToken(makeToken(NOW, { sub: "abc" }), NOW)).toBeNull();
    expect(readLiveToken(makeToken(NOW, { sub: "" }), NOW)).toBeNull();
    expect(readLiveToken(makeToken(NOW, { sub: "1.5" }), NOW)).toBeNull();
    expect(readLiveToken("basura", NOW)).toBeNull();
  });
});
