import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

const MIN_SECRET_BYTES = 32;

/**
 * The HS256 signing secret. JWT_SECRET wins when set (at least 32 bytes).
 * Otherwise 32 random bytes are generated once and kept in `file`
 * (mode 600), so sessions survive a restart.
 */
export async function loadJwtSecret(options: { env?: string | undefined; file: string }): Promise<Uint8Array> {
  const fromEnv = options.env;
  if (fromEnv !== undefined && fromEnv !== "") {
    const bytes = new TextEncoder().encode(fromEnv);
    if (bytes.length < MIN_SECRET_BYTES) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long.`);
    }
    return bytes;
  }
  try {
    const stored = Buffer.from((await readFile(options.file, "utf8")).trim(), "base64");
    if (stored.length >= MIN_SECRET_BYTES) return new Uint8Array(stored);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  const secret = randomBytes(MIN_SECRET_BYTES);
  await mkdir(dirname(options.file), { recursive: true });
  await writeFile(options.file, `${secret.toString("base64")}\n`, { mode: 0o600 });
  await chmod(options.file, 0o600);
  return new Uint8Array(secret);
}
