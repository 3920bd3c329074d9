import type { TokenSettings } from "../auth/tokens.ts";
import type { Database } from "../db/open.ts";
import type { SessionReader } from "../auth/authz.ts";
import type { BackgroundTasks } from "./background.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What every route group receives. */
export interface RouteContext {
  readonly db: Database;
  /** Who is calling. Who may call is each endpoint's declared `access`, which the router enforces: routes list no auth guards. */
  readonly authz: SessionReader;
  readonly tokens: TokenSettings;
  readonly mailer: Mailer;
  /** Public origin of the app, for links in e-mails (no trailing slash). */
  readonly appUrl: string;
  /** Where team notifications go (new leads, finished onboardings). */
  readonly teamEmail: string;
  /** `rateLimiter.guard("login")` as a preHandler: per-IP limits, 429 past them. */
  readonly rateLimiter: RateLimiter;
  /** Work that runs after the answer (logged on failure); the app waits for it on close. */
  readonly background: BackgroundTasks;
  /** The clock (sessions, paid periods); the system's unless a test injects one. */
  readonly now: () => Date;
}
