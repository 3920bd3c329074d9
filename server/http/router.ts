import type { Socket } from "node:net";
import fastifyMultipart from "@fastify/multipart";
import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  endpointLabel,
  pathParamNames,
  type BodyOf,
  type Endpoint,
  type ErrorCase,
  type MultipartSpec,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from "../../contracts/endpoint.ts";
import { decodeWith } from "./decode.ts";
import { HttpError, toErrorReply } from "./errors.ts";
import { securityHeaders } from "./security-headers.ts";

/**
 * Serves the endpoints declared in contracts/: each feature calls
 * `router.serve(endpoint, options, handler)`; `mount` registers one Fastify
 * route per method and path. The handler gets the params, query and body
 * already decoded with the endpoint's schemas (a failure is a 400 with the
 * contract's Spanish message) and returns the decoded answer, which is
 * encoded with the response schema (keys the schema does not name are
 * dropped, so a handler cannot leak a field by accident).
 *
 * Who may call is the endpoint's `access` (contracts/endpoint.ts), enforced
 * here, never listed by a route: the checks of the caller come first (no
 * session 401, a deactivated account 403, a role or plan 403), then the
 * route's own guards (rate limits), then the decoding; a `companyManager`
 * rule's company is checked after a JSON body is decoded (its `company_id`
 * may be the company) and before an upload is read (a stranger's files are
 * refused unread).
 */

/** A check that runs before the handler: the access rule's checks of the caller, rate limits. It throws HttpError to refuse. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** How the router enforces `access` (server/auth/authz.ts `registerAuthz` gives the app's). */
export interface AccessEnforcer {
  /** The checks of the caller that the endpoint's rule asks for, or null (`anyone`, `token`). */
  readonly accessGuard: (endpoint: Endpoint) => Guard | null;
  /** 404 unless the company exists and the caller owns it or is an admin. */
  readonly assertCompanyAccess: (request: FastifyRequest, companyId: number) => Promise<void>;
}

export interface RouteOptions {
  /**
   * The route's own checks (rate limits), run in order after the access
   * rule's checks of the caller and before decoding. Never authentication,
   * roles or plans: those come from the endpoint's `access`.
   */
  readonly guards?: ReadonlyArray<Guard>;
  /**
   * Take the body as it arrived, a Buffer of any content type, never parsed
   * (a signed webhook, whose signature covers the exact bytes; an HTML
   * form). The endpoint declares no body schema; the handler reads
   * `request.body`. Only this route gets the raw parser.
   */
  readonly rawBody?: boolean;
  /**
   * The page for a refusal of a `browserTab` endpoint that its handler did
   * not answer itself: a request its schemas refuse, a guard's refusal, an
   * unexpected failure (logged). Required for those endpoints, refused for
   * the others: a browser tab never gets JSON, the app never gets a page.
   */
  readonly errorPage?: (error: { readonly statusCode: number; readonly message: string }) => HtmlPage;
}

/** One file of a multipart request, read whole (within the endpoint's `maxFileBytes`). */
export interface UploadedFile {
  /** As the client named it: untrusted, unsanitised. */
  readonly filename: string;
  readonly bytes: Buffer;
  /** The part's Content-Type as the client declared it: untrusted (sniff `bytes`). */
  readonly declaredType: string;
}

/** The decoded text fields of a multipart endpoint (undefined for the others). */
export type FieldsOf<E> = E extends { readonly multipart: { readonly fields: infer S } }
  ? S extends Schema.Schema.AnyNoContext
    ? Schema.Schema.Type<S>
    : never
  : undefined;

