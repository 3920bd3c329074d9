import { and, asc, eq, isNull } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_VERIFICATION_MESSAGES,
  EmailVerificationStatus,
  getEmailVerificationEndpoint,
  MessageResponse,
  requestEmailVerificationEndpoint,
  verifyEmailEndpoint,
  VerifyEmailResponse,
} from "../../contracts/accounts.ts";
import { decodeTokenClaims } from "../../machines/session/claims.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { BuyerRegistrationResponse, createBuyerEndpoint } from "../../contracts/registration.ts";
import { hashVerificationToken } from "../../server/accounts/email-verification.ts";
import { buildApp, type AppConfig } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import type { CreatedUser } from "../../server/auth/users.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { emailVerificationTokens } from "../../server/accounts/schema.ts";
import { sessions, users } from "../../server/auth/schema.ts";
import { MESSAGES } from "../../server/http/errors.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import type { MailTransport } from "../../server/mail/transport.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { DEMO_USERS, seedDemo } from "../../server/seed/demo.ts";
import { callEndpoint, expectMessage, signedInUser, TEST_APP_CONFIG, ONE_TEST_DATABASE, type SignedInUser } from "./harness.ts";
import { buyerSignUp } from "./samples.ts";

const APP_URL = "https://puente.example";
const HOUR_MS = 60 * 60 * 1000;
const decodeStatus = Schema.decodeUnknownSync(EmailVerificationStatus);
const decodeMessage = Schema.decodeUnknownSync(MessageResponse);
const decodeVerified = Schema.decodeUnknownSync(VerifyEmailResponse);

type Person = SignedInUser;

