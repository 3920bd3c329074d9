import { asc, eq, sql } from "drizzle-orm";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AdminEmailList, listEmailsEndpoint } from "../../contracts/admin.ts";
import { createBuyerEndpoint } from "../../contracts/registration.ts";
import { buildApp, type AppConfig } from "../../server/app.ts";
import { users } from "../../server/auth/schema.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/open.ts";
import { createMailDelivery, DEFAULT_MAIL_RETRY, retryDelayMs, type MailDeliverySettings } from "../../server/mail/delivery.ts";
import { createMailer, type MailMessage } from "../../server/mail/mailer.ts";
import { emailOutbox } from "../../server/mail/schema.ts";
import { isPermanentFailure, logTransport, type MailTransport } from "../../server/mail/transport.ts";
import { sameLimitForEveryBucket } from "../../server/http/rate-limit.ts";
import { seedCatalogues } from "../../server/seed/catalogues.ts";
import { EVERY_TEST_DATABASE, TEST_APP_CONFIG, callEndpoint, signedInUser, type TestDatabaseHandle } from "./harness.ts";
import { buyerSignUp } from "./samples.ts";
import { openTestMailServer } from "./smtp-server.ts";

// Issue 26, item 8: e-mails go through a durable outbox (docs/decisions/031-email-outbox.md).
// Each message is written in the transaction of the change that causes it and delivered by a
// worker after the commit, retried with backoff while the mail server is down, given up on a
// 5xx refusal (admins see it), and never sent twice by two workers.

const VERIFICATION_SUBJECT = "Verifica tu correo en Puente";
const decodeEmails = Schema.decodeUnknownSync(AdminEmailList);

/** Retries in milliseconds instead of minutes; the poll is out of the way (wakes and due retries drive the worker). */
const FAST: Partial<MailDeliverySettings> = {
  pollIntervalMs: 60_000,
  leaseMs: 5_000,
  retry: { firstDelayMs: 50, maxDelayMs: 100, giveUpAfterMs: 60_000 },
};

const message = (to: string, subject = "Prueba del outbox"): MailMessage => ({ to, subject, text: "Hola", html: "<p>Hola</p>" });

const silentLog = { warn: () => {}, error: () => {} };

/** A transport that keeps what it is given (in memory), after `before` resolves. */
function recordingTransport(before: () => Promise<void> = async () => {}): MailTransport & { readonly sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: "smtp",
    sent,
    async deliver(mail) {
      await before();
      sent.push(mail);
    },
  };
}

