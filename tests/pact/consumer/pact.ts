import path from "node:path";
import { PactV4, MatchersV3, type Rules, type TemplateHeaders, type V3MockServer as V4MockServer } from "@pact-foundation/pact";
import { makeConsumerPact } from "@pact-foundation/pact-core/src/consumer/index.js";
import { fillPath, type Endpoint } from "../../../contracts/endpoint.ts";
import { ApiError, configureApi } from "../../../src/lib/api-client.ts";

export const PACT_DIR = path.resolve(import.meta.dirname, "../../../pacts");

/**
 * The Rust mock server answers a request before it records the match, and
 * pact-js reads the record as soon as the test's callback returns: on a busy
 * machine it can read too early and report "expected but not received" for
 * a request that was answered (pact-foundation/pact-reference#535, also in
 * 16.2). A probe handle asks the mock server, by port, whether every
 * expected request matched; the callback's end waits for that (a test that
 * should fail waits MATCH_WAIT_MS, then Pact reports the mismatch as usual).
 */
const probe = makeConsumerPact("puente-web", "puente-api-probe", 5);
const MATCH_WAIT_MS = 2_000;

async function untilMatched(port: number): Promise<void> {
  const deadline = Date.now() + MATCH_WAIT_MS;
  while (!probe.mockServerMatchedSuccessfully(port) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type TestCallback = (server: V4MockServer) => Promise<unknown>;

/** `target` with every builder step wrapped alike, and `executeTest`'s callback followed by untilMatched. */
function waitingForMatches<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== "function") return value;
      if (key === "executeTest") {
        return (callback: TestCallback) =>
          Reflect.apply(value, object, [
            async (server: V4MockServer) => {
              const result = await callback(server);
              await untilMatched(server.port);
              return result;
            },
          ]);
      }
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, object, args);
        return typeof result === "object" && result !== null && !(result instanceof Promise) ? waitingForMatches(result) : result;
      };
    },
  });
}

/** One consumer/provider pair: every interaction lands in one pact file. */
export const newPact = () => waitingForMatches(new PactV4({ consumer: "puente-web", provider: "puente-api", dir: PACT_DIR, logLevel: "error" }));

export const { eachLike, integer, string, regex, like } = MatchersV3;

export const JSON_CONTENT = { "Content-Type": regex("^application/json.*", "application/json; charset=utf-8") };

/**
 * Any JWT-shaped string for the user `subject`: the mock server does not
 * verify it, and the provider state hands the real one. The subject only
 * tells the recorded examples apart.
 */
export const sampleToken = (subject: string, signature = "c2lnbmF0dXJl") =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: subject })).toString("base64url")}.${signature}`;

export const SAMPLE_TOKEN = sampleToken("9");

/** `Authorization: Bearer <the provider state's stateKey>`, recorded with `token` as its example. */
export const bearerFrom = (stateKey: string, token: string = SAMPLE_TOKEN) => ({
  Authorization: MatchersV3.fromProviderState(`Bearer \${${stateKey}}`, `Bearer ${token}`),
});

/** The format of every timestamp the API answers. */
export const ISO_DATETIME = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

/** Any timestamp in that format; the mock server answers `example`. */
export const when = (example: string) => MatchersV3.datetime(ISO_DATETIME, example);

/** A day as the API writes it (`2026-03-02`), as a regex for `regex(...)`. */
export const ISO_DAY = "^\\d{4}-\\d{2}-\\d{2}$";

/** The ApiError a call fails with; a call that succeeds, or fails another way, fails the test. */
export const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
};

/** Point the real client at the Pact mock server, as the app points it at /api. */
export const useMockServer = (url: string, token: string | null = null) => {
  configureApi({ baseUrl: `${url}/api`, getToken: () => token, onUnauthorized: () => {} });
};

/** What an interaction's request needs beyond the endpoint's declaration. */
export interface RequestOptions {
  /** Path params as literal values: `{ id: 999999 }`. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Path params the provider state hands over: `{ id: ["companyId", 1] }` (state key, example). */
  readonly paramsFromState?: Readonly<Record<string, readonly [string, string | number]>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: TemplateHeaders;
  /** A JSON body; `Content-Type: application/json` is added, as the client sends it. */
  readonly body?: unknown;
  /** A multipart/form-data body (uploads): its text fields and files, as the client's FormData sends them. */
  readonly multipart?: MultipartBody;
}

