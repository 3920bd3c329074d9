import path from "node:path";
import { PactV4, MatchersV3, type TemplateHeaders } from "@pact-foundation/pact";
import { fillPath, type Endpoint } from "../../../contracts/endpoint.ts";
import { configureApi } from "../../../src/lib/api-client.ts";

export const PACT_DIR = path.resolve(import.meta.dirname, "../../../pacts");

/** One consumer/provider pair: every interaction lands in one pact file. */
export const newPact = () =>
  new PactV4({ consumer: "puente-web", provider: "puente-api", dir: PACT_DIR, logLevel: "error" });

export const { eachLike, integer, string, regex, like } = MatchersV3;

export const JSON_CONTENT = { "Content-Type": regex("^application/json.*", "application/json; charset=utf-8") };

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
}

interface RequestBuilder {
  query(query: Record<string, string>): unknown;
  headers(headers: TemplateHeaders): unknown;
  jsonBody(body: unknown): unknown;
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
  const headers: TemplateHeaders = { ...options.headers, ...(options.body === undefined ? {} : { "Content-Type": "application/json" }) };
  const build = (request: RequestBuilder) => {
    if (Object.keys(query).length > 0) request.query(query);
    if (Object.keys(headers).length > 0) request.headers(headers);
    if (options.body !== undefined) request.jsonBody(options.body);
  };
  return [endpoint.method, path, build] as const;
}
