import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import type { Authz } from "../http/authz.ts";

/** What every route group receives. */
export interface RouteContext {
  readonly db: Database;
  readonly authz: Authz;
  readonly tokens: TokenSettings;
}
