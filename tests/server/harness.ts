import { randomBytes } from "node:crypto";
import { Schema } from "effect";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { expect } from "vitest";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { ApiErrorBody } from "../../contracts/errors.ts";
import type { AppConfig } from "../../server/app.ts";
import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { issueSessionTokenFor } from "../../server/auth/sessions.ts";
import { DEFAULT_TOKEN_TTL_SECONDS } from "../../server/auth/tokens.ts";
import { createUser, type CreatedUser, type CreateUserInput } from "../../server/auth/users.ts";
import { openDatabase, type Database, type DatabaseHandle } from "../../server/db/open.ts";
import { escapeHtml } from "../../server/mail/mailer.ts";
import { SAMPLE_PASSWORD, urlOf } from "./samples.ts";

/**
 * The databases server tests run on: PGlite in memory, and PostgreSQL when
 * TEST_DATABASE_URL is set (see EVERY_TEST_DATABASE and ONE_TEST_DATABASE). Each `open()` on PostgreSQL
 * creates a fresh, uniquely named database from that URL and drops it on
 * close, so test files can run in parallel.
 */
export interface TestDatabaseTarget {
  readonly kind: "pglite" | "postgres";
  open(): Promise<TestDatabaseHandle>;
}

/** A test database; on PostgreSQL also its URL, for a second pool over it (a second server process, as it were). */
export type TestDatabaseHandle = DatabaseHandle & { readonly url?: string };

const pgliteTarget: TestDatabaseTarget = {
  kind: "pglite",
  open: () => openDatabase({ dataDir: "memory://" }),
};