/** Polls `probe` every 20 ms until it answers something (10 s at most). */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("retry schedule", () => {
  it("doubles from 30 s to 1 h, each delay in the upper half of its step, and keeps trying for 24 h", () => {
    const steps = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20];
    expect(steps.map((attempts) => retryDelayMs(attempts, DEFAULT_MAIL_RETRY, () => 1))).toEqual(
      [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600].map((seconds) => seconds * 1000),
    );
    expect(steps.map((attempts) => retryDelayMs(attempts, DEFAULT_MAIL_RETRY, () => 0))).toEqual(
      [15, 30, 60, 120, 240, 480, 960, 1800, 1800, 1800].map((seconds) => seconds * 1000),
    );
    // The worker gives up only at a failure once the message is 24 h old: even the shortest delays get there.
    expect(DEFAULT_MAIL_RETRY.giveUpAfterMs).toBe(24 * 60 * 60 * 1000);
  });

  it("a 5xx reply to the message is permanent; a server that is down, a 4xx, a refused login or 503 are not", () => {
    expect(isPermanentFailure(Object.assign(new Error("no such user"), { code: "EENVELOPE", responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("too big"), { code: "EMESSAGE", responseCode: 552 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("Invalid recipient"), { code: "EENVELOPE" }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("greylisted"), { code: "EENVELOPE", responseCode: 451 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("bad sequence"), { code: "EENVELOPE", responseCode: 503 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("Invalid login"), { code: "EAUTH", responseCode: 535 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(false);
    expect(isPermanentFailure(new Error("anything else"))).toBe(false);
  });

  it("offline, a message is delivered to the log, text included", async () => {
    const logged: string[] = [];
    await logTransport({ info: (_details: unknown, text?: string) => void logged.push(text ?? "") } as never).deliver(message("local@ejemplo.mx", "Asunto local"));
    expect(logged).toEqual(["correo guardado en la bandeja local: Asunto local\nHola"]);
  });
});

describe.each(EVERY_TEST_DATABASE)("e-mail outbox on $kind", (target) => {
  let handle: TestDatabaseHandle;
  const apps: FastifyInstance[] = [];
  const closers: Array<() => Promise<void>> = [];

  const config = (extra: Partial<AppConfig>): AppConfig => ({
    ...TEST_APP_CONFIG,
    savedSearchAlertsIntervalMs: 0,
    rateLimits: sameLimitForEveryBucket({ max: 10_000, windowMs: 60_000 }),
    ...extra,
    mailDelivery: { ...FAST, ...extra.mailDelivery },
  });
  const app = async (extra: Partial<AppConfig>, db: DatabaseHandle = handle): Promise<FastifyInstance> => {
    const built = await buildApp({ db: db.db, config: config(extra) });
    apps.push(built);
    return built;
  };
  const mailServer = async (options?: Parameters<typeof openTestMailServer>[0]) => {
    const server = await openTestMailServer(options);
    closers.push(() => server.close());
    return server;
  };
  const rowsTo = (email: string) => handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email)).orderBy(asc(emailOutbox.id));
  const signUp = (on: FastifyInstance, email: string) => callEndpoint(on, createBuyerEndpoint, undefined, { body: buyerSignUp(email) });
  const sentTo = (email: string) => waitFor(`the e-mail to ${email} sent`, async () => (await rowsTo(email)).find((row) => row.status === "sent"));

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    await seedCatalogues(handle.db);
  });

  // Each test starts with an empty outbox and leaves no worker or mail server behind.
  afterEach(async () => {
    for (const opened of apps.splice(0)) await opened.close();
    for (const close of closers.splice(0)) await close();
    await handle.db.delete(emailOutbox);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("a buyer signs up while the mail server is down: 201 at once, and the verification e-mail arrives exactly once when it is back", async () => {
    const mail = await mailServer();
    const server = await app({ smtpUrl: mail.url });
    const email = "servidor-caido@ejemplo.mx";

    const response = await signUp(server, email);
    expect(response.statusCode, response.body).toBe(201);
    // Written with the account, in its transaction; the first attempt ran right after the commit and failed.
    await server.backgroundIdle();
    const [queued, ...more] = await rowsTo(email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ subject: VERIFICATION_SUBJECT, transport: "smtp", sentAt: null });
    expect(["pending", "sending"]).toContain(queued?.status);
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.lastError).toMatch(/ECONNREFUSED/);

    await mail.up();
    const sent = await sentTo(email);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.nextAttemptAt).toBeNull();
    expect(mail.countTo(email)).toBe(1);
    expect(mail.received().find((received) => received.to.includes(email))?.raw).toContain(VERIFICATION_SUBJECT);
    // Nothing is due any more: another run sends nothing.
    await server.deliverDueMail();
    expect(mail.countTo(email)).toBe(1);
  });

  it("a process that stops between the commit and the send: the next process delivers the e-mail, once", async () => {
    const mail = await mailServer();
    await mail.up();
    const email = "reinicio@ejemplo.mx";
    // A process whose worker never runs: the sign-up commits, and the process goes away.
    const first = await app({ smtpUrl: mail.url, mailDelivery: { enabled: false } });
    expect((await signUp(first, email)).statusCode).toBe(201);
    apps.splice(apps.indexOf(first), 1);
    await first.close();
    expect(await rowsTo(email)).toMatchObject([{ status: "pending", attempts: 0, subject: VERIFICATION_SUBJECT }]);
    expect(mail.countTo(email)).toBe(0);

    // The next process over the same database finds it at start.
    const second = await app({ smtpUrl: mail.url });
    const sent = await sentTo(email);
    expect(sent.attempts).toBe(1);
    await second.deliverDueMail();
    expect(mail.countTo(email)).toBe(1);
  });

  it("a claim left by a process that died mid-send is taken again when its lease has passed, not before", async () => {
    const mail = await mailServer();
    await mail.up();
    const email = "reserva-vencida@ejemplo.mx";
    await createMailer({ transport: "smtp" }).enqueue(handle.db, message(email));
    // What a claimer that died leaves behind: sending, its name, and a lease still running for 3 s.
    await handle.db
      .update(emailOutbox)
      .set({ status: "sending", attempts: 1, claimedBy: "otro-servidor:4242:muerto", nextAttemptAt: sql`now() + interval '3 seconds'`, lastAttemptAt: sql`now()` })
      .where(eq(emailOutbox.recipient, email));

    const server = await app({ smtpUrl: mail.url });
    await server.deliverDueMail();
    expect(await rowsTo(email)).toMatchObject([{ status: "sending", claimedBy: "otro-servidor:4242:muerto" }]);
    expect(mail.countTo(email)).toBe(0);

    // The worker scheduled itself for the lease's end.
    const sent = await sentTo(email);
    expect(sent.attempts).toBe(2);
    expect(sent.claimedBy).toBeNull();
    expect(mail.countTo(email)).toBe(1);
  });

  it("a change that rolls back sends nothing: the account and its e-mail stand or fall together", async () => {
    const mail = await mailServer();
    await mail.up();
    const server = await app({ smtpUrl: mail.url });
    const email = "revierte@ejemplo.mx";
    // The outbox refuses this one message: the sign-up's transaction fails after the account was written.
    await handle.db.execute(sql.raw(`ALTER TABLE email_outbox ADD CONSTRAINT test_refuses_one CHECK (recipient <> '${email}')`));
    try {
      expect((await signUp(server, email)).statusCode).toBe(500);
    } finally {
      await handle.db.execute(sql.raw("ALTER TABLE email_outbox DROP CONSTRAINT test_refuses_one"));
    }
    await server.backgroundIdle();
    expect(await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    expect(await rowsTo(email)).toEqual([]);
    expect(mail.received()).toEqual([]);
  });

  it("a message queued in a transaction (or a savepoint) that rolls back is never delivered; the committed one is, once", async () => {
    const transport = recordingTransport();
    const delivery = createMailDelivery({ db: handle.db, transport, log: silentLog, ...FAST });
    closers.push(() => delivery.stop());
    const waits: Array<Promise<void>> = [];
    const mailer = createMailer({ transport: "smtp", enqueued: (transactionId) => void waits.push(delivery.afterCommit(transactionId)) });

    await expect(
      handle.db.transaction(async (tx) => {
        await mailer.enqueue(tx, message("revertido@ejemplo.mx"));
        throw new Error("el cambio falló");
      }),
    ).rejects.toThrow("el cambio falló");
    await handle.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await mailer.enqueue(savepoint, message("punto-de-guardado@ejemplo.mx"));
          throw new Error("solo esta parte falla");
        })
        .catch(() => undefined);
      await mailer.enqueue(tx, message("confirmado@ejemplo.mx"));
    });
    await Promise.all(waits);

    expect(transport.sent.map((mail) => mail.to)).toEqual(["confirmado@ejemplo.mx"]);
    expect(await rowsTo("revertido@ejemplo.mx")).toEqual([]);
    expect(await rowsTo("punto-de-guardado@ejemplo.mx")).toEqual([]);
    expect(await rowsTo("confirmado@ejemplo.mx")).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("a 5xx refusal stops the retries at once, and admins see the message failed with the server's answer", async () => {
    const email = "rebota@ejemplo.mx";
    const mail = await mailServer({ refuse: (address) => address === email });
    await mail.up();
    const server = await app({ smtpUrl: mail.url });

    expect((await signUp(server, email)).statusCode).toBe(201);
    await server.backgroundIdle();
    const [failed] = await rowsTo(email);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null, sentAt: null, claimedBy: null });
    expect(failed?.lastError).toMatch(/550/);
    // Not retried: nothing is due.
    await server.deliverDueMail();
    expect(await rowsTo(email)).toMatchObject([{ status: "failed", attempts: 1 }]);
    expect(mail.received()).toEqual([]);

    const admin = await signedInUser(handle.db, { email: "admin-correos@ejemplo.mx", name: "Admin Correos", roles: ["admin"] });
    const response = await callEndpoint(server, listEmailsEndpoint, admin.token, { query: { status: "failed" } });
    expect(response.statusCode, response.body).toBe(200);
    const list = decodeEmails(response.json());
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ recipient: email, subject: VERIFICATION_SUBJECT, status: "failed", attempts: 1, sent_at: null, next_attempt_at: null });
    expect(list.items[0]?.last_error).toMatch(/550/);
    // The body carries a one-time link: never in the list.
    expect(response.body).not.toContain("verificar-correo");
    const buyer = await signedInUser(handle.db, { email: "comprador-correos@ejemplo.mx", name: "Comprador", roles: ["buyer"] });
    expect((await callEndpoint(server, listEmailsEndpoint, buyer.token)).statusCode).toBe(403);
  });

  it("a message that keeps failing is retried with growing delays, then given up at the end of the retry window", async () => {
    const mail = await mailServer();
    const email = "nunca-llega@ejemplo.mx";
    const server = await app({ smtpUrl: mail.url, mailDelivery: { retry: { firstDelayMs: 20, maxDelayMs: 60, giveUpAfterMs: 2_000 } } });
    expect((await signUp(server, email)).statusCode).toBe(201);
    const failed = await waitFor("the e-mail given up", async () => (await rowsTo(email)).find((row) => row.status === "failed"));
    // Attempts every 10–60 ms for 2 s (the schedule itself is the first test's).
    expect(failed.attempts).toBeGreaterThan(3);
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt).toBeNull();
    expect(failed.claimedBy).toBeNull();
  });

  it("without SMTP_URL a message is delivered to the log and kept in email_outbox as sent (the offline default)", async () => {
    const server = await app({});
    const email = "sin-smtp@ejemplo.mx";
    expect((await signUp(server, email)).statusCode).toBe(201);
    await server.backgroundIdle();
    expect(await rowsTo(email)).toMatchObject([{ status: "sent", transport: "outbox", subject: VERIFICATION_SUBJECT, attempts: 1 }]);
    expect((await rowsTo(email))[0]?.textBody).toContain("/verificar-correo?token=");
  });

  it("two workers over one database (two connection pools on PostgreSQL) deliver each message exactly once", async () => {
    const count = 24;
    const queue = createMailer({ transport: "smtp" });
    for (let index = 0; index < count; index += 1) await queue.enqueue(handle.db, message(`lote${index}@ejemplo.mx`, `Lote ${index}`));
    // Both workers hold a claim before either delivers: they run side by side.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const transports = [recordingTransport(() => gate), recordingTransport(() => gate)] as const;
    const otherPool = handle.url === undefined ? handle : await openDatabase({ url: handle.url });
    if (otherPool !== handle) closers.push(() => otherPool.close());
    await app({ mailTransport: transports[0] });
    await app({ mailTransport: transports[1] }, otherPool);
    await waitFor("both workers holding a claim", async () => {
      const sending = await handle.db.select({ by: emailOutbox.claimedBy }).from(emailOutbox).where(eq(emailOutbox.status, "sending"));
      return new Set(sending.map((row) => row.by)).size === 2 ? true : undefined;
    });
    open();
    await waitFor("every message sent", async () => {
      const rows = await handle.db.select({ status: emailOutbox.status }).from(emailOutbox);
      return rows.every((row) => row.status === "sent") ? true : undefined;
    });

    const delivered = transports.flatMap((transport) => transport.sent.map((mail) => mail.subject));
    expect(delivered.toSorted()).toEqual(Array.from({ length: count }, (_, index) => `Lote ${index}`).toSorted());
    expect(transports.every((transport) => transport.sent.length > 0)).toBe(true);
    expect(await handle.db.select({ attempts: emailOutbox.attempts }).from(emailOutbox)).toEqual(Array.from({ length: count }, () => ({ attempts: 1 })));
  });
});
