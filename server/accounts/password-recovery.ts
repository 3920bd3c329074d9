import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { resetPasswordEndpoint } from "../../contracts/accounts.ts";
import { hashPassword, type HashOptions } from "../auth/passwords.ts";
import { issueSessionTokenFor, revokeUserSessions } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import { passwordResetTokens } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { HttpError, MESSAGES } from "../http/errors.ts";
import { fail } from "../http/router.ts";
import { escapeHtml, htmlButton, htmlLayout, type MailMessage, type Mailer } from "../mail/mailer.ts";
import { normalizeEmail } from "../auth/users.ts";

/**
 * Password recovery by e-mail. The link carries 32 random bytes
 * (base64url); only their SHA-256 is stored. A link works once, for one
 * hour; using it also voids every other open link of that user.
 * Deactivated accounts get no link and cannot use an old one.
 */

export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;

export const hashRecoveryToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

export const recoveryLink = (appUrl: string, token: string): string =>
  `${appUrl}/recuperar-contrasena?${new URLSearchParams({ token }).toString()}`;

export function recoveryEmail(to: string, name: string, link: string): MailMessage {
  const subject = "Recupera tu contraseña de Puente";
  const text = [
    `Hola, ${name}:`,
    "",
    "Recibimos una solicitud para crear una nueva contraseña para tu cuenta de Puente.",
    "Abre este enlace para elegirla (vence en 1 hora y solo funciona una vez):",
    "",
    link,
    "",
    "Si no fuiste tú, ignora este correo: tu contraseña actual sigue funcionando.",
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Hola, ${escapeHtml(name)}:</p>
<p>Recibimos una solicitud para crear una nueva contraseña para tu cuenta de Puente.</p>
<p>${htmlButton(link, "Crear nueva contraseña")}</p>
<p style="font-size:14px;color:#5b6577">El enlace vence en 1 hora y solo funciona una vez. Si el botón no abre, copia esta dirección en tu navegador:<br>${escapeHtml(link)}</p>
<p>Si no fuiste tú, ignora este correo: tu contraseña actual sigue funcionando.</p>`,
  );
  return { to, subject, text, html };
}

export interface RecoveryDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly appUrl: string;
  readonly now?: () => Date;
}

/**
 * Issue a link and queue its e-mail (one transaction), if the address
 * belongs to an active account. Returns whether a message was queued (for
 * logs and tests; the HTTP answer never depends on it).
 */
export async function queueRecoveryLink({ db, mailer, appUrl, now = () => new Date() }: RecoveryDeps, rawEmail: string): Promise<boolean> {
  const email = normalizeEmail(rawEmail);
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user === undefined || user.deletedAt !== null) return false;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashRecoveryToken(token),
      expiresAt: new Date(now().getTime() + RECOVERY_TOKEN_TTL_MS),
    });
    await mailer.enqueue(tx, recoveryEmail(user.email, user.name, recoveryLink(appUrl, token)));
  });
  return true;
}

/**
 * Set a new password with a link's token. The token row is claimed with a
 * conditional UPDATE inside the transaction, so two concurrent uses cannot
 * both succeed. A reset always wins over a password change that verified an
 * older password: the change's write is conditional on the hash it checked
 * (server/accounts/profile.ts). Returns the user id.
 */
export async function resetPasswordWithToken(
  db: Database,
  token: string,
  password: string,
  tokens: TokenSettings,
  options: HashOptions & { readonly now?: () => Date } = {},
): Promise<{ readonly userId: number; readonly accessToken: string }> {
  const now = options.now?.() ?? new Date();
  const tokenHash = hashRecoveryToken(token);
  const [candidate] = await db
    .select({ userId: passwordResetTokens.userId, deletedAt: users.deletedAt })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  if (candidate === undefined) throw fail(resetPasswordEndpoint.errors.invalidLink);
  if (candidate.deletedAt !== null) throw new HttpError(403, MESSAGES.deactivated);
  const passwordHash = await hashPassword(password, options);
  const accessToken = await db.transaction(async (tx) => {
    // The user's row first, as every writer of a password and sessions takes it: two links of one
    // account used at once would otherwise each hold its own token and wait for the other's.
    const [user] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, candidate.userId)).for("update");
    if (user === undefined) throw fail(resetPasswordEndpoint.errors.invalidLink);
    if (user.deletedAt !== null) throw new HttpError(403, MESSAGES.deactivated);
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length !== 1) throw fail(resetPasswordEndpoint.errors.invalidLink);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, candidate.userId));
    // Any other open link of this user stops working too.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, candidate.userId), isNull(passwordResetTokens.usedAt)));
    // Whoever knew the old password is signed out everywhere; the person who reset it gets a fresh session.
    await revokeUserSessions(tx, candidate.userId, undefined, now);
    return issueSessionTokenFor(tx, candidate.userId, tokens);
  });
  return { userId: candidate.userId, accessToken };
}