/** One file part of a multipart body. */
export interface MultipartFile {
  /** The form field: `files[]`, `file`. */
  readonly field: string;
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface MultipartBody {
  readonly fields?: Readonly<Record<string, string>>;
  readonly files: ReadonlyArray<MultipartFile>;
}

/** The boundary the pact records; the client's own (random) one is allowed by the Content-Type matcher. */
export const MULTIPART_BOUNDARY = "----PuentePactBoundary7MA4YWxkTrZu0gW";

/**
 * The bytes of a multipart/form-data body, text fields first, as a browser
 * (or Node's FormData) writes them. The mock server parses both bodies and
 * compares them part by part, so the boundary itself need not match; the
 * provider verification replays these bytes with this boundary.
 */
export function multipartBytes({ fields = {}, files }: MultipartBody, boundary: string = MULTIPART_BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8"));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        "utf8",
      ),
      file.content,
      Buffer.from("\r\n", "utf8"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, "utf8"));
  return Buffer.concat(chunks);
}

/** The file a part holds, as the client hands it to its fetcher. */
export const fileFrom = (part: MultipartFile): File => new File([new Uint8Array(part.content)], part.filename, { type: part.contentType });

interface RequestBuilder {
  query(query: Record<string, string>): unknown;
  headers(headers: TemplateHeaders): unknown;
  jsonBody(body: unknown): unknown;
  body(contentType: string, body: Buffer): unknown;
  matchingRules(rules: Rules): unknown;
}

/**
 * A binary body carries a content-type rule at `$` that the mock server also
 * applies to every part ("text/plain is not multipart/form-data"): each part
 * gets its own rule, which wins over `$`. Text fields must equal the
 * example; a file part may hold any bytes (the provider decides what it
 * accepts, as the 415 interaction shows).
 */
function multipartRules({ fields = {}, files }: MultipartBody): Rules {
  const exact = (value: string) => ({ "pact:matcher:type": "regex", regex: `^${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, value });
  return {
    body: [
      ...Object.entries(fields).map(([name, value]) => ({ path: `$['${name}']`, rules: [exact(value)] })),
      ...files.map((file) => ({ path: `$['${file.field}']`, rules: [{ "pact:matcher:type": "type", value: file.filename }] })),
    ],
  };
}

/**
 * `withRequest(...requestTo(endpoint, options))`: method and path come from
 * the endpoint's declaration in contracts/ (under /api, as the app calls
 * it), with its fixed query, so a pact never spells a path by hand.
 */
export function requestTo(endpoint: Endpoint, options: RequestOptions = {}) {
  const fromState = Object.entries(options.paramsFromState ?? {});
  const examples = Object.fromEntries(fromState.map(([name, [, example]]) => [name, example]));
  const example = `/api${fillPath(endpoint.path, { ...options.params, ...examples })}`;
  // The provider's template keeps "${companyId}" for the verifier to fill in.
  const template = `/api${endpoint.path}`.replace(/:(\w+)/g, (_match, name: string) => {
    const state = options.paramsFromState?.[name];
    return state === undefined ? encodeURIComponent(String(options.params?.[name])) : `\${${state[0]}}`;
  });
  const path = fromState.length === 0 ? example : MatchersV3.fromProviderState(template, example);
  const query = { ...options.query, ...endpoint.fixedQuery };
  const multipartType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
  const headers: TemplateHeaders = {
    ...options.headers,
    ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    // Every FormData picks its own boundary.
    ...(options.multipart === undefined ? {} : { "Content-Type": MatchersV3.regex("^multipart/form-data; ?boundary=.+$", multipartType) }),
  };
  const build = (request: RequestBuilder) => {
    if (Object.keys(query).length > 0) request.query(query);
    if (Object.keys(headers).length > 0) request.headers(headers);
    if (options.body !== undefined) request.jsonBody(options.body);
    if (options.multipart !== undefined) {
      request.body(multipartType, multipartBytes(options.multipart));
      request.matchingRules(multipartRules(options.multipart));
    }
  };
  return [endpoint.method, path, build] as const;
}