const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const postgresTarget = (adminUrl: string): TestDatabaseTarget => ({
  kind: "postgres",
  async open() {
    const name = `puente_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(adminUrl, name);
    const handle = await openDatabase({ url });
    return {
      ...handle,
      url,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        try {
          // pool.end() resolves before its idle connections have finished closing: a plain DROP waits
          // for them (PostgreSQL gives them 5 s), where FORCE would cut them off mid-goodbye (and
          // each would report "connection closed" on stderr). FORCE only for a connection left open.
          await dropper.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        } finally {
          await dropper.end();
        }
      },
    };
  },
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const postgres = testDatabaseUrl === undefined || testDatabaseUrl === "" ? undefined : postgresTarget(testDatabaseUrl);

/**
 * Both databases: for the test files whose SQL can behave differently on
 * PGlite and PostgreSQL (the database layer and migrations, the
 * marketplace's search and its change log, connection loss, the saved-search
 * alerts' queue). Every other file runs on ONE_TEST_DATABASE: the rules it
 * proves are the server's, not the dialect's (docs/performance/suite.md).
 */
export const EVERY_TEST_DATABASE: ReadonlyArray<TestDatabaseTarget> = postgres === undefined ? [pgliteTarget] : [pgliteTarget, postgres];

/** One database per run: PostgreSQL when TEST_DATABASE_URL is set (production's), PGlite otherwise. */
export const ONE_TEST_DATABASE: ReadonlyArray<TestDatabaseTarget> = [postgres ?? pgliteTarget];

/** A fixed secret for tests that sign tokens. */
export const TEST_JWT_SECRET = new TextEncoder().encode("test-secret-0123456789abcdef0123456789");

/** A real session and its token for a user, as a login would give (TEST_JWT_SECRET). */
export const sessionTokenFor = (db: Database, userId: number): Promise<string> =>
  issueSessionTokenFor(db, userId, { secret: TEST_JWT_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS });

/** What every test app is built with: the test secret, no logs, no built app to serve. */
export const TEST_APP_CONFIG = { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir: null } as const satisfies AppConfig;

/** A user with the token of a live session of theirs. */
export type SignedInUser = CreatedUser & { readonly token: string };

/** A user as sign-up makes one (with the tests' fast password hashing), signed in; the sample password and no phone unless given. */
export async function signedInUser(
  db: Database,
  input: Omit<CreateUserInput, "password" | "phone"> & { readonly password?: string; readonly phone?: string | null },
): Promise<SignedInUser> {
  const user = await createUser(db, { password: SAMPLE_PASSWORD, phone: null, ...input }, { params: TEST_SCRYPT_PARAMS });
  return { ...user, token: await sessionTokenFor(db, user.id) };
}

export interface CallOptions {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as JSON. */
  readonly body?: unknown;
  readonly remoteAddress?: string;
}

/** An endpoint called as the app calls it: its URL, the bearer token if any, a JSON body if any. */
export const callEndpoint = (app: FastifyInstance, endpoint: Endpoint, token: string | undefined, options: CallOptions = {}): Promise<LightMyRequestResponse> =>
  app.inject({
    method: endpoint.method,
    url: urlOf(endpoint, options.params, options.query),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });

const decodeError = Schema.decodeUnknownSync(ApiErrorBody);

/** An error answer: its status and its Spanish message (the body may say more). */
export const expectMessage = (response: LightMyRequestResponse, status: number, message: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(decodeError(response.json()).message).toBe(message);
};

/** An error answer: its status, and a body that is the Spanish message and nothing else. */
export const expectOnlyMessage = (response: LightMyRequestResponse, status: number, message: string): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message });
};

/** A page for a browser tab (never JSON): `status`, Spanish HTML, and each of `sentences` in it as written. */
export const expectPage = (response: LightMyRequestResponse, status: number, ...sentences: ReadonlyArray<string>): void => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.body).toMatch(/^<!doctype html>\n<html lang="es-MX">/i);
  for (const sentence of sentences) expect(response.body).toContain(escapeHtml(sentence));
};

// --- Event streams (GET /events, decision 032) ---------------------------------------------------

/** One server-sent event's data lines, joined; null for a block of comments only (a heartbeat). */
export function eventData(block: string): string | null {
  const data = block
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""));
  return data.length === 0 ? null : data.join("\n");
}

/**
 * An event stream read as it arrives (`app.inject` with `payloadAsStream`):
 * the answer's status and headers at once, then its events one by one.
 * `close()` goes away like a browser tab (the server sees its response close).
 */
export interface InjectedStream {
  readonly response: LightMyRequestResponse;
  /** The next event's data (heartbeats skipped); rejects after `timeoutMs` without one, or when the stream has ended. */
  next(timeoutMs?: number): Promise<string>;
  /** Resolves when the server has ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

export async function openInjectedStream(app: FastifyInstance, options: InjectOptions): Promise<InjectedStream> {
  return readEvents(await app.inject({ ...options, payloadAsStream: true }));
}

/** The events of an answer injected with `payloadAsStream`. */
function readEvents(response: LightMyRequestResponse): InjectedStream {
  const stream = response.stream();
  const queue: string[] = [];
  const waiting: Array<() => void> = [];
  let buffer = "";
  let done = false;
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  const ended = new Promise<void>((resolve) => {
    stream.on("end", resolve);
    stream.on("close", resolve);
    stream.on("error", () => resolve());
  }).then(() => {
    done = true;
    wake();
  });
  stream.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const data = eventData(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (data !== null) queue.push(data);
      end = buffer.indexOf("\n\n");
    }
    wake();
  });
  const next = async (timeoutMs = 5_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const data = queue.shift();
      if (data !== undefined) return data;
      if (done) throw new Error("the stream ended before another event");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  // The server's side of the response: destroying it is the connection going away.
  const serverSide = (response.raw as { readonly res?: { destroy(): void } }).res;
  return { response, next, ended, close: () => serverSide?.destroy() };
}

/**
 * `app.inject`, except that an event stream that opens is read up to its
 * first event and closed: the answer's body is that event's data (so the
 * authorization matrix and the fuzz can call every endpoint alike).
 */
export async function injectReadingStreams(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const isStream = String(response.headers["content-type"] ?? "").startsWith("text/event-stream");
  let body: string;
  if (isStream) {
    const opened = readEvents(response);
    body = await opened.next();
    opened.close();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Buffer));
    body = Buffer.concat(chunks).toString("utf8");
  }
  return { ...response, body, payload: body, rawPayload: Buffer.from(body), json: () => JSON.parse(body) as unknown } as LightMyRequestResponse;
}
