/**
 * How the app calls the API (decision 047): the base URL, the session's token
 * and what an ended session does. Without Effect, unlike the client that
 * reads it (api-client.ts), so the first load of a visitor's page can ask
 * whether a session exists without loading the client.
 */

export interface ApiConfig {
  /** `/api` by default; an absolute URL (e.g. the Pact mock server) also works. */
  readonly baseUrl?: string;
  readonly getToken: () => string | null;
  /** A 401: the session's token is no longer good. */
  readonly onUnauthorized: () => void;
  /** A 401 or 403 that says the account was deactivated (AUTH_MESSAGES.deactivated): the open session is of no use. Default: `onUnauthorized`. */
  readonly onDeactivated?: () => void;
}

export interface ResolvedConfig {
  readonly baseUrl: string;
  readonly getToken: () => string | null;
  readonly onUnauthorized: () => void;
  readonly onDeactivated: () => void;
}

let config: ResolvedConfig = {
  baseUrl: "/api",
  getToken: () => null,
  onUnauthorized: () => {},
  onDeactivated: () => {},
};

/** Whether calls carry a session's token (a signed-in tab). */
export const hasSessionToken = (): boolean => Boolean(config.getToken());

export function configureApi(next: ApiConfig): void {
  config = {
    baseUrl: next.baseUrl ?? "/api",
    getToken: next.getToken,
    onUnauthorized: next.onUnauthorized,
    onDeactivated: next.onDeactivated ?? next.onUnauthorized,
  };
}

/** The configuration in force (api-client.ts reads it on every call). */
export const apiConfig = (): ResolvedConfig => config;
