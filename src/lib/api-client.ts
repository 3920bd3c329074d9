import { Either, ParseResult, Schema } from "effect";
import { AUTH_MESSAGES } from "../../contracts/errors.ts";
import { fillPath, type Endpoint, type MultipartSpec, type PathArgs, type QueryArgs, type ResponseOf, type WireBodyOf } from "../../contracts/endpoint.ts";
import { apiConfig } from "./api-config.ts";
import { ApiError, BAD_REQUEST_FALLBACK_MESSAGE, GENERIC_ERROR_MESSAGE } from "./api-error.ts";

/**
 * The one way the app talks to the API. Framework-free and DOM-free: the Pact
 * consumer tests run these fetchers in Node against the mock server.
 */

// The error type and messages live in an Effect-free module so the app shell
// can use them without loading Effect; this module re-exports them.
export { ApiError, BAD_REQUEST_FALLBACK_MESSAGE, GENERIC_ERROR_MESSAGE, isApiError, userMessageOf } from "./api-error.ts";

// The configuration (base URL, token, what a 401 does) lives in an
// Effect-free module: pages a visitor arrives on read it without this one.
export { configureApi, hasSessionToken, type ApiConfig } from "./api-config.ts";

export type QueryParams = Readonly<Record<string, string | number | undefined>>;

interface RequestInit {
  readonly method: Endpoint["method"];
  readonly body?: unknown;
  /** A multipart body (uploads): sent as is; the browser writes its Content-Type with the boundary. */
  readonly form?: FormData;
  readonly query?: QueryParams;
  /** This token instead of the session's (logout sends the one that ends). */
  readonly token?: string;
}

const isAbsolute = (url: string): boolean => /^[a-z][a-z\d+\-.]*:\/\//i.test(url);

/** Joins base and path and appends the non-empty query parameters. */
export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  const suffix = path.startsWith("/") ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") params.append(key, String(value));
  }
  if (isAbsolute(base)) {
    const url = new URL(`${base}${suffix}`);
    params.forEach((value, key) => url.searchParams.append(key, value));
    return url.toString();
  }
  const search = params.toString();
  if (search === "") return `${base}${suffix}`;
  return `${base}${suffix}${suffix.includes("?") ? "&" : "?"}${search}`;
}

/**
 * The English texts that proxies, gateways and web frameworks put in an
 * error's `message` (Node's STATUS_CODES among them): never shown, our
 * server answers in Spanish.
 */
const STATUS_TEXT =
  /^(?:bad request|unauthori[sz]ed|forbidden|not found|method not allowed|request time-?out|conflict|gone|payload too large|request entity too large|uri too long|unsupported media type|too many requests|internal server error|internal error|not implemented|bad gateway|service unavailable|gateway time-?out|error|unknown error|server error)\.?$/i;

/** An answer as it came: its Content-Type and its text. */
export interface RawAnswer {
  readonly contentType: string | null;
  readonly text: string;
}

const isJsonType = (contentType: string | null): boolean => /^application\/(?:[\w.+-]+\+)?json\b/i.test((contentType ?? "").trim());

/**
 * The message our server wrote for the person, if the failed answer carries
 * one: a JSON answer (by its Content-Type: a proxy's HTML or text page never
 * counts, whatever it says) shaped `{ message }` as our error handler sends
 * it (a framework's default `{ statusCode, error, message }` is not), with a
 * message that is not an English status text. Null for anything else.
 */
export function serverMessageOf(answer: RawAnswer): string | null {
  if (!isJsonType(answer.contentType)) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || "statusCode" in body || "error" in body) return null;
  const message: unknown = Reflect.get(body, "message");
  if (typeof message !== "string") return null;
  const text = message.trim();
  return text === "" || STATUS_TEXT.test(text) ? null : text;
}

/**
 * Spec section 8: what a person sees for a failed answer: our server's
 * Spanish message; otherwise 'Ocurrió un error, intenta más tarde.' for a
 * 400 and 'Ocurrió un error, intenta más tarde' for the rest (an HTML page
 * from a proxy, an English 'Internal Server Error', an empty 502).
 */
export function errorMessageFor(status: number, answer: RawAnswer): string {
  const message = serverMessageOf(answer);
  if (status === 400) return message ?? BAD_REQUEST_FALLBACK_MESSAGE;
  return message ?? GENERIC_ERROR_MESSAGE;
}

/** A successful answer's body: JSON when it parses (the schema then says whether it fits), else its text. */
function bodyOf(answer: RawAnswer): unknown {
  if (answer.text === "") return undefined;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return answer.text;
  }
}

/**
 * Calls the API and decodes a successful body with `schema`. Throws an
 * `ApiError` for a network failure, a non-2xx answer or a body that does not
 * match the schema. A 401 also tells the session (`onUnauthorized`); a 401
 * or 403 that says the account is deactivated tells it that (`onDeactivated`).
 */
