import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "../../../contracts/live.ts";
import type { LiveStatus } from "../../../src/lib/live-status.ts";
import { FIRST_RETRY_MS, MAX_RETRY_MS, createEventParser, openLiveStream, retryDelayMs } from "../../../src/lib/live-stream.ts";

// The tab's live stream (issue 28; decision 032), without a server: the
// server-sent events format, the backoff, and what the stream does on each
// kind of answer, on silence, and when closed.

describe("the event parser", () => {
  const parse = (chunks: ReadonlyArray<string>) => {
    const events: string[] = [];
    const parser = createEventParser((data) => events.push(data));
    for (const chunk of chunks) parser.push(chunk);
    return events;
  };

  it("reads data lines, ends an event at an empty line, skips comments and other fields", () => {
    expect(parse([': hola\n\ndata: {"type":"ready"}\n\nevent: x\nid: 3\ndata: uno\ndata: dos\n\n:\n\n'])).toEqual(['{"type":"ready"}', "uno\ndos"]);
  });

  it("takes CRLF, CR and LF line ends, split anywhere across chunks (a CR at a chunk's end waits for its LF)", () => {
    const text = 'data: {"a":1}\r\n\r\ndata:{"b":2}\r\rdata: c\n\n';
    const whole = parse([text]);
    expect(whole).toEqual(['{"a":1}', '{"b":2}', "c"]);
    for (let cut = 1; cut < text.length; cut += 1) expect(parse([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    expect(parse(text.split(""))).toEqual(whole);
  });

  it("keeps an event that has not ended yet", () => {
    expect(parse(['data: {"type":"ready"}\n'])).toEqual([]);
  });
});

describe("the backoff", () => {
  it("doubles from 1 s to 30 s, each wait between half and all of it", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => retryDelayMs(failures, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(retryDelayMs(1, () => 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelayMs(9, () => 0)).toBe(MAX_RETRY_MS / 2);
  });
});

/** A server the test writes to: each `open` answers the next scripted response. */
function fakeServer() {
  const opened: Array<{ signal: AbortSignal; write: (text: string) => void; end: () => void }> = [];
  const answers: Array<() => Response> = [];
  const stream = (): Response => {
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(started) {
        controller = started;
      },
    });
    const entry = opened.at(-1);
    if (entry !== undefined) {
      entry.write = (text) => controller?.enqueue(new TextEncoder().encode(text));
      entry.end = () => controller?.close();
      entry.signal.addEventListener("abort", () => controller?.error(new DOMException("aborted", "AbortError")));
    }
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" } });
  };
  const open = async (signal: AbortSignal): Promise<Response> => {
    opened.push({ signal, write: () => {}, end: () => {} });
    const answer = answers.shift() ?? stream;
    return answer === stream ? stream() : answer();
  };
  return { open, opened, answers, stream };
}

describe("the live stream", () => {
  let statuses: LiveStatus[];
  let events: LiveEvent[];
  beforeEach(() => {
    vi.useFakeTimers();
    statuses = [];
    events = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (server: ReturnType<typeof fakeServer>, silenceMs = 40_000) =>
    openLiveStream({ open: server.open, onEvent: (event) => events.push(event), onStatus: (status) => statuses.push(status), silenceMs, random: () => 1 });
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it("is open once the server says ready, and hands on each event it knows (skipping others)", async () => {
    const server = fakeServer();
    const stream = start(server);
    await flush();
    expect(statuses).toEqual(["connecting"]);
    server.opened[0]?.write(':\n\ndata: {"type":"ready"}\n\n');
    await flush();
    expect(statuses).toEqual(["connecting", "open"]);
    server.opened[0]?.write('data: {"type":"deal_message.created","access_request_id":7}\n\ndata: {"type":"news.flash"}\n\ndata: no es JSON\n\n');
    await flush();
    expect(events).toEqual([{ type: "ready" }, { type: "deal_message.created", access_request_id: 7 }]);
    stream.close();
    expect(statuses.at(-1)).toBe("off");
  });

  it("opens again after the server ends the stream, waiting longer after each failure, and not once closed", async () => {
    const server = fakeServer();
    const stream = start(server);
    await flush();
    server.opened[0]?.end();
    await flush();
    expect(statuses).toEqual(["connecting", "waiting"]);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS - 1);
    expect(server.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.opened).toHaveLength(2);
    // A second failure in a row: twice the wait.
    server.opened[1]?.end();
    await flush();
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_MS - 1);
    expect(server.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.opened).toHaveLength(3);
    // `ready` resets the backoff.
    server.opened[2]?.write('data: {"type":"ready"}\n\n');
    await flush();
    server.opened[2]?.end();
    await flush();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(server.opened).toHaveLength(4);
    stream.close();
    expect(server.opened[3]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * MAX_RETRY_MS);
    expect(server.opened).toHaveLength(4);
  });

  it("tries again after a refusal that may pass (429, 503) or a network failure", async () => {
    const server = fakeServer();
    server.answers.push(() => new Response(JSON.stringify({ message: "Demasiadas" }), { status: 429, headers: { "content-type": "application/json" } }));
    server.answers.push(() => {
      throw new TypeError("Failed to fetch");
    });
    const stream = start(server);
    await flush();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_MS);
    expect(server.opened).toHaveLength(3);
    expect(statuses).toEqual(["connecting", "waiting", "connecting", "waiting", "connecting"]);
    stream.close();
  });

  it("stops for good on a 401 (the session ended) or a 403 (a deactivated account)", async () => {
    for (const status of [401, 403]) {
      const server = fakeServer();
      server.answers.push(() => new Response(JSON.stringify({ message: "Sesión" }), { status, headers: { "content-type": "application/json" } }));
      statuses = [];
      start(server);
      await flush();
      await vi.advanceTimersByTimeAsync(10 * MAX_RETRY_MS);
      expect(server.opened, String(status)).toHaveLength(1);
      expect(statuses, String(status)).toEqual(["connecting", "off"]);
    }
  });

  it("gives up on a silent connection (no heartbeat) and opens a new one; heartbeats keep it", async () => {
    const server = fakeServer();
    const stream = start(server, 1_000);
    await flush();
    server.opened[0]?.write('data: {"type":"ready"}\n\n');
    await flush();
    for (let beat = 0; beat < 5; beat += 1) {
      await vi.advanceTimersByTimeAsync(900);
      server.opened[0]?.write(":\n\n");
      await flush();
    }
    expect(server.opened[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened[0]?.signal.aborted).toBe(true);
    expect(statuses.at(-1)).toBe("waiting");
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(server.opened).toHaveLength(2);
    stream.close();
  });
});
