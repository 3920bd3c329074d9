import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/open.ts";
import { emailOutbox } from "./schema.ts";

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** How the product sends e-mail. Routes depend on this, never on nodemailer. */
export interface Mailer {
  readonly transport: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  readonly db: Database;
  /** smtp://user:pass@host:port or smtps://...; absent: offline outbox only. */
  readonly smtpUrl?: string | undefined;
  readonly from: string;
  readonly log?: Pick<FastifyBaseLogger, "info" | "error">;
}

export const DEFAULT_MAIL_FROM = "Puente <no-responder@puente.mx>";

/**
 * Every message is recorded in `email_outbox` (an audit trail, and the way
 * the offline default "delivers"). With an SMTP URL it is also sent through
 * nodemailer and `sent_at` is set; a send failure propagates to the caller.
 */
export function createMailer({ db, smtpUrl, from, log }: MailerOptions): Mailer {
  const transporter = smtpUrl === undefined || smtpUrl === "" ? null : nodemailer.createTransport(smtpUrl);

  return {
    transport: transporter === null ? "outbox" : "smtp",
    async send(message) {
      if (transporter !== null) {
        await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      }
      await db.insert(emailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        transport: transporter === null ? "outbox" : "smtp",
        sentAt: transporter === null ? null : new Date(),
      });
      log?.info(
        { mail: { to: message.to, subject: message.subject, transport: transporter === null ? "outbox" : "smtp" } },
        transporter === null ? `correo guardado en la bandeja local: ${message.subject}\n${message.text}` : "correo enviado",
      );
    },
  };
}

/** Escape user-provided text before it goes into an HTML e-mail. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An e-mail's call to action: a link drawn as a button. */
export const htmlButton = (href: string, label: string): string =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#1d3f8f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a>`;

/** The shared frame of our HTML e-mails: plain, readable, Spanish. */
export const htmlLayout = (title: string, bodyHtml: string): string => `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fb;font-family:Arial,Helvetica,sans-serif;color:#1b2432">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#0b3d91;margin:0 0 16px">Puente</p>
${bodyHtml}
<p style="font-size:12px;color:#5b6577;margin-top:32px">Puente no es una institución financiera y no recibe ni administra fondos.</p>
</td></tr></table></body></html>`;
