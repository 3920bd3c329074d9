import { Either, Schema } from "effect";
import { LIVE_HEARTBEAT_MS, LiveEvent } from "../../contracts/live.ts";
import type { LiveStatus } from "./live-status.ts";

/**
 * One tab's live stream (issue 28; docs/decisions/032-live-deal-room.md),
 * framework-free: it opens the stream (`open`: src/lib/api-client.ts
 * `openEventStream`, with the bearer token in the Authorization header),
 * reads its server-sent events from the body, decodes each with the
 * contract's `LiveEvent` and hands it on; it says how it is (`onStatus`:
 * "open" once the server said `ready`). When the stream fails, ends, or
 * stays silent past two heartbeats, it waits and opens again, with a
 * backoff (1 s, 2 s, 4 s … 30 s, each between half and all of that); the
 * page polls meanwhile. A 401 (the session ended: the API client has told
 * the session) or a 403 (a deactivated account) stops it for good.
 */

export interface LiveStreamOptions {
  /** Opens the stream; resolves with the answer, rejects on a network failure or when `signal` aborts. */
  readonly open: (signal: AbortSignal) => Promise<Response>;
  readonly onEvent: (event: LiveEvent) => void;
  readonly onStatus: (status: LiveStatus) => void;
  /** Silence (not even a heartbeat) this long means a dead connection; default 2.5 heartbeats. */
  readonly silenceMs?: number;
  /** For the jitter; default Math.random. */
  readonly random?: () => number;
}

export interface LiveStream {
  /** Stop for good: the stream is aborted and never opened again. */
  close(): void;
}

/** The first wait after a failure; it doubles up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

/** The wait before attempt `failures + 1`: FIRST_RETRY_MS × 2^(failures − 1), at most MAX_RETRY_MS, then a random point in its upper half. */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 20));
  return Math.round(full / 2 + (full / 2) * random());
}

/**
 * The server-sent events format (WHATWG HTML, "Parsing an event stream"),
 * as far as this stream uses it: `data:` lines joined by newlines, an
 * empty line ends the event, comment lines (`:`) and other fields are
 * skipped. Lines may end in CRLF, LF or CR, split anywhere across chunks.
 */
export function createEventParser(onData: (data: string) => void): { push(text: string): void } {
  let buffer = "";
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onData(data.join("\n"));
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? "" : text.slice(colon + 1).replace(/^ /, "");
    if (field === "data") data.push(value);
  };
  return {
    push(text) {
      buffer += text;
      for (;;) {
        const end = /\r\n|\r|\n/.exec(buffer);
        if (end === null) return;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (end[0] === "\r" && end.index === buffer.length - 1) return;
        const text = buffer.slice(0, end.index);
        buffer = buffer.slice(end.index + end[0].length);
        line(text);
      }
    },
  };
}

const decodeEvent = Schema.decodeUnknownEither(Schema.parseJson(LiveEvent));

/** Answers that will not change by asking again: the session ended (401), the account is deactivated (403). */
const isFinal = (status: number): boolean => status === 401 || status === 403;

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { open, onEvent, onStatus } = options;
  const silenceMs = options.silenceMs ?? Math.round(LIVE_HEARTBEAT_MS * 2.5);
  const random = options.random ?? Math.random;
  let closed = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;

  const status = (next: LiveStatus) => {
    if (!closed) onStatus(next);
  };
  const stopWatchdog = () => {
    if (watchdog !== null) clearTimeout(watchdog);
    watchdog = null;
  };
  /** Anything from the server (an event, a heartbeat) proves the connection alive for another `silenceMs`. */
  const alive = (current: AbortController) => {
    stopWatchdog();
    watchdog = setTimeout(() => current.abort(), silenceMs);
  };

  const again = () => {
    stopWatchdog();
    if (closed) return;
    failures += 1;
    status("waiting");
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryDelayMs(failures, random));
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new AbortController();
    controller = current;
    status("connecting");
    try {
      alive(current);
      const response = await open(current.signal);
      if (isFinal(response.status)) {
        stopWatchdog();
        status("off");
        closed = true;
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const body = response.body;
      if (!response.ok || body === null || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        await body?.cancel().catch(() => undefined);
        again();
        return;
      }
      const parser = createEventParser((data) => {
        const decoded = decodeEvent(data);
        // An event this version of the app does not know is skipped: a newer server may send more kinds.
        if (Either.isLeft(decoded)) return;
        if (decoded.right.type === "ready") {
          failures = 0;
          status("open");
        }
        onEvent(decoded.right);
      });
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || closed) break;
        alive(current);
        parser.push(value);
      }
      again();
    } catch {
      // A network failure, the watchdog's abort, or close().
      again();
    }
  }

  void connect();
  return {
    close() {
      if (closed) return;
      onStatus("off");
      closed = true;
      stopWatchdog();
      if (retry !== null) clearTimeout(retry);
      retry = null;
      controller?.abort();
    },
  };
}