export interface RouteInput<E extends Endpoint> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  /** A multipart endpoint's text fields, decoded with `multipart.fields`. */
  readonly fields: FieldsOf<E>;
  /** A multipart endpoint's files (at least one, at most `maxFiles`); empty for the others. */
  readonly files: ReadonlyArray<UploadedFile>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** An answer already serialized (the marketplace's result cache); sent as is. */
export class PreEncodedJson {
  constructor(readonly json: string) {}
}

/**
 * A server-rendered page for a browser tab (the local checkout, a receipt,
 * Puente Bot's chat), sent as text/html with `status`; `headers` (a page's
 * own, tighter Content-Security-Policy) win over the app-wide ones.
 */
export class HtmlPage {
  constructor(
    readonly html: string,
    readonly status: number = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** "303 See Other" to `location`: the answer to an HTML form's POST. */
export class SeeOther {
  constructor(readonly location: string) {}
}

/** A file's bytes, sent as is with its content type and headers (downloads, pictures). */
export class FileBytes {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** Where an event stream's handler writes: each event encoded with the endpoint's response schema. */
export interface EventSink<A> {
  /** One event (`data:` with its JSON). */
  send(event: A): void;
  /** A comment line: a heartbeat that keeps proxies from closing an idle stream. */
  comment(): void;
  /** End the stream from the server's side. */
  end(): void;
}

/**
 * A stream of server-sent events (an endpoint declared with `eventStream`):
 * the router answers 200 text/event-stream with the security headers, then
 * calls `open` with the sink; `open` answers what to do when the stream
 * ends, from either side (the client going away, `sink.end()`, the app
 * closing). A refusal is thrown before, like any other answer.
 */
export class EventStream<A> {
  constructor(readonly open: (sink: EventSink<A>) => () => void) {}
}

export type Handler<E extends Endpoint> = (input: RouteInput<E>) => Promise<ResponseOf<E> | PreEncodedJson | HtmlPage | SeeOther | FileBytes | EventStream<ResponseOf<E>>>;

/** Answers `stream` on the raw response (Fastify's reply is hijacked: its hooks do not run, so the headers they add are written here). */
function serveEventStream<A>(request: FastifyRequest, reply: FastifyReply, stream: EventStream<A>, encode: (event: A) => unknown): FastifyReply {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...securityHeaders(request.protocol),
    "x-request-id": request.id,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx and similar proxies would otherwise buffer the stream.
    "x-accel-buffering": "no",
  });
  let ended = false;
  let onEnd: (() => void) | null = null;
  // A client that goes away (a tab closed, a fetch aborted) half-closes the connection: the server's side is
  // closed too, or the response would stay open until a write failed (and keep the server from closing).
  const socket = request.raw.socket as Socket | null | undefined;
  const clientGone = () => {
    finish();
    raw.destroy();
  };
  function finish() {
    if (ended) return;
    ended = true;
    socket?.off("end", clientGone);
    onEnd?.();
  }
  socket?.once("end", clientGone);
  raw.on("close", finish);
  const write = (text: string) => {
    if (!ended && !raw.writableEnded) raw.write(text);
  };
  const sink: EventSink<A> = {
    send: (event) => {
      let data: string;
      try {
        data = JSON.stringify(encode(event));
      } catch (error) {
        // An event outside the contract is a bug: logged, and the stream ends rather than leak it.
        request.log.error({ err: error }, "event stream: an event outside the contract");
        sink.end();
        return;
      }
      write(`data: ${data}\n\n`);
    },
    comment: () => write(":\n\n"),
    end: () => {
      finish();
      if (!raw.writableEnded) raw.end();
    },
  };
  onEnd = stream.open(sink);
  // The client may have gone while `open` ran.
  if (ended) onEnd();
  return reply;
}

// A file's or a page's own headers (a sandboxing or tighter CSP) must win over the app-wide security headers set in onSend.
const ownHeaders = new WeakMap<FastifyReply, Readonly<Record<string, string>>>();
const reapplyOwnHeaders = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  const headers = ownHeaders.get(reply);
  if (headers !== undefined) reply.headers(headers);
  return payload;
};

/** Sends a server-rendered page: its own headers win over the app-wide ones (onSend), never cached. */
function sendPage(reply: FastifyReply, page: HtmlPage): FastifyReply {
  ownHeaders.set(reply, page.headers);
  return reply.code(page.status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").headers(page.headers).send(page.html);
}

/** The router's own answers to a multipart request it cannot read. */
export const MULTIPART_MESSAGES = {
  notMultipart: "Envía el archivo como multipart/form-data.",
  malformed: "No se pudo leer el archivo enviado. Intenta de nuevo.",
  noFile: "Selecciona un archivo.",
  tooManyFiles: (max: number) => (max === 1 ? "Envía un solo archivo." : `Puedes subir hasta ${max} archivos a la vez.`),
  tooLarge: "El archivo es demasiado grande.",
  badField: "Los datos enviados con el archivo no son válidos.",
} as const;

/** Text fields per multipart request and bytes per text field: a form has a few short ones. */
const MAX_MULTIPART_FIELDS = 8;
const MAX_MULTIPART_FIELD_BYTES = 1024;

const codeOf = (error: unknown): unknown => (typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined);

/**
 * Reads a multipart request with the endpoint's limits: files of
 * `fileField` (each at most `maxFileBytes`: busboy stops at the limit, so
 * no more than that is ever buffered) and a few short text fields. Any
 * malformed body is a 400, never a 5xx.
 */
async function readMultipart(
  request: FastifyRequest,
  spec: MultipartSpec,
  tooLarge: ErrorCase | undefined,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new HttpError(415, MULTIPART_MESSAGES.notMultipart);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: spec.maxFileBytes,
        // One more than allowed, so "too many" is our clear message rather than a silent drop.
        files: spec.maxFiles + 1,
        fields: MAX_MULTIPART_FIELDS,
        fieldSize: MAX_MULTIPART_FIELD_BYTES,
        fieldNameSize: 100,
        parts: spec.maxFiles + 1 + MAX_MULTIPART_FIELDS,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldnameTruncated || part.valueTruncated || typeof part.value !== "string" || part.fieldname in fields) {
          throw new HttpError(400, MULTIPART_MESSAGES.badField);
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== spec.fileField) {
        // Drain it (within the size limit) and refuse: a file under another name is a client bug.
        await part.toBuffer();
        throw new HttpError(400, MULTIPART_MESSAGES.noFile);
      }
      if (files.length >= spec.maxFiles) throw new HttpError(400, MULTIPART_MESSAGES.tooManyFiles(spec.maxFiles));
      const bytes = await part.toBuffer();
      files.push({ filename: part.filename, bytes, declaredType: part.mimetype });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = codeOf(error);
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, tooLarge?.message ?? MULTIPART_MESSAGES.tooLarge);
    if (code === "FST_FILES_LIMIT") throw new HttpError(400, MULTIPART_MESSAGES.tooManyFiles(spec.maxFiles));
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_PROTO_VIOLATION") throw new HttpError(400, MULTIPART_MESSAGES.badField);
    // Truncated bodies, bad boundaries, broken headers: busboy's errors.
    request.log.info({ err: error }, "malformed multipart request refused");
    throw new HttpError(400, MULTIPART_MESSAGES.malformed);
  }
  if (files.length === 0 || files.some((file) => file.bytes.length === 0)) throw new HttpError(400, MULTIPART_MESSAGES.noFile);
  return { fields, files };
}

