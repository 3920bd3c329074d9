import path from "node:path";
import { PactV4, MatchersV3 } from "@pact-foundation/pact";
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
