import { Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { endpointLabel, type BodyOf, type Endpoint, type ErrorCase, type ParamsOf, type QueryOf, type ResponseOf } from "../../contracts/endpoint.ts";
import { decodeWith } from "./decode.ts";
import { HttpError } from "./errors.ts";

/**
 * Serves the endpoints declared in contracts/: each feature calls
 * `router.serve(endpoint, options, handler)`; `mount` registers one Fastify
 * route per method and path. The handler gets the params, query and body
 * already decoded with the endpoint's schemas (a failure is a 400 with the
 * contract's Spanish message) and returns the decoded answer, which is
 * encoded with the response schema (keys the schema does not name are
 * dropped, so a handler cannot leak a field by accident).
 */

/** A check that runs before the handler: authentication, roles, rate limits. It throws HttpError to refuse. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteOptions {
  /** Run in order before decoding the body. */
  readonly guards?: ReadonlyArray<Guard>;
  /**
   * Take the body as it arrived, a Buffer of any content type, never parsed
   * (a signed webhook, whose signature covers the exact bytes; an HTML
   * form). The endpoint declares no body schema; the handler reads
   * `request.body`. Only this route gets the raw parser.
   */
  readonly rawBody?: boolean;
}

export interface RouteInput<E extends Endpoint> {
  readonly params: ParamsOf<E>;
  readonly query: QueryOf<E>;
  readonly body: BodyOf<E>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** An answer already serialized (the marketplace's result cache); sent as is. */
export class PreEncodedJson {
  constructor(readonly json: string) {}
}

/** A server-rendered page for a browser tab (the local checkout, a receipt), sent as text/html with `status`. */
export class HtmlPage {
  constructor(
    readonly html: string,
    readonly status: number = 200,
  ) {}
}

/** "303 See Other" to `location`: the answer to an HTML form's POST. */
export class SeeOther {
  constructor(readonly location: string) {}
}

export type Handler<E extends Endpoint> = (input: RouteInput<E>) => Promise<ResponseOf<E> | PreEncodedJson | HtmlPage | SeeOther>;

interface Served {
  readonly endpoint: Endpoint;
  readonly guards: ReadonlyArray<Guard>;
  readonly rawBody: boolean;
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

export function createRouter(): Router {
  const routes = new Map<string, Served[]>();

  const serve = <E extends Endpoint>(endpoint: E, options: RouteOptions, handler: Handler<E>): void => {
    const key = `${endpoint.method} ${endpoint.path}`;
    const group = routes.get(key) ?? [];
    if (group.some((other) => endpointLabel(other.endpoint) === endpointLabel(endpoint))) {
      throw new Error(`${endpointLabel(endpoint)} is served twice`);
    }
    const encode = Schema.encodeSync(endpoint.response);
    const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      // Decoded in the order a person reads the request: where, which, what.
      const params = endpoint.params === undefined ? undefined : decodeWith(endpoint.params, request.params);
      const query = endpoint.query === undefined ? undefined : decodeWith(endpoint.query, request.query);
      const body = endpoint.body === undefined ? undefined : decodeWith(endpoint.body, request.body);
      const answer = await handler({ params, query, body, request, reply });
      if (reply.sent) return reply;
      if (answer instanceof HtmlPage) return reply.code(answer.status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(answer.html);
      if (answer instanceof SeeOther) return reply.code(303).header("Location", answer.location).send();
      reply.code(endpoint.status ?? 200);
      if (answer instanceof PreEncodedJson) return reply.type("application/json; charset=utf-8").send(answer.json);
      // A handler answering outside its schema is a bug: encodeSync throws, and the client gets a 500.
      return reply.send(encode(answer));
    };
    if (options.rawBody === true && endpoint.body !== undefined) throw new Error(`${endpointLabel(endpoint)}: a raw body has no body schema`);
    group.push({ endpoint, guards: options.guards ?? [], rawBody: options.rawBody === true, handle });
    // Variants with more fixed query parameters are tried first.
    group.sort((a, b) => Object.keys(b.endpoint.fixedQuery ?? {}).length - Object.keys(a.endpoint.fixedQuery ?? {}).length);
    routes.set(key, group);
  };

  const mount = (app: FastifyInstance): void => {
    for (const group of routes.values()) {
      const first = group[0];
      if (first === undefined) continue;
      const route = (scope: FastifyInstance) =>
        scope.route({
          method: first.endpoint.method,
          url: first.endpoint.path,
          handler: async (request, reply) => {
            const served = group.find((candidate) => matchesFixedQuery(candidate.endpoint, request.query));
            if (served === undefined) throw new HttpError(404, "Recurso no encontrado.");
            for (const guard of served.guards) await guard(request, reply);
            return served.handle(request, reply);
          },
        });
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
  };

  return { serve, mount, served: () => [...routes.values()].flat().map((served) => served.endpoint) };
}
