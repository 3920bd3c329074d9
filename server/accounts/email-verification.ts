import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { EMAIL_VERIFICATION_TTL_HOURS, requestEmailVerificationEndpoint, verifyEmailEndpoint, type EmailVerificationStatus } from "../../contracts/accounts.ts";
import { issueSessionTokenFor } from "../auth/sessions.ts";
import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import { emailVerificationTokens } from "./schema.ts";
import { users } from "../auth/schema.ts";
import { unauthorized } from "../http/errors.ts";
import { fail } from "../http/router.ts";
import { escapeHtml, htmlButton, htmlLayout, type MailMessage, type Mailer } from "../mail/mailer.ts";
import { hashRecoveryToken } from "./password-recovery.ts";

/**
 * E-mail verification (issue 16, docs/decisions/023-deal-room.md): a buyer
 * proves the address is theirs by opening a link we e-mail. Like password
 * recovery, the link carries 32 random bytes (base64url) and only their
 * SHA-256 is stored; it works once, for EMAIL_VERIFICATION_TTL_HOURS, and a
 * new link voids the user's earlier ones. Opening it needs no session (it may
 * open on another device): the token is the credential.
 */

export const EMAIL_VERIFICATION_TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 60 * 60 * 1000;

/** The stored form of a token: the same SHA-256 (hex) as recovery links. */
export const hashVerificationToken = hashRecoveryToken;

export const verificationLink = (appUrl: string, token: string): string =>
  `${appUrl}/verificar-correo?${new URLSearchParams({ token }).toString()}`;

export function verificationEmail(to: string, name: string, link: string): MailMessage {
  const subject = "Verifica tu correo en Puente";
  const text = [
    `Hola, ${name}:`,
    "",
    "Confirma que este correo es tuyo para poder solicitar acceso a los perfiles completos de las empresas en Puente.",
    `Abre este enlace (vence en ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo funciona una vez):`,
    "",
    link,
    "",
    "Si no creaste una cuenta en Puente, ignora este correo.",
  ].join("\n");
  const html = htmlLayout(
    subject,
    `<p>Hola, ${escapeHtml(name)}:</p>
<p>Confirma que este correo es tuyo para poder solicitar acceso a los perfiles completos de las empresas en Puente.</p>
<p>${htmlButton(link, "Verificar mi correo")}</p>
<p style="font-size:14px;color:#5b6577">El enlace vence en ${EMAIL_VERIFICATION_TTL_HOURS} horas y solo funciona una vez. Si el botón no abre, copia esta dirección en tu navegador:<br>${escapeHtml(link)}</p>
<p>Si no creaste una cuenta en Puente, ignora este correo.</p>`,
  );
  return { to, subject, text, html };
}

export interface VerificationDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly appUrl: string;
  readonly now?: () => Date;
}

interface Recipient {
  readonly id: number;
  readonly email: string;
  readonly name: string;
}

/** GET /accounts/email_verifications: the signed-in user's address and whether it is verified. */
export async function emailVerificationStatus(db: Database, userId: number): Promise<EmailVerificationStatus> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  // The guard read this account on this request; accounts are deactivated, never deleted.
  if (user === undefined) throw unauthorized();
  return { email: user.email, verified: user.verifiedAt !== null, verified_at: user.verifiedAt?.toISOString() ?? null };
}

/** A new link's token for the user; their earlier unused links stop working, in the same transaction. */
export async function issueVerificationToken(db: Database, userId: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
    await tx.insert(emailVerificationTokens).values({
      userId,
      tokenHash: hashVerificationToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    });
  });
  return token;
}

/**
 * Issue a link and queue its e-mail, in one transaction (inside the
 * caller's, when `db` is one: the buyer's sign-up queues it with the account).
 */
export async function queueVerificationLink({ db, mailer, appUrl, now = () => new Date() }: VerificationDeps, user: Recipient): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await issueVerificationToken(tx, user.id, now());
    await mailer.enqueue(tx, verificationEmail(user.email, user.name, verificationLink(appUrl, token)));
  });
}

/**
 * POST /accounts/email_verifications: 409 when the address is already
 * verified; otherwise who gets the new link (the caller queues it).
 */
export async function verificationRecipient(db: Database, userId: number): Promise<Recipient> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (user === undefined) throw unauthorized();
  if (user.verifiedAt !== null) throw fail(requestEmailVerificationEndpoint.errors.alreadyVerified);
  return { id: user.id, email: user.email, name: user.name };
}

/**
 * PUT /accounts/email_verifications: claim the token and mark the address
 * verified, in one transaction. The claim is a conditional UPDATE, so two
 * concurrent uses cannot both succeed. An unknown, expired or used token, or
 * a deactivated account's, is the same 400 (nothing changes). With
 * `signIn`, a session of the verified account is opened in the same
 * transaction (docs/decisions/034): the link signs its opener in, once.
 * Returns the user id and that session's access token (null without `signIn`).
 */
export async function verifyEmailWithToken(
  db: Database,
  token: string,
  now: Date = new Date(),
  signIn?: { readonly tokens: TokenSettings },
): Promise<{ readonly userId: number; readonly accessToken: string | null }> {
  const tokenHash = hashVerificationToken(token);
  const invalid = () => fail(verifyEmailEndpoint.errors.invalidLink);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
      .returning({ userId: emailVerificationTokens.userId });
    if (claimed === undefined) throw invalid();
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, claimed.userId))
      .for("update");
    // Throwing rolls the claim back too: a deactivated account's link changes nothing.
    if (user === undefined || user.deletedAt !== null) throw invalid();
    if (user.verifiedAt === null) await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, claimed.userId));
    // Whatever links are still open have nothing left to verify.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, claimed.userId), isNull(emailVerificationTokens.usedAt)));
    const accessToken = signIn === undefined ? null : await issueSessionTokenFor(tx, claimed.userId, signIn.tokens, now);
    return { userId: claimed.userId, accessToken };
  });
}
