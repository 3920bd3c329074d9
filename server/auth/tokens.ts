import { Either, Schema } from "effect";
import { SignJWT, jwtVerify } from "jose";
import { SessionClaims } from "../../contracts/sessions.ts";

/** Default access-token lifetime: 8 hours. */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export interface TokenSettings {
  readonly secret: Uint8Array;
  readonly ttlSeconds: number;
}

/**
 * What the server signs: the spec's claims plus `sid`, the server-side
 * session the token belongs to (server/auth/sessions.ts). The browser reads
 * only the spec's claims (contracts/sessions.ts) and ignores `sid`.
 */
/**
 * A session id as server/auth/sessions.ts writes it (base64url). The id is a
 * query parameter on every signed request, so anything else (a NUL, which
 * PostgreSQL refuses in text) is no session: a 401, never a 500.
 */
export const SESSION_ID_PATTERN = /^[\w-]+$/;

export const SignedClaims = Schema.Struct({
  ...SessionClaims.fields,
  sid: Schema.String.pipe(Schema.minLength(16), Schema.maxLength(64), Schema.pattern(SESSION_ID_PATTERN)),
});
export type SignedClaims = typeof SignedClaims.Type;

/** The claims we sign; `iat` and `exp` are added at signing time. */
export type SessionClaimsInput = Omit<SessionClaims, "iat" | "exp">;

const decodeClaims = Schema.decodeUnknownEither(SignedClaims);
const encodeClaims = Schema.encodeSync(SignedClaims);

/** Sign an HS256 access token for session `sid`. Use `issueSessionToken` (sessions.ts), which creates the session. */
export async function signSessionToken(
  claims: SessionClaimsInput & { readonly sid: string },
  settings: TokenSettings,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = encodeClaims({ ...claims, iat, exp: iat + settings.ttlSeconds });
  return new SignJWT({ ...payload, roles: [...payload.roles] })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(settings.secret);
}

/**
 * Verify signature (HS256 only, so `alg: none` and other algorithms fail),
 * expiry, and the claim shape. Returns null for any invalid token.
 */
export async function verifySessionToken(token: string, settings: Pick<TokenSettings, "secret">): Promise<SignedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "iat", "exp"],
    });
    return Either.getOrNull(decodeClaims(payload));
  } catch {
    return null;
  }
}
