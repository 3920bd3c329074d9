import { sql } from "drizzle-orm";
import type { Database } from "../db/open.ts";
import { emailOutbox, type MailTransportKind } from "./schema.ts";

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * How the product sends e-mail (docs/decisions/031-email-outbox.md). Routes
 * depend on this, never on a transport: they write the message to the
 * outbox, and the delivery worker (delivery.ts) sends it after the commit,
 * retrying until it goes. No answer waits for a mail server.
 */
export interface Mailer {
  /** How this process delivers: "smtp" with SMTP_URL, "outbox" (the log) without. */
  readonly transport: MailTransportKind;
  /**
   * Write `message` to email_outbox through `tx`: the transaction of the
   * change that causes it, so the message exists exactly when the change
   * does (a rolled-back change sends nothing). A caller with no transaction
   * passes the database right after its change, and says so. This process's
   * worker delivers it as soon as that transaction has committed.
   */
  enqueue(tx: Database, message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  readonly transport: MailTransportKind;
  /**
   * Told the id of each enqueuing transaction (delivery.ts `afterCommit`
   * waits for its commit, then delivers). Absent: the messages wait for a
   * worker's next poll.
   */
  readonly enqueued?: (transactionId: string) => void;
}

export function createMailer({ transport, enqueued }: MailerOptions): Mailer {
  return {
    transport,
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({ recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html, transport })
        // The top-level transaction's id (a savepoint's too): what the worker waits on.
        .returning({ transactionId: sql<string>`pg_current_xact_id()::text` });
      if (row === undefined) throw new Error("insert into email_outbox returned no row");
      enqueued?.(row.transactionId);
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
