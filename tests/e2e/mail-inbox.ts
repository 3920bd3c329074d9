import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server (smtp-server) for specs that follow real e-mail: the
 * app under test sends through nodemailer to it (its `smtpUrl`), and the spec
 * reads what arrived. Specs that need it run their own app server pointed
 * at it (see password-recovery.spec.ts, deal-room.spec.ts).
 */

export interface ReceivedMail {
  readonly to: ReadonlyArray<string>;
  readonly raw: string;
}

/** A free TCP port on the loopback, for a spec's own app server. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The decoded bodies of a raw MIME message (quoted-printable or base64 parts). */
export function decodedText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      const headers = split < 0 ? "" : part.slice(0, split).toLowerCase();
      const body = split < 0 ? part : part.slice(split).trim();
      if (headers.includes("content-transfer-encoding: base64")) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
      if (headers.includes("content-transfer-encoding: quoted-printable")) {
        const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        return Buffer.from(bytes, "latin1").toString("utf8");
      }
      return body;
    })
    .join("\n");
}

export interface MailInbox {
  /** smtp://127.0.0.1:<port> for the app's `smtpUrl`. */
  readonly smtpUrl: string;
  /** How many messages arrived so far, to anyone. */
  total(): number;
  /** The recipients of every message after the first `from`, in order. */
  recipientsFrom(from: number): ReadonlyArray<string>;
  /** How many messages `address` has received so far: count before the action that sends one. */
  countTo(address: string): number;
  /** Waits (15 s at most) for message number `already + 1` to `address` and returns its decoded text. */
  nextTo(address: string, already: number): Promise<string>;
  close(): Promise<void>;
}

export async function openMailInbox(): Promise<MailInbox> {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const mailsTo = (address: string) => inbox.filter((mail) => mail.to.includes(address));
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    total: () => inbox.length,
    recipientsFrom: (from) => inbox.slice(from).flatMap((mail) => mail.to),
    countTo: (address) => mailsTo(address).length,
    async nextTo(address, already) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = mailsTo(address)[already];
        if (mail !== undefined) return decodedText(mail.raw);
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within 15 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
