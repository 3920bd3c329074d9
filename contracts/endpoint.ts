import type { Schema } from "effect";
import type { DealRole } from "./deal-room.ts";
import type { Role } from "./sessions.ts";

/**
 * One REST endpoint, declared once: method, path template (":id" segments),
 * the schemas of its path params, query, body and answer, and the Spanish
 * error cases it can answer beyond the generic ones (bad input 400, no or bad
 * session 401, rate limited 429).
 *
 * Everything else derives from this value: the client fetcher
 * (`src/lib/api-client.ts` `callEndpoint`), the Fastify route and its
 * authorization (`server/http/router.ts` enforces `access`), the Pact
 * consumer test (`tests/pact/consumer/pact.ts`) and the authorization
 * matrix, whose every expected status follows from `access`. A path string
 * is never written a second time, nor who may call it.
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

// --- Who may call it (docs/decisions/028-access-rules.md) ---------------------------------

/**
 * Who may call an endpoint, declared with it. The router derives the checks
 * of the caller from it (server/http/router.ts with server/auth/authz.ts),
 * in one order: no session 401, a deactivated account 403, a missing role or
 * plan 403; then the route's own guards (rate limits); then the object:
 * the company of `companyManager` is checked by the router, the objects of
 * the other rules by the handler that finds them. The authorization matrix
 * (tests/server/authorization-matrix.test.ts) derives every expected status
 * from this value.
 *
 * `refusal` names one of the endpoint's own `errors`: the 403 the rule answers
 * (the generic "No tienes permiso…" or the plans' message when absent).
 */
export type Access =
  /**
   * Anyone, signed in or not: a session changes nothing (a bad token is
   * still a 401, on every route). `company: "listed"`: the path's company
   * must be listed (published and active); an unlisted one is missing for
   * everyone, its owner included (the handler answers 404).
   */
  | { readonly who: "anyone"; readonly company?: "listed" }
  /**
   * The request carries its own permission: a password, a signed or
   * one-time link, a webhook signature, a checkout id. The handler checks it;
   * a session is not what decides, and a deactivated account's credential
   * opens nothing.
   */
  | { readonly who: "token" }
  /** Any valid session, a deactivated account's included (no session: 401). */
  | { readonly who: "session" }
  /** An active account: no session 401, a deactivated account 403. `company: "listed"` as for `anyone`. */
  | { readonly who: "signedIn"; readonly company?: "listed" }
  /** signedIn, then one of `roles` (as the database says on this request), else 403. */
  | { readonly who: "role"; readonly roles: ReadonlyArray<Role>; readonly refusal?: string }
  /**
   * signedIn, then a paid plan as the database says on this request (an admin
   * needs one too), else 403. `orRefunded`: also a plan that a full refund
   * ended (its status 'refunded'), so the refund can be seen.
   */
  | { readonly who: "paid"; readonly refusal?: string; readonly orRefunded?: true }
  /**
   * signedIn, then (`plan: "paidUnlessAdmin"`) a paid plan unless an admin,
   * 403 whatever the company (no existence oracle); then the company exists
   * and the caller owns it or is an admin; to anyone else it is exactly a
   * missing company (404). The company is the path's `:id`, or the body's
   * `company_id` (`companyId: "body"`). The router checks it after decoding a
   * JSON body and before reading an upload.
   */
  | { readonly who: "companyManager"; readonly companyId?: "path" | "body"; readonly plan?: "paidUnlessAdmin"; readonly refusal?: string }
  /**
   * signedIn, then the path's company: its owner or an admin (every file),
   * or a buyer whose access holds, approved with the NDA in force (the files
   * the owner shared); to anyone else a missing company (404). The handler
   * decides, by the deal room's rule.
   */
  | { readonly who: "dataRoomReader" }
  /**
   * signedIn, then a party of the access request (the path's request, or the
   * letter's) whose part is one of `parties`: its buyer, the company's owner
   * ("seller") or an admin; to anyone else it is a missing request (404). The
   * handler decides: it finds the request.
   */
  | { readonly who: "dealParty"; readonly parties: ReadonlyArray<DealRole> };

/** The rules' names. */
export type AccessRule = Access["who"];

/** Whether the rule is about the path's company (`:id`): the company must be listed, or managed, or readable. */
export const isAboutPathCompany = (access: Access): boolean =>
  access.who === "dataRoomReader" ||
  (access.who === "companyManager" && access.companyId !== "body") ||
  ((access.who === "anyone" || access.who === "signedIn") && access.company === "listed");

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
  /**
   * The answer is a stream of server-sent events (text/event-stream) that
   * stays open: `response` decodes each event's `data:` (JSON). The client
   * reads it with `fetch` (src/lib/live-stream.ts); tests read its first
   * event (tests/server/harness.ts `injectEndpointCall`).
   */
  readonly eventStream?: true;
  /** The success status; 200 unless said. */
  readonly status?: 200 | 201;
  /** The endpoint's own Spanish answers, by name (`errors.notFound`). */
  readonly errors?: Readonly<Record<string, ErrorCase>>;
  /** Who may call it; required, so no endpoint is open by omission (see `Access`). */
  readonly access: Access;
  /**
   * Opened by a person in a browser tab (a signed link), never fetched by
   * the app: every error it answers is a Spanish HTML page that says what
   * happened and what to do next (its `errors`' messages), never JSON. The
   * server route gives the page for the errors raised before its handler
   * (a malformed link) and for unexpected failures (server/http/router.ts
   * `RouteOptions.errorPage`).
   */
  readonly browserTab?: true;
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

type ErrorNames<Spec extends EndpointSpec> = Spec extends { readonly errors: infer Errors } ? keyof Errors & string : never;

// An access rule's `refusal` names one of the endpoint's errors; a rule about a company needs the path's `:id` (or a body with `company_id`).
type AccessCheck<Spec extends EndpointSpec> = (Spec["access"] extends { readonly refusal: infer Name }
  ? [Name] extends [ErrorNames<Spec>]
    ? unknown
    : { readonly access: { readonly refusal: "must name one of the endpoint's errors" } }
  : unknown) &
  (Spec["access"] extends { readonly who: "companyManager"; readonly companyId: "body" }
    ? Spec["body"] extends AnySchema
      ? Schema.Schema.Type<Spec["body"]> extends { readonly company_id: number }
        ? unknown
        : { readonly access: { readonly companyId: "the body has no company_id" } }
      : { readonly access: { readonly companyId: "the endpoint has no body" } }
    : Spec["access"] extends { readonly who: "companyManager" | "dataRoomReader" } | { readonly company: "listed" }
      ? "id" extends PathParamNames<Spec["path"]>
        ? unknown
        : { readonly access: { readonly who: "a rule about the path's company needs an :id in the path" } }
      : unknown);

/** Declares an endpoint. Keep the declaration beside the schemas it uses (contracts/<feature>.ts). */
export function defineEndpoint<const Spec extends EndpointSpec>(spec: Spec & ParamsCheck<Spec> & AccessCheck<Spec>): Spec & { readonly _tag: "Endpoint" } {
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
