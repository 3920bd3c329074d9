import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { STOPPING_MESSAGE } from "../../contracts/health.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "../../server/seed/demo.ts";
import { startServer, type RunningServer } from "../../server/start.ts";

// The graceful shutdown (decision 041) over real sockets: what a proxy and
// its clients see while a process drains and closes.

interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A raw HTTP/1.1 connection: write a request in parts, read the answer and whether the server closed it. */
class RawConnection {
  private received = "";
  readonly closed: Promise<void>;
  private constructor(private readonly socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.received += chunk;
    });
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
  }

  static async open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    socket.on("error", () => undefined);
    return new RawConnection(socket);
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The answer, once its headers and the body its content-length announces have arrived. */
  async answer(): Promise<RawAnswer> {
    for (;;) {
      const end = this.received.indexOf("\r\n\r\n");
      if (end >= 0) {
        const [statusLine = "", ...headerLines] = this.received.slice(0, end).split("\r\n");
        const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
        const body = this.received.slice(end + 4);
        if (Buffer.byteLength(body) >= Number(headers["content-length"] ?? 0)) return { status: Number(statusLine.split(" ")[1]), headers, body };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

const seller = DEMO_USERS.seller;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("graceful shutdown", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const start = async () => {
    server = await startServer({ demoPasswordParams: TEST_SCRYPT_PARAMS, distDir: null });
    return server;
  };

  it("drains (ready 503 'stopping', every other route still answers), then finishes the request in flight, answers one that arrives while closing with the Spanish 503 and closes its connection, and stops", async () => {
    const { url, app } = await start();
    app.beginDrain();
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toBe("5");
    expect(await ready.json()).toEqual({ status: "stopping", message: STOPPING_MESSAGE });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/companies`)).status).toBe(200);

    const login = JSON.stringify({ email: seller.email, password: DEMO_PASSWORD });
    // In flight: the request has arrived, its body not yet.
    const inFlight = await RawConnection.open(url);
    inFlight.write(`POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(login)}\r\n\r\n${login.slice(0, 10)}`);
    // An open connection whose next request is still arriving.
    const late = await RawConnection.open(url);
    late.write("GET /api/health HTTP/1.1\r\nHost: x\r\n");
    await sleep(100);

    const stopped = server?.shutdown({ drainMs: 0, timeoutMs: 10_000 });
    let stoppedYet = false;
    void stopped?.then(() => {
      stoppedYet = true;
    });
    await sleep(100);
    // Still waiting on the two requests.
    expect(stoppedYet).toBe(false);

    late.write("\r\n");
    const refused = await late.answer();
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe("close");
    expect(refused.headers["retry-after"]).toBe("5");
    expect(JSON.parse(refused.body)).toEqual({ message: STOPPING_MESSAGE });
    await late.closed;

    inFlight.write(login.slice(10));
    const answered = await inFlight.answer();
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toHaveProperty("access_token");
    await stopped;
    await inFlight.closed;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it("waits for a request in flight at most the timeout, then cuts its connection and stops", async () => {
    const { url } = await start();
    const stuck = await RawConnection.open(url);
    stuck.write("POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{");
    await sleep(100);
    const began = performance.now();
    await server?.shutdown({ drainMs: 0, timeoutMs: 300 });
    expect(performance.now() - began).toBeGreaterThanOrEqual(290);
    expect(performance.now() - began).toBeLessThan(5_000);
    await stuck.closed;
  });
});