interface Served {
  readonly endpoint: Endpoint;
  readonly guards: ReadonlyArray<Guard>;
  readonly errorPage: NonNullable<RouteOptions["errorPage"]> | null;
  readonly rawBody: boolean;
  readonly multipart: boolean;
  readonly handle: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** The endpoint's own error answer, as a throwable. */
export const fail = (error: ErrorCase): HttpError => new HttpError(error.status, error.message);

const matchesFixedQuery = (endpoint: Endpoint, query: unknown): boolean =>
  Object.entries(endpoint.fixedQuery ?? {}).every(
    ([key, value]) => typeof query === "object" && query !== null && Reflect.get(query, key) === value,
  );

export interface Router {
  serve<E extends Endpoint>(endpoint: E, options: RouteOptions, handler: Handler<E>): void;
  /** Registers every served endpoint on `app` (call once, inside the /api prefix). */
  mount(app: FastifyInstance): void;
  /** What is served, for the start-up check against contracts' ALL_ENDPOINTS. */
  served(): ReadonlyArray<Endpoint>;
}

/** Where a `companyManager` rule finds its company in the decoded request: the path's `id` or the body's `company_id`; null for other rules. */
function companyIdOf(endpoint: Endpoint): ((params: unknown, body: unknown) => number) | null {
  const { access } = endpoint;
  if (access.who !== "companyManager") return null;
  const [source, key] = access.companyId === "body" ? (["body", "company_id"] as const) : (["params", "id"] as const);
  if (source === "params" && !pathParamNames(endpoint.path).includes("id")) {
    throw new Error(`${endpointLabel(endpoint)}: a companyManager rule needs the company's :id in the path`);
  }
  if (source === "body" && endpoint.body === undefined) throw new Error(`${endpointLabel(endpoint)}: companyId "body" needs a body with company_id`);
  return (params, body) => {
    const id = Reflect.get((source === "params" ? params : body) as object, key);
    // The schemas decoded it as a company id; anything else is a declaration that does not fit its schemas.
    if (typeof id !== "number") throw new Error(`${endpointLabel(endpoint)}: no company id in the decoded ${source}`);
    return id;
  };
}

export function createRouter(access: AccessEnforcer): Router {
  const routes = new Map<string, Served[]>();

  const serve = <E extends Endpoint>(endpoint: E, options: RouteOptions, handler: Handler<E>): void => {
    const key = `${endpoint.method} ${endpoint.path}`;
    const group = routes.get(key) ?? [];
    if (group.some((other) => endpointLabel(other.endpoint) === endpointLabel(endpoint))) {
      throw new Error(`${endpointLabel(endpoint)} is served twice`);
    }
    const encode = Schema.encodeSync(endpoint.response);
    const accessGuard = access.accessGuard(endpoint);
    const companyId = companyIdOf(endpoint);
    const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      // Decoded in the order a person reads the request: where, which, what.
      const params = endpoint.params === undefined ? undefined : decodeWith(endpoint.params, request.params);
      const query = endpoint.query === undefined ? undefined : decodeWith(endpoint.query, request.query);
      const body = endpoint.body === undefined ? undefined : decodeWith(endpoint.body, request.body);
      // The company of a companyManager rule: after the JSON body (refused cheaply first), before any upload is read.
      if (companyId !== null) await access.assertCompanyAccess(request, companyId(params, body));
      let fields: unknown = undefined;
      let files: ReadonlyArray<UploadedFile> = [];
      if (endpoint.multipart !== undefined) {
        const read = await readMultipart(request, endpoint.multipart, endpoint.errors?.tooLarge);
        fields = decodeWith(endpoint.multipart.fields, { ...read.fields });
        files = read.files;
      }
      // The fields were decoded with the endpoint's own `multipart.fields` schema just above.
      const answer = await handler({ params, query, body, fields: fields as FieldsOf<E>, files, request, reply });
      if (reply.sent) return reply;
      if (answer instanceof EventStream) {
        if (endpoint.eventStream !== true) throw new Error(`${endpointLabel(endpoint)}: an event stream from an endpoint not declared with eventStream`);
        return serveEventStream(request, reply, answer, encode);
      }
      if (endpoint.eventStream === true) throw new Error(`${endpointLabel(endpoint)}: an event-stream endpoint answered something else`);
      if (answer instanceof FileBytes) {
        ownHeaders.set(reply, answer.headers);
        return reply.code(200).type(answer.contentType).headers({ "content-length": String(answer.bytes.length), ...answer.headers }).send(answer.bytes);
      }
      if (answer instanceof HtmlPage) return sendPage(reply, answer);
      if (answer instanceof SeeOther) return reply.code(303).header("Location", answer.location).send();
      reply.code(endpoint.status ?? 200);
      if (answer instanceof PreEncodedJson) return reply.type("application/json; charset=utf-8").send(answer.json);
      // A handler answering outside its schema is a bug: encodeSync throws, and the client gets a 500.
      return reply.send(encode(answer));
    };
    if (options.rawBody === true && endpoint.body !== undefined) throw new Error(`${endpointLabel(endpoint)}: a raw body has no body schema`);
    if ((endpoint.browserTab === true) !== (options.errorPage !== undefined)) {
      throw new Error(`${endpointLabel(endpoint)}: a browserTab endpoint, and only one, renders its refusals with errorPage`);
    }
    if (endpoint.multipart !== undefined && (endpoint.body !== undefined || options.rawBody === true)) {
      throw new Error(`${endpointLabel(endpoint)}: a multipart endpoint has no other body`);
    }
    group.push({ endpoint, guards: [...(accessGuard === null ? [] : [accessGuard]), ...(options.guards ?? [])], errorPage: options.errorPage ?? null, rawBody: options.rawBody === true, multipart: endpoint.multipart !== undefined, handle });
    // Variants with more fixed query parameters are tried first.
    group.sort((a, b) => Object.keys(b.endpoint.fixedQuery ?? {}).length - Object.keys(a.endpoint.fixedQuery ?? {}).length);
    routes.set(key, group);
  };

