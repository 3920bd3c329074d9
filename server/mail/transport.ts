import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { MailMessage } from "./mailer.ts";
import type { MailTransportKind } from "./schema.ts";

/**
 * How a message leaves this process, for the outbox's worker
 * (server/mail/delivery.ts). `deliver` resolves once the message is handed
 * over and rejects when it is not; `isPermanentFailure` tells which
 * rejections must not be retried.
 */
export interface MailTransport {
  readonly kind: MailTransportKind;
  deliver(message: MailMessage): Promise<void>;
  /** Release connections (the app's close). */
  close?(): void;
}

export const DEFAULT_MAIL_FROM = "Puente <no-responder@puente.mx>";

/**
 * How long one SMTP delivery may take at most, each step bounded:
 * nodemailer's own defaults (2 min to connect, 10 min of silence) would
 * outlive the claim's lease. DEFAULT_MAIL_LEASE_MS (delivery.ts) is longer
 * than their sum.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, dnsTimeout: 30_000 } as const;

/** SMTP through nodemailer: smtp://user:pass@host:port or smtps://… */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async deliver(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transporter.close(),
  };
}

/**
 * The offline default (no SMTP_URL): the message is "delivered" to the log,
 * text included, so a developer can follow a link; its row stays in
 * email_outbox as the local inbox.
 */
export function logTransport(log: Pick<FastifyBaseLogger, "info"> | undefined): MailTransport {
  return {
    kind: "outbox",
    async deliver(message) {
      log?.info({ mail: { to: message.to, subject: message.subject, transport: "outbox" } }, `correo guardado en la bandeja local: ${message.subject}\n${message.text}`);
    },
  };
}

/** SMTP_URL set: SMTP; otherwise the log. */
export function transportFor(smtpUrl: string | undefined, from: string, log: Pick<FastifyBaseLogger, "info"> | undefined): MailTransport {
  return smtpUrl === undefined || smtpUrl === "" ? logTransport(log) : smtpTransport(smtpUrl, from);
}

interface SmtpErrorFields {
  readonly code?: unknown;
  readonly responseCode?: unknown;
}

/**
 * A failure that another attempt would meet again: the mail server refused
 * this message (a 5xx reply to its sender, recipients or data; 503 only
 * means a confused session) or nodemailer refused it before sending (a
 * malformed address, a message too large). Everything else is retried: a
 * server that is down or slow, a 4xx reply, and a refused login (the
 * configuration is wrong, not the message: once it is fixed the message
 * should still go).
 */
export function isPermanentFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, responseCode } = error as SmtpErrorFields;
  if (code !== "EENVELOPE" && code !== "EMESSAGE") return false;
  if (typeof responseCode !== "number") return true;
  return responseCode >= 500 && responseCode < 600 && responseCode !== 503;
}

/** The failure as it is kept in `last_error`: the reply when there is one, never more than 1000 characters. */
export function failureText(error: unknown): string {
  const fields = (typeof error === "object" && error !== null ? error : {}) as SmtpErrorFields & { readonly response?: unknown; readonly message?: unknown };
  const parts = [
    typeof fields.code === "string" ? fields.code : null,
    typeof fields.response === "string" ? fields.response : typeof fields.message === "string" ? fields.message : String(error),
  ].filter((part) => part !== null);
  return parts.join(": ").slice(0, 1000);
}
