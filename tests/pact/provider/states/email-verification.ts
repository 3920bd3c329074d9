import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { EMAIL_VERIFICATION_TTL_HOURS } from "../../../../contracts/accounts.ts";
import { findUserForLogin } from "../../../../server/auth/session-claims.ts";
import { emailVerificationTokens } from "../../../../server/accounts/schema.ts";
import { users } from "../../../../server/auth/schema.ts";
import { seedCatalogues } from "../../../../server/seed/catalogues.ts";
import type { RunningServer } from "../../../../server/start.ts";
import { signedIn } from "./marketplace.ts";
import { param, type ProviderStates } from "./types.ts";

/** What the server stores of a link's token: its SHA-256 in hex (decision 023; as the recovery links' tokens). */
const tokenHash = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * A buyer (created once) signed in through POST /api/sessions, verified or
 * not as asked, without any verification link from earlier interactions.
 */
async function buyer(server: RunningServer, email: string, verified: boolean): Promise<{ token: string; userId: number }> {
  await seedCatalogues(server.db);
  const token = await signedIn(server, email, "Cuenta Verificación Pact", ["buyer"]);
  const user = await findUserForLogin(server.db, email);
  if (user === null) throw new Error(`provider state: no user ${email}`);
  await server.db
    .update(users)
    .set({ emailVerifiedAt: verified ? new Date() : null })
    .where(eq(users.id, user.id));
  await server.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
  return { token, userId: user.id };
}

/** The e-mail verification's states: `accountToken` for fromProviderState; the link's state takes the token as a parameter. */
export const emailVerificationStates: ProviderStates = (server) => ({
  "a buyer with an unverified e-mail is signed in": async () => ({ accountToken: (await buyer(server, "sin.verificar.pact@example.mx", false)).token }),
  "a buyer with a verified e-mail is signed in": async () => ({ accountToken: (await buyer(server, "verificado.pact@example.mx", true)).token }),
  // `accountToken`: the buyer's own session, for the link opened where they are signed in already.
  "a buyer with an unverified e-mail was sent a verification link": async (params) => {
    const { userId, token } = await buyer(server, "enlace.verificacion.pact@example.mx", false);
    await server.db.insert(emailVerificationTokens).values({
      userId,
      tokenHash: tokenHash(param(params, "token", "enlace-de-verificacion-pact-7f3a9c")),
      expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000),
    });
    return { accountToken: token };
  },
});
