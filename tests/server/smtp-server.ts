import { createServer, type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on the loopback for the e-mail outbox's tests
 * (smtp-server, as tests/e2e/mail-inbox.ts uses it): it starts down (its
 * port refuses connections, as a mail server that is off would) and comes
 * up on `up()`. `refuse` names recipients it answers with a permanent 550.
 */

export interface ReceivedMail {
  readonly to: ReadonlyArray<string>;
  readonly raw: string;
}

export interface TestMailServer {
  /** smtp://127.0.0.1:<port>, for the app's smtpUrl. */
  readonly url: string;
  /** Start accepting on the port. */
  up(): Promise<void>;
  /** Every message accepted so far. */
  received(): ReadonlyArray<ReceivedMail>;
  /** How many messages `address` has received. */
  countTo(address: string): number;
  close(): Promise<void>;
}

/** A free TCP port on the loopback: nothing listens on it until `up()`. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export async function openTestMailServer(options: { readonly refuse?: (address: string) => boolean } = {}): Promise<TestMailServer> {
  const port = await freePort();
  const inbox: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  return {
    url: `smtp://127.0.0.1:${port}`,
    async up() {
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (options.refuse?.(address.address) === true) {
            callback(Object.assign(new Error("5.1.1 El buzón no existe"), { responseCode: 550 }));
            return;
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        smtp.server.once("error", reject);
        smtp.listen(port, "127.0.0.1", resolve);
      });
      server = smtp;
    },
    received: () => inbox,
    countTo: (address) => inbox.filter((mail) => mail.to.includes(address)).length,
    close: () => new Promise<void>((resolve) => (server === null ? resolve() : server.close(() => resolve()))),
  };
}
