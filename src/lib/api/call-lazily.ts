import type { Endpoint, ResponseOf } from "../../../contracts/endpoint.ts";
import type { ArgsTuple } from "../api-client.ts";

/**
 * Calls an endpoint whose contract and the API client (both with Effect's
 * runtime, ~55 kB gzip) load on the first call instead of with the page. For
 * the queries of pages a visitor arrives on with their data already in the
 * HTML (decision 043): the marketplace and a company's profile ask the API
 * only when the visitor filters, pages or signs in (decision 047). The answer
 * is decoded with the contract's schema as every other call's.
 */
export async function callLazily<E extends Endpoint>(loadEndpoint: () => Promise<E>, ...args: ArgsTuple<E>): Promise<ResponseOf<E>> {
  // Both load at once; the endpoint is awaited on its own so it keeps its type E.
  const client = import("../api-client.ts");
  const endpoint: E = await loadEndpoint();
  return (await client).callEndpoint(endpoint, ...args);
}
