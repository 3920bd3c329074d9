import type { StateHandlers } from "@pact-foundation/pact/src/dsl/verifier/proxy/types";
import type { RunningServer } from "../../../../server/start.ts";

/** Each feature's provider states, seeded through the server's own code. */
export type ProviderStates = (server: RunningServer) => StateHandlers;

/** Read a string parameter of a provider state, with a default. */
export const param = (params: unknown, key: string, fallback: string): string => {
  const value = typeof params === "object" && params !== null ? Reflect.get(params, key) : undefined;
  return typeof value === "string" ? value : fallback;
};
