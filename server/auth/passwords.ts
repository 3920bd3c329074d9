import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (memory-hard, in node:crypto). A stored hash
 * carries its own parameters: `scrypt$N$r$p$saltB64$hashB64`, so raising the
 * cost later still verifies old hashes.
 */
export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** Production cost: N = 2^15, r = 8, p = 1 (about 32 MiB per hash). */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/**
 * A cheap cost for tests only; pass it explicitly (`{ params: TEST_SCRYPT_PARAMS }`).
 * Nothing selects it from the environment.
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

// scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is exactly
// too small for N = 2^15, r = 8, so leave headroom.
const maxmemFor = ({ N, r, p }: ScryptParams): number => 128 * N * r * p + 16 * 1024 * 1024;

const deriveKey = (password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

export interface HashOptions {
  readonly params?: ScryptParams;
}

export async function hashPassword(password: string, options: HashOptions = {}): Promise<string> {
  const params = options.params ?? DEFAULT_SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, params, KEY_LENGTH);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), key.toString("base64")].join("$");
}

const MAX_N = 2 ** 20;

const parseHash = (stored: string) => {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, salt, hash] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  if (params.N > MAX_N || params.r > 32 || params.p > 16) return null;
  if (salt === undefined || hash === undefined) return null;
  const expected = Buffer.from(hash, "base64");
  if (expected.length === 0) return null;
  return { params, salt: Buffer.from(salt, "base64"), expected };
};

/** Constant-time check of `password` against a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params, parsed.expected.length);
  return timingSafeEqual(key, parsed.expected);
}

/**
 * A valid hash of a random password, verified against when the e-mail is
 * unknown, so a login takes the same time whether or not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