describe.each(ONE_TEST_DATABASE)("e-mail verification on $kind", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  /** The same database behind tiny email_verification limits (2 per window). */
  let limited: FastifyInstance;
  let serial = 0;
  /** While true, every e-mail fails to send (an SMTP outage). */
  let mailDown = false;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
    const mailTransport: MailTransport = {
      kind: "smtp",
      deliver: async () => {
        if (mailDown) throw new Error("SMTP caído");
      },
    };
    const config: AppConfig = {
      ...TEST_APP_CONFIG,
      appUrl: APP_URL,
      mailTransport,
      // Retries in milliseconds, so a test sees the e-mail go once the outage ends.
      mailDelivery: { retry: { firstDelayMs: 20, maxDelayMs: 100, giveUpAfterMs: 60_000 } },
      savedSearchAlertsIntervalMs: 0,
      rateLimits: sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }),
    };
    app = await buildApp({ db: handle.db, config });
    limited = await buildApp({ db: handle.db, config: { ...config, rateLimits: { ...sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }), email_verification: { max: 2, windowMs: 60_000 } } } });
  });

  afterAll(async () => {
    await app?.close();
    await limited?.close();
    await handle?.close();
  });

  async function person(roles: CreatedUser["roles"] = ["buyer"]): Promise<Person> {
    serial += 1;
    return signedInUser(handle.db, { email: `verifica${serial}@ejemplo.mx`, name: `Persona ${serial}`, roles });
  }

  const call = (endpoint: Endpoint, token: string | undefined, body?: unknown, on: FastifyInstance = app, remoteAddress = "10.1.1.1") =>
    callEndpoint(on, endpoint, token, { body, remoteAddress });
  const status = async (token: string) => {
    const response = await call(getEmailVerificationEndpoint, token);
    expect(response.statusCode, response.body).toBe(200);
    return decodeStatus(response.json());
  };
  const verify = (token: string, remoteAddress?: string, on?: FastifyInstance) => call(verifyEmailEndpoint, undefined, { token }, on, remoteAddress);
  const requestLink = async (person: Person, on: FastifyInstance = app) => {
    const response = await call(requestEmailVerificationEndpoint, person.token, undefined, on);
    await on.backgroundIdle();
    return response;
  };
  const mailsTo = (email: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(asc(emailOutbox.id));
  /** The token of the last verification e-mail to `email`, as its link carries it. */
  const lastLinkToken = async (email: string): Promise<string> => {
    const mail = (await mailsTo(email)).at(-1);
    const match = /\/verificar-correo\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "");
    if (match?.[1] === undefined) throw new Error(`no verification link e-mailed to ${email}`);
    return match[1];
  };
  const sessionsOf = async (userId: number) => (await handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
  const verifiedAt = async (userId: number) => (await handle.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)))[0]?.at ?? null;

  describe("buyer sign-up", () => {
    it("e-mails a 48 h one-time link after the answer; only the token's SHA-256 is stored", async () => {
      const before = Date.now();
      const response = await call(createBuyerEndpoint, undefined, buyerSignUp("nueva.compradora@ejemplo.mx"));
      expect(response.statusCode, response.body).toBe(201);
      const { id } = Schema.decodeUnknownSync(BuyerRegistrationResponse)(response.json());
      await app.backgroundIdle();

      const [mail, ...more] = await mailsTo("nueva.compradora@ejemplo.mx");
      expect(more).toEqual([]);
      expect(mail?.subject).toBe("Verifica tu correo en Puente");
      expect(mail?.textBody).toContain("Hola, Ana Pérez:");
      expect(mail?.textBody).toContain("vence en 48 horas");
      const token = await lastLinkToken("nueva.compradora@ejemplo.mx");
      expect(mail?.textBody).toContain(`${APP_URL}/verificar-correo?token=${token}`);
      expect(mail?.htmlBody).toContain(`${APP_URL}/verificar-correo?token=${token}`);

      const rows = await handle.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tokenHash).toBe(hashVerificationToken(token));
      expect(rows[0]?.tokenHash).not.toContain(token);
      const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - before;
      expect(ttl).toBeGreaterThan(48 * HOUR_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(48 * HOUR_MS + 60_000);
      expect(await verifiedAt(id)).toBeNull();
    });

    it("still signs the buyer up when the e-mail cannot be sent: the link waits in the outbox and goes once the mail server is back", async () => {
      const email = "sin.correo@ejemplo.mx";
      mailDown = true;
      try {
        const response = await call(createBuyerEndpoint, undefined, buyerSignUp(email));
        expect(response.statusCode, response.body).toBe(201);
        await app.backgroundIdle();
        expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);
        const [waiting] = await mailsTo(email);
        expect(waiting?.sentAt).toBeNull();
        expect(waiting?.lastError).toBe("SMTP caído");
      } finally {
        mailDown = false;
      }
      const deadline = Date.now() + 10_000;
      while ((await mailsTo(email))[0]?.status !== "sent" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await mailsTo(email)).toMatchObject([{ status: "sent", lastError: null }]);
      await lastLinkToken(email);
    });
  });

  describe("GET, POST and PUT /accounts/email_verifications", () => {
    it("a link verifies the address once, without a session; GET reports it", async () => {
      const buyer = await person();
      expect(await status(buyer.token)).toEqual({ email: buyer.email, verified: false, verified_at: null });

      const sent = await requestLink(buyer);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(decodeMessage(sent.json()).message).toBe(EMAIL_VERIFICATION_MESSAGES.sent);
      const token = await lastLinkToken(buyer.email);

      const verified = await verify(token);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(decodeMessage(verified.json()).message).toBe(EMAIL_VERIFICATION_MESSAGES.verified);
      const at = await verifiedAt(buyer.id);
      expect(at).not.toBeNull();
      expect(await status(buyer.token)).toEqual({ email: buyer.email, verified: true, verified_at: at?.toISOString() });
      const [row] = await handle.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(token)));
      expect(row?.usedAt).not.toBeNull();

      // Used: the same link again is the invalid link, and nothing changes.
      expectMessage(await verify(token), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expect((await verifiedAt(buyer.id))?.toISOString()).toBe(at?.toISOString());
      // Verified: no new link.
      expectMessage(await requestLink(buyer), 409, EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
    });

    it("opened without a session, the link signs its buyer in: a fresh session of that account, once; opened signed in, the session is kept and none is opened", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const verified = await verify(await lastLinkToken(buyer.email));
      expect(verified.statusCode, verified.body).toBe(200);
      const answer = decodeVerified(verified.json());
      expect(answer.message).toBe(EMAIL_VERIFICATION_MESSAGES.verified);
      // The login's token: it opens the buyer's own session, good on signed-in endpoints at once.
      const accessToken = answer.access_token ?? "";
      expect(decodeTokenClaims(accessToken)).toMatchObject({ sub: String(buyer.id), email: buyer.email, roles: ["buyer"] });
      expect(await status(accessToken)).toMatchObject({ email: buyer.email, verified: true });
      expect(await sessionsOf(buyer.id)).toBe(2);

      // With a session open in the browser (this buyer's, or another account's), it is kept: no token, no new session.
      for (const opener of [await person(), null]) {
        const other = await person();
        await requestLink(other);
        const link = await lastLinkToken(other.email);
        const before = await sessionsOf(other.id);
        const kept = await call(verifyEmailEndpoint, (opener ?? other).token, { token: link });
        expect(kept.statusCode, kept.body).toBe(200);
        expect(kept.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.verified });
        expect(await sessionsOf(other.id)).toBe(before);
        expect(await verifiedAt(other.id)).not.toBeNull();
      }
    });

    it("a link that does not verify opens no session", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const token = await lastLinkToken(buyer.email);
      expect((await verify(token)).statusCode).toBe(200);
      const before = await sessionsOf(buyer.id);
      // Used already, unknown: the 400, and no token.
      for (const used of [token, "b".repeat(43)]) {
        const refused = await verify(used);
        expectMessage(refused, 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
        expect(refused.body).not.toContain("access_token");
      }
      expect(await sessionsOf(buyer.id)).toBe(before);
    });

    it("a new link replaces the old one", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const first = await lastLinkToken(buyer.email);
      await requestLink(buyer);
      const second = await lastLinkToken(buyer.email);
      expect(second).not.toBe(first);
      expect(await mailsTo(buyer.email)).toHaveLength(2);
      expectMessage(await verify(first), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expect(await verifiedAt(buyer.id)).toBeNull();
      expect((await verify(second)).statusCode).toBe(200);
      expect(await verifiedAt(buyer.id)).not.toBeNull();
      const open = await handle.db
        .select()
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.userId, buyer.id), isNull(emailVerificationTokens.usedAt)));
      expect(open).toEqual([]);
    });

    it("refuses an expired, unknown or malformed token with the Spanish 400, writing nothing", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const token = await lastLinkToken(buyer.email);
      await handle.db
        .update(emailVerificationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(token)));
      expectMessage(await verify(token), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expectMessage(await verify("a".repeat(43)), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expectMessage(await verify("   "), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expectMessage(await verify("x".repeat(201)), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expectMessage(await call(verifyEmailEndpoint, undefined, {}), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expectMessage(await call(verifyEmailEndpoint, undefined, { token: 12 }), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expect(await verifiedAt(buyer.id)).toBeNull();
      const [row] = await handle.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(token)));
      expect(row?.usedAt).toBeNull();
    });

    it("a deactivated account's link changes nothing", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const token = await lastLinkToken(buyer.email);
      await handle.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, buyer.id));
      expectMessage(await verify(token), 400, EMAIL_VERIFICATION_MESSAGES.invalidLink);
      expect(await verifiedAt(buyer.id)).toBeNull();
      const [row] = await handle.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, hashVerificationToken(token)));
      expect(row?.usedAt).toBeNull();
      // Its session is refused on the signed-in endpoints too.
      expectMessage(await call(getEmailVerificationEndpoint, buyer.token), 403, MESSAGES.deactivated);
      expectMessage(await call(requestEmailVerificationEndpoint, buyer.token), 403, MESSAGES.deactivated);
    });

    it("two uses of the same link at once verify once", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const token = await lastLinkToken(buyer.email);
      const answers = await Promise.all([verify(token), verify(token)]);
      expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 400]);
      expect(await verifiedAt(buyer.id)).not.toBeNull();
    });

    it("any signed-in account may verify its address (sellers and admins too); no session is a 401", async () => {
      for (const roles of [["seller"], ["admin"]] as const) {
        const someone = await person([...roles]);
        expect((await requestLink(someone)).statusCode).toBe(201);
        expect((await verify(await lastLinkToken(someone.email))).statusCode).toBe(200);
        expect((await status(someone.token)).verified).toBe(true);
      }
      expectMessage(await call(getEmailVerificationEndpoint, undefined), 401, MESSAGES.authRequired);
      expectMessage(await call(requestEmailVerificationEndpoint, undefined), 401, MESSAGES.authRequired);
    });
  });

  describe("the email_verification limits", () => {
    it("count links sent per account, with the contract's 429", async () => {
      const buyer = await person();
      const other = await person();
      expect((await requestLink(buyer, limited)).statusCode).toBe(201);
      expect((await requestLink(buyer, limited)).statusCode).toBe(201);
      const refused = await requestLink(buyer, limited);
      expectMessage(refused, 429, EMAIL_VERIFICATION_MESSAGES.tooMany);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect(await mailsTo(buyer.email)).toHaveLength(2);
      // Another account is not affected.
      expect((await requestLink(other, limited)).statusCode).toBe(201);
    });

    it("count links used per address, valid or not, with the contract's 429", async () => {
      const buyer = await person();
      await requestLink(buyer);
      const token = await lastLinkToken(buyer.email);
      expect((await verify("b".repeat(43), "10.9.9.9", limited)).statusCode).toBe(400);
      expect((await verify("c".repeat(43), "10.9.9.9", limited)).statusCode).toBe(400);
      expectMessage(await verify(token, "10.9.9.9", limited), 429, EMAIL_VERIFICATION_MESSAGES.tooMany);
      expect(await verifiedAt(buyer.id)).toBeNull();
      expect((await verify(token, "10.9.9.10", limited)).statusCode).toBe(200);
    });
  });

  it("the demo accounts are seeded verified", async () => {
    const demo = await target.open();
    try {
      await demo.migrate();
      await seedCatalogues(demo.db);
      await seedDemo(demo.db, { companies: 1, params: TEST_SCRYPT_PARAMS });
      const rows = await demo.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users);
      expect(rows.map((row) => row.email)).toEqual(expect.arrayContaining(Object.values(DEMO_USERS).map((user) => user.email)));
      expect(rows.filter((row) => row.verifiedAt === null)).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});