  const mount = (app: FastifyInstance): void => {
    const multipartRoutes: Array<(scope: FastifyInstance) => unknown> = [];
    for (const group of routes.values()) {
      const first = group[0];
      if (first === undefined) continue;
      const route = (scope: FastifyInstance) =>
        scope.route({
          method: first.endpoint.method,
          url: first.endpoint.path,
          onSend: reapplyOwnHeaders,
          handler: async (request, reply) => {
            const served = group.find((candidate) => matchesFixedQuery(candidate.endpoint, request.query));
            if (served === undefined) throw new HttpError(404, "Recurso no encontrado.");
            try {
              for (const guard of served.guards) await guard(request, reply);
              return await served.handle(request, reply);
            } catch (error) {
              if (served.errorPage === null || reply.sent) throw error;
              // A browser tab gets a page whatever went wrong; the failure is logged like the app's error handler does.
              const { statusCode, message, expected } = toErrorReply(error);
              if (!expected) request.log.error({ err: error }, "unexpected error");
              return sendPage(reply, served.errorPage({ statusCode, message }));
            }
          },
        });
      if (group.some((served) => served.multipart)) {
        if (group.some((served) => !served.multipart)) throw new Error(`${first.endpoint.method} ${first.endpoint.path}: multipart and JSON variants cannot share a route`);
        multipartRoutes.push(route);
        continue;
      }
      if (!group.some((served) => served.rawBody)) {
        route(app);
        continue;
      }
      // Content-type parsers are scoped to a plugin: this one route gets the raw bytes, every other keeps JSON only.
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
        route(scope);
      });
    }
    if (multipartRoutes.length === 0) return;
    // One scope parses multipart/form-data (and refuses anything else); every other route keeps JSON only.
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(new HttpError(415, MULTIPART_MESSAGES.notMultipart), undefined));
      await scope.register(fastifyMultipart, { throwFileSizeLimit: true });
      for (const route of multipartRoutes) route(scope);
    });
  };

  return { serve, mount, served: () => [...routes.values()].flat().map((served) => served.endpoint) };
}
