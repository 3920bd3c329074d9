import { eq } from "drizzle-orm";
import { hashRecoveryToken } from "../../../../server/accounts/password-recovery.ts";
import { TEST_SCRYPT_PARAMS, hashPassword } from "../../../../server/auth/passwords.ts";
import { passwordResetTokens } from "../../../../server/accounts/schema.ts";
import { users } from "../../../../server/auth/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { createUser, normalizeEmail } from "../../../../server/auth/users.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { param, type ProviderStates } from "./types.ts";

const PASSWORD = "Contrasena-segura-1";

/**
 * A buyer with exactly `password` (created if missing, password reset if an
 * earlier interaction changed it) and its id.
 */
async function buyerWithPassword(server: RunningServer, email: string, password: string): Promise<number> {
  const normalized = normalizeEmail(email);
  const existing = await findUserForLogin(server.db, normalized);
  if (existing === null) {
    const user = await createUser(server.db, { email: normalized, password, name: "Cuenta Pact", phone: "5512345678", roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
    return user.id;
  }
  await server.db
    .update(users)
    .set({ passwordHash: await hashPassword(password, { params: TEST_SCRYPT_PARAMS }), deletedAt: null })
    .where(eq(users.id, existing.id));
  return existing.id;
}

/** A real log-in through POST /api/sessions, so the token is one the server signed. */
async function logIn(server: RunningServer, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json();
  const token = typeof body === "object" && body !== null ? Reflect.get(body, "access_token") : undefined;
  if (typeof token !== "string") throw new Error(`provider state: log-in of ${email} failed (${response.status})`);
  return token;
}

export const accountStates: ProviderStates = (server) => ({
  "a recovery link was sent to a buyer": async (params) => {
    await seedCatalogues(server.db);
    const userId = await buyerWithPassword(server, param(params, "email", "recupera.pact@example.mx"), PASSWORD);
    const tokenHash = hashRecoveryToken(param(params, "token", "token-de-ejemplo"));
    await server.db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    await server.db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: new Date(Date.now() + 60 * 60 * 1000) });
    return undefined;
  },
  "a buyer is signed in with a known password": async (params) => {
    const email = param(params, "email", "perfil.pact@example.mx");
    const password = param(params, "password", PASSWORD);
    await buyerWithPassword(server, email, password);
    return { accountToken: await logIn(server, email, password) };
  },
});
