import type { Schema } from "effect";

/**
 * One REST endpoint, declared once: method, path template (":id" segments),
 * the schemas of its path params, query, body and answer, and the Spanish
 * error cases it can answer beyond the generic ones (bad input 400, no or bad
 * session 401, rate limited 429).
 *
 * Everything else derives from this value: the client fetcher
 * (`src/lib/api-client.ts` `callEndpoint`), the Fastify route
 * (`server/http/router.ts`), the Pact consumer test
 * (`tests/pact/consumer/pact.ts`) and the authorization matrix. A path string
 * is never written a second time.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The names of a path template's ":param" segments: "/companies/:id/files" -> "id". */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parts of a multipart request (see `EndpointSpec.multipart`). */
export interface MultipartSpec {
  /** The text fields' schema (each field a string on the wire). */
  readonly fields: AnySchema;
  /** The file field's name ("file", "files[]"). */
  readonly fileField: string;
  /** At most this many files per request (1 for a single file). */
  readonly maxFiles: number;
  /** Each file's size limit in bytes. */
  readonly maxFileBytes: number;
}

/** A Spanish error answer the endpoint can give: `{ message }` with `status`. */
export interface ErrorCase {
  readonly status: number;
  readonly message: string;
}

type AnySchema = Schema.Schema.AnyNoContext;

export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Under /api, in Fastify's syntax: "/companies/:id". */
  readonly path: string;
  /** One line for people: what the endpoint is for. */
  readonly summary: string;
  /** Decodes the path's string params (brands ids); required exactly when the path has params. */
  readonly params?: AnySchema;
  readonly query?: AnySchema;
  /**
   * Query parameters that select this endpoint among those sharing its method
   * and path (`?is_dashboard=true` is the owner/admin view of a company).
   * The client always sends them; the server dispatches on them.
   */
  readonly fixedQuery?: Readonly<Record<string, string>>;
  readonly body?: AnySchema;
  /**
   * A multipart/form-data request instead of a JSON body (file uploads):
   * `fields` decodes its text fields (as strings), `files` names the file
   * field and how many files and bytes each request may carry. The client
   * sends a `FormData`; the server reads the parts with these limits.
   */
  readonly multipart?: MultipartSpec;
  readonly response: AnySchema;
  /** The success status; 200 unless said. */
  readonly status?: 200 | 201;
  /** The endpoint's own Spanish answers, by name (`errors.notFound`). */
  readonly errors?: Readonly<Record<string, ErrorCase>>;
}

/** An endpoint value, made by `defineEndpoint`. */
export type Endpoint = EndpointSpec & { readonly _tag: "Endpoint" };

// A path with ":id" needs a params schema whose wire side is { id: string }; a path without needs none.
type ParamsCheck<Spec extends EndpointSpec> = [PathParamNames<Spec["path"]>] extends [never]
  ? { readonly params?: never }
  : Spec["params"] extends AnySchema
    ? Schema.Schema.Encoded<Spec["params"]> extends { readonly [K in PathParamNames<Spec["path"]>]: string }
      ? unknown
      : { readonly params: "the params schema must decode the path's string params" }
    : { readonly params: "this path has params: declare their schema" };

/** Declares an endpoint. Keep the declaration beside the schemas it uses (contracts/<feature>.ts). */
export function defineEndpoint<const Spec extends EndpointSpec>(spec: Spec & ParamsCheck<Spec>): Spec & { readonly _tag: "Endpoint" } {
  return { ...spec, _tag: "Endpoint" };
}

// --- Types derived from a declaration (for the client, the server and tests) -----

type SchemaOf<E, K extends "params" | "query" | "body" | "response"> = E extends { readonly [P in K]: infer S }
  ? S extends AnySchema
    ? S
    : never
  : never;

/** The decoded path params (branded ids). */
export type ParamsOf<E> = [SchemaOf<E, "params">] extends [never] ? undefined : Schema.Schema.Type<SchemaOf<E, "params">>;
/** The decoded query. */
export type QueryOf<E> = [SchemaOf<E, "query">] extends [never] ? undefined : Schema.Schema.Type<SchemaOf<E, "query">>;
/** The decoded body (what the server works with). */
export type BodyOf<E> = [SchemaOf<E, "body">] extends [never] ? undefined : Schema.Schema.Type<SchemaOf<E, "body">>;
/** The body as sent on the wire (what the client sends). */
export type WireBodyOf<E> = [SchemaOf<E, "body">] extends [never] ? undefined : Schema.Schema.Encoded<SchemaOf<E, "body">>;
/** The decoded answer (what the client receives). */
export type ResponseOf<E> = Schema.Schema.Type<SchemaOf<E, "response">>;

/** Path params as the client gives them: each name, as a string or a number. */
export type PathArgs<E> = E extends { readonly path: infer Path extends string }
  ? [PathParamNames<Path>] extends [never]
    ? undefined
    : { readonly [K in PathParamNames<Path>]: string | number }
  : never;

/** Query params as the client gives them: the query's wire keys, each a string or a number. */
export type QueryArgs<E> = [SchemaOf<E, "query">] extends [never]
  ? undefined
  : { readonly [K in keyof Schema.Schema.Encoded<SchemaOf<E, "query">>]?: string | number | undefined };

const PARAM = /:([A-Za-z_]\w*)/g;

/** The path with its params filled in (URI-encoded): "/companies/:id" + { id: 7 } -> "/companies/7". */
export function fillPath(path: string, args: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(PARAM, (_match, name: string) => {
    const value = args?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The names of the path's params, in order. */
export const pathParamNames = (path: string): ReadonlyArray<string> => [...path.matchAll(PARAM)].map((match) => match[1] ?? "");

/** "GET /companies/:id?is_dashboard=true": how logs and tests name an endpoint. */
export function endpointLabel(endpoint: Pick<EndpointSpec, "method" | "path" | "fixedQuery">): string {
  const fixed = Object.entries(endpoint.fixedQuery ?? {});
  return `${endpoint.method} ${endpoint.path}${fixed.length === 0 ? "" : `?${fixed.map(([key, value]) => `${key}=${value}`).join("&")}`}`;
}
