import FindMyWay from "find-my-way";
import { ALL_ENDPOINTS } from "../../../contracts/all-endpoints.ts";
import type { Endpoint } from "../../../contracts/endpoint.ts";
import { decodeWith } from "../../../server/http/decode.ts";
import type { FuzzRequest } from "./mutations.ts";

// A fuzz case taken apart the way Fastify hands it to the router
// (server/http/router.ts), without a server: find-my-way, Fastify's own
// router with Fastify's defaults, splits the URL into path params and the
// query (duplicate keys as arrays); the body is JSON.parse'd as Fastify's
// JSON parser does; a well-formed multipart's text fields are a record of
// strings, as the router's reader collects them.

/** Fastify's router with its defaults (maxParamLength 100), one route per method and path, storing the endpoints served there. */
const router = FindMyWay({ maxParamLength: 100 });
for (const endpoint of ALL_ENDPOINTS) {
  const url = `/api${endpoint.path}`;
  if (router.hasRoute(endpoint.method, url)) continue;
  // As the router tries them: variants with more fixed query parameters first.
  const variants = ALL_ENDPOINTS.filter((other) => other.method === endpoint.method && other.path === endpoint.path).sort(
    (a, b) => Object.keys(b.fixedQuery ?? {}).length - Object.keys(a.fixedQuery ?? {}).length,
  );
  router.on(endpoint.method, url, () => undefined, variants);
}

/** What the router's decoders receive for a request, or why nothing reaches them. */
export type RouterInput =
  | {
      readonly routed: true;
      /** Every endpoint served on the request's method and path. */
      readonly variants: ReadonlyArray<Endpoint>;
      readonly params: unknown;
      readonly query: unknown;
      /** The parsed JSON body (undefined when none was sent), or null when Fastify's parser refuses it before the router. */
      readonly body: { readonly value: unknown } | null;
      /** A well-formed multipart's text fields, or undefined when the router's reader refuses the body unread. */
      readonly fields: Readonly<Record<string, string>> | undefined;
    }
  | { readonly routed: false; readonly why: string };

/** The body as Fastify's JSON parser hands it over (undefined when none was sent), or null when the parser refuses it first. */
function parsedBody(request: FuzzRequest): { readonly value: unknown } | null {
  if (request.payload === undefined) return { value: undefined };
  const text = Buffer.isBuffer(request.payload) ? request.payload.toString("utf8") : request.payload;
  try {
    // secure-json-parse (Fastify's) drops a leading BOM, then JSON.parse; it refuses __proto__ keys, which the fuzz decodes anyway.
    return { value: JSON.parse(text.replace(/^\uFEFF/, "")) as unknown };
  } catch {
    return null;
  }
}

export function routerInput(request: FuzzRequest): RouterInput {
  if (request.method === "OPTIONS") return { routed: false, why: "OPTIONS: not routed" };
  const found = router.find(request.method, request.url);
  if (found === null) return { routed: false, why: "no route (wrong method, a bad URL or a path param past 100 characters)" };
  const variants = found.store as ReadonlyArray<Endpoint>;
  return {
    routed: true,
    variants,
    params: found.params,
    query: found.searchParams,
    body: variants.some((variant) => variant.body !== undefined) ? parsedBody(request) : null,
    fields: request.fields === undefined ? undefined : { ...request.fields },
  };
}

/** The endpoint the router dispatches to: the first variant whose fixed query the request carries (as the router's matchesFixedQuery). */
const dispatched = (variants: ReadonlyArray<Endpoint>, query: unknown): Endpoint | undefined =>
  variants.find((variant) =>
    Object.entries(variant.fixedQuery ?? {}).every(([key, value]) => typeof query === "object" && query !== null && Reflect.get(query, key) === value),
  );

const accepts = (schema: Parameters<typeof decodeWith>[0] | undefined, input: unknown): boolean => {
  if (schema === undefined) return true;
  try {
    decodeWith(schema, input);
    return true;
  } catch {
    return false;
  }
};

/** Whether the request gets past the router's decoding into a handler (guards aside): every part the dispatched endpoint declares decodes. */
export function reachesHandler(request: FuzzRequest): boolean {
  const input = routerInput(request);
  if (!input.routed) return false;
  const endpoint = dispatched(input.variants, input.query);
  if (endpoint === undefined) return false;
  if (endpoint.body !== undefined && input.body === null) return false;
  if (endpoint.multipart !== undefined && input.fields === undefined) return false;
  return (
    accepts(endpoint.params, input.params) &&
    accepts(endpoint.query, input.query) &&
    (endpoint.body === undefined || accepts(endpoint.body, input.body?.value)) &&
    (endpoint.multipart === undefined || accepts(endpoint.multipart.fields, input.fields))
  );
}