async function apiRequest<A, I>(schema: Schema.Schema<A, I>, path: string, init: RequestInit): Promise<A> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = init.token ?? apiConfig().getToken();
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const hasBody = init.body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";
  const payload = init.form ?? (hasBody ? JSON.stringify(init.body) : undefined);

  let response: Response;
  try {
    response = await fetch(buildUrl(apiConfig().baseUrl, path, init.query), {
      method: init.method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
    });
  } catch (cause) {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, { cause });
  }

  let answer: RawAnswer;
  try {
    answer = { contentType: response.headers.get("content-type"), text: await response.text() };
  } catch (cause) {
    // The connection dropped while the body was arriving: as good as no answer.
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, { cause });
  }
  if (!response.ok) {
    const message = errorMessageFor(response.status, answer);
    reportSessionEnd(response.status, message);
    throw new ApiError(response.status, message);
  }

  const decoded = Schema.decodeUnknownEither(schema)(bodyOf(answer));
  if (Either.isLeft(decoded)) {
    throw new ApiError(response.status, GENERIC_ERROR_MESSAGE, {
      cause: ParseResult.TreeFormatter.formatErrorSync(decoded.left),
    });
  }
  return decoded.right;
}

/** What a call of `endpoint` takes: its path params, query and wire body, each only when it has them; a token to use instead of the session's. */
export type EndpointArgs<E extends Endpoint> = { readonly token?: string } & (PathArgs<E> extends undefined ? unknown : { readonly params: PathArgs<E> }) &
  (QueryArgs<E> extends undefined ? unknown : { readonly query?: QueryArgs<E> }) &
  (WireBodyOf<E> extends undefined ? unknown : { readonly body: WireBodyOf<E> }) &
  (E extends { readonly multipart: MultipartSpec } ? { readonly form: FormData } : unknown);

export type ArgsTuple<E extends Endpoint> = object extends EndpointArgs<E> ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>];

interface LooseArgs {
  readonly token?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: QueryParams;
  readonly body?: unknown;
  readonly form?: FormData;
}

/**
 * Calls a declared endpoint (contracts/): method and path from the
 * declaration, params filled in, the endpoint's fixed query added, the answer
 * decoded with its response schema.
 */
export function callEndpoint<E extends Endpoint>(endpoint: E, ...[args]: ArgsTuple<E>): Promise<ResponseOf<E>> {
  const { params, query, body, form, token }: LooseArgs = args ?? {};
  return apiRequest(endpoint.response, fillPath(endpoint.path, params), {
    method: endpoint.method,
    query: { ...query, ...endpoint.fixedQuery },
    ...(body === undefined ? {} : { body }),
    ...(form === undefined ? {} : { form }),
    ...(token === undefined ? {} : { token }),
  });
}

/** A file the API answered (a CSV export): its bytes and the name its Content-Disposition gives, or `fallbackName`. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly filename: string;
}

/** The `filename="…"` of a Content-Disposition header (ASCII names, as our server writes them), or null. */
export function filenameOf(contentDisposition: string | null): string | null {
  const match = /filename="([^"\\/]{1,200})"/.exec(contentDisposition ?? "");
  return match?.[1] ?? null;
}

/**
 * Calls a declared endpoint whose answer is a file, not JSON (the access
 * audit's CSV): the same URL, bearer token and errors as `callEndpoint`
 * (a failure is an `ApiError` with the server's Spanish message, a 401 ends
 * the session), the body read as a Blob. Only for GET endpoints with params.
 */
export async function callEndpointForBlob<E extends Endpoint & { readonly method: "GET" }>(
  endpoint: E,
  args: { readonly params: PathArgs<E> & Readonly<Record<string, string | number>> },
  fallbackName: string,
): Promise<DownloadedFile> {
  const headers: Record<string, string> = { Accept: "text/csv, application/json" };
  const token = apiConfig().getToken();
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(apiConfig().baseUrl, fillPath(endpoint.path, args.params), endpoint.fixedQuery), { method: endpoint.method, headers });
  } catch (cause) {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, { cause });
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    const message = errorMessageFor(response.status, { contentType: response.headers.get("content-type"), text });
    reportSessionEnd(response.status, message);
    throw new ApiError(response.status, message);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, { cause });
  }
  return { blob, filename: filenameOf(response.headers.get("content-disposition")) ?? fallbackName };
}

/**
 * Opens an event-stream endpoint (`eventStream` in its declaration): the
 * session's bearer token goes in the Authorization header, never in the URL
 * (EventSource cannot send one, so the stream is read from this Response's
 * body: src/lib/live-stream.ts). Answers the Response whatever its status; a
 * 401 also tells the session, like any call. A network failure rejects.
 */
/**
 * Tells the session that the server ended it, from any answer: a
 * deactivated account (403 on a live session, 401 on one its deactivation
 * ended, both saying so) signs out telling why; any other 401 signs out.
 */
function reportSessionEnd(status: number, message: string): void {
  if ((status === 401 || status === 403) && message === AUTH_MESSAGES.deactivated) apiConfig().onDeactivated();
  else if (status === 401) apiConfig().onUnauthorized();
}

export async function openEventStream(endpoint: Endpoint & { readonly eventStream: true }, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: "text/event-stream" };
  const token = apiConfig().getToken();
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(buildUrl(apiConfig().baseUrl, fillPath(endpoint.path, undefined)), { method: endpoint.method, headers, signal, cache: "no-store" });
  // A refusal is a JSON answer like any other call's: the session hears why it ended, exactly as from a call.
  if (response.status === 401 || response.status === 403) {
    const text = await response.text().catch(() => "");
    reportSessionEnd(response.status, errorMessageFor(response.status, { contentType: response.headers.get("content-type"), text }));
  }
  return response;
}
