import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { DEFAULT_TOKEN_TTL_SECONDS, type TokenSettings } from "./auth/tokens.ts";
import type { Database } from "./db/open.ts";
import { REPO_ROOT } from "./db/paths.ts";
import { registerAuthz } from "./auth/authz.ts";
import { registerBackgroundTasks } from "./http/background.ts";
import { createMetrics, instrumentApp, type Metrics } from "./http/metrics.ts";
import {
  createMemoryStore,
  createRateLimiter,
  createRedisStore,
  DEFAULT_RATE_LIMITS,
  type RateLimitRules,
  type RateLimitStore,
} from "./http/rate-limit.ts";
import { isApiUrl } from "./http/api-url.ts";
import { HttpError, MESSAGES, toErrorReply } from "./http/errors.ts";
import { loadPrerendered } from "./http/prerendered.ts";
import { loadRenderedPages } from "./http/rendered-pages.ts";
import { Sitemap } from "./marketplace/sitemap.ts";
import { loadRouteHtml, sendRouteHtml } from "./http/route-preloads.ts";
import { redactingStream, type LogDestination } from "./http/log-redaction.ts";
import { registerSecurityHeaders, securityHeaders } from "./http/security-headers.ts";
import { createMailDelivery, type MailDeliverySettings } from "./mail/delivery.ts";
import { createMailer } from "./mail/mailer.ts";
import { DEFAULT_MAIL_FROM, transportFor, type MailTransport } from "./mail/transport.ts";
import { ALL_ENDPOINTS } from "../contracts/all-endpoints.ts";
import { endpointLabel } from "../contracts/endpoint.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { botRoutes } from "./bot/routes.ts";
import { mandateListener } from "./buyer-leads/new-listings.ts";
import { buyerLeadRoutes } from "./buyer-leads/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { catalogueRoutes } from "./catalogues/routes.ts";
import { companyRoutes } from "./companies/routes.ts";
import { createReadiness, registerReadinessGate } from "./health/readiness.ts";
import { healthRoutes } from "./health/routes.ts";
import { kybRoutes } from "./kyb/routes.ts";
import type { RouteContext } from "./http/context.ts";
import { createRouter, type Router } from "./http/router.ts";
import { createImagePool, type ImagePool, type ImagePoolSettings } from "./data-room/image-pool.ts";
import { dataRoomRoutes } from "./data-room/routes.ts";
import { dealRoomRoutes } from "./deal-room/routes.ts";
import { NDA_VERSIONS, type NdaVersion } from "../content/nda.ts";
import { createAlertsWorker, DEFAULT_SAVED_SEARCH_ALERTS_INTERVAL_MS } from "./saved-searches/alerts-worker.ts";
import { createLapseWorker, DEFAULT_ACCESS_LAPSE_INTERVAL_MS } from "./deal-room/lapse.ts";
import { savedSearchRoutes } from "./saved-searches/routes.ts";
import { sellerAnalyticsRoutes } from "./seller-analytics/routes.ts";
import { createDiskStorage } from "./storage/disk.ts";
import type { S3Settings } from "./storage/s3.ts";
import type { Storage } from "./storage/storage.ts";
import { leadRoutes } from "./leads/routes.ts";
import { createLiveEvents, type LiveEvents, type LiveSettings } from "./http/live-events.ts";
import { liveRoutes } from "./live/routes.ts";
import { marketplaceRoutes } from "./marketplace/routes.ts";
import { SearchIndexSync } from "./marketplace/search-index-sync.ts";
import { newLocalWebhookSecret, createLocalProvider } from "./payments/local-provider.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { paymentRoutes } from "./payments/routes.ts";
import { createStripeProvider } from "./payments/stripe-provider.ts";
import { sessionRoutes } from "./sessions/routes.ts";
import { createTeamNotifier, type TeamNotifier } from "./onboarding/notifier.ts";
import { onboardingRoutes } from "./onboarding/routes.ts";
import { valuationRoutes } from "./valuations/routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Deliver every e-mail due now (after a delivery in progress); the worker does it on its own, tests call it to not wait. */
    deliverDueMail(): Promise<void>;
    /**
     * Make the app ready over a migrated and seeded database: load the search
     * index, LISTEN, start the workers, then answer every route (until then
     * /api answers 503: server/health/readiness.ts). Once; rejects, leaving
     * the app not ready, when the index cannot load. buildApp calls it unless
     * `config.deferReady`.
     */
    becomeReady(): Promise<void>;
    /**
     * Begin a graceful shutdown's drain: /api/health/ready answers 503 so a
     * proxy stops sending new traffic here, while every route still answers
     * (decision 041). The close that follows ends it.
     */
    beginDrain(): void;
    /** This app's Prometheus metrics (served on METRICS_PORT by server/start.ts). */
    readonly metrics: Metrics;
    /** This app's image worker threads (server/data-room/image-pool.ts): tests and benchmarks read its `stats()`. */
    readonly imagePool: ImagePool;
  }
}

/** What features receive: every feature's context, plus who takes payments (server/payments), where files live (server/data-room), the NDA's versions (server/deal-room) and this process's live events (server/live). */
type FeatureContext = RouteContext & {
  readonly paymentProvider: PaymentProvider;
  readonly storage: Storage;
  /** This process's image worker threads (server/data-room/image-pool.ts): started on first use, stopped on close. */
  readonly imagePool: ImagePool;
  readonly teamNotifier: TeamNotifier;
  readonly ndaVersions: ReadonlyArray<NdaVersion>;
  readonly live: LiveEvents;
  /** This process's marketplace search index (server/marketplace, docs/decisions/024). */
  readonly searchIndex: SearchIndexSync;
  /**
   * Work to finish before the process reports ready, over the migrated
   * database (docs/decisions/039): the marketplace loads its search index and
   * answers a first listing, so the first buyer's is fast.
   */
  readonly beforeReady: (task: () => Promise<void>) => void;
  /** This process's metrics: features count what an operator watches (payment webhooks). */
  readonly metrics: Metrics;
};

/** Each server feature serves its endpoints (server/<feature>/routes.ts). Add a new feature here. */
const FEATURES: ReadonlyArray<(router: Router, context: FeatureContext) => void> = [
  healthRoutes,
  catalogueRoutes,
  sessionRoutes,
  accountRoutes,
  leadRoutes,
  companyRoutes,
  marketplaceRoutes,
  paymentRoutes,
  dataRoomRoutes,
  kybRoutes,
  onboardingRoutes,
  valuationRoutes,
  botRoutes,
  adminRoutes,
  dealRoomRoutes,
  liveRoutes,
  sellerAnalyticsRoutes,
  savedSearchRoutes,
  buyerLeadRoutes,
];

/** Every endpoint declared in contracts/ is served, and nothing undeclared: checked at start. */
function assertServesEveryEndpoint(router: Router): void {
  const declared = new Set(ALL_ENDPOINTS.map(endpointLabel));
  const served = new Set(router.served().map(endpointLabel));
  const missing = [...declared].filter((label) => !served.has(label));
  const undeclared = [...served].filter((label) => !declared.has(label));
  if (missing.length > 0 || undeclared.length > 0) {
    throw new Error(`Endpoints not served: [${missing.join(", ")}]; served but not in ALL_ENDPOINTS: [${undeclared.join(", ")}]`);
  }
}

export interface AppConfig {
  /** HS256 secret (see server/auth/secret.ts). */
  readonly jwtSecret: Uint8Array;
  /** Access-token lifetime; 8 h by default. */
  readonly tokenTtlSeconds?: number;
  /** Where log lines go after redaction (tests read them); stdout unless given. */
  readonly logDestination?: LogDestination;
  /** pino level; "silent" turns the logger off (tests). Default "info". */
  readonly logLevel?: string;
  /** The built app to serve; default <repo>/dist, null to serve none. Served only if index.html exists. */
  readonly distDir?: string | null;
  /** Largest accepted request body in bytes; default 1 MiB. */
  readonly bodyLimit?: number;
  /** Reverse proxies in front, for the client IP (see TRUST_PROXY); default 0. */
  readonly trustProxyHops?: number;
  /** SMTP_URL: e-mail leaves through this server; absent: the offline outbox (email_outbox table + log). */
  readonly smtpUrl?: string;
  readonly mailFrom?: string;
  /** A ready transport (tests: a fake, or a mail server that fails); overrides smtpUrl. */
  readonly mailTransport?: MailTransport;
  /** The outbox worker's settings (server/mail/delivery.ts): MAIL_POLL_INTERVAL_MS, and in tests fast retries or no worker at all. */
  readonly mailDelivery?: Partial<MailDeliverySettings>;
  /** This app's Prometheus metrics (server/http/metrics.ts); default a registry of its own, read through `app.metrics` (the process metrics join it where it is served). */
  readonly metrics?: Metrics;
  /** Public origin for links in e-mails; default http://localhost:3000. */
  readonly appUrl?: string;
  /** Team inbox for notifications; default equipo@puente.mx. */
  readonly teamEmail?: string;
  /** Per-IP limits on login, recovery and sign-up; each default in DEFAULT_RATE_LIMITS. */
  readonly rateLimits?: Partial<RateLimitRules>;
  /** redis://… for shared rate-limit counters; absent: in-memory counters. */
  readonly redisUrl?: string;
  /** A ready counter store (tests); overrides redisUrl. Not closed by the app. */
  readonly rateLimitStore?: RateLimitStore;
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: payments through Stripe. Absent: the local offline checkout. */
  readonly stripe?: { readonly secretKey: string; readonly webhookSecret: string };
  /** The local checkout's webhook signing secret (PAYMENTS_LOCAL_WEBHOOK_SECRET or .data/); default random for this process. */
  readonly localWebhookSecret?: string;
  /** A ready payment provider (tests: Stripe with a fake HTTP client); overrides `stripe`. */
  readonly paymentProvider?: PaymentProvider;
  /** The clock for sessions and paid periods; default the system's (tests move it past a period's end). */
  readonly clock?: () => Date;
  /** Where uploads live: a ready storage (tests) overrides `s3`, which overrides `uploadsDir`. */
  readonly storage?: Storage;
  /** S3_*: uploads in an S3-compatible bucket. */
  readonly s3?: S3Settings;
  /** Uploads on disk here (UPLOADS_DIR, default .data/uploads via server/main.ts); absent: a temporary directory removed on close. */
  readonly uploadsDir?: string;
  /** IMAGE_WORKERS and IMAGE_QUEUE_MAX: the threads that stamp and check data-room images (decision 048); default 1 thread, 8 jobs waiting. Tests also give a worker module of their own. */
  readonly imagePool?: Partial<ImagePoolSettings>;
  /** SLACK_WEBHOOK_URL: finished onboardings go to this Slack incoming webhook; absent: the team e-mail. */
  readonly slackWebhookUrl?: string;
  /** A ready team notifier (tests); overrides slackWebhookUrl. */
  readonly teamNotifier?: TeamNotifier;
  /** The NDA's published versions, oldest first (the last is in force); default content/nda.ts NDA_VERSIONS (tests inject a change of version). */
  readonly ndaVersions?: ReadonlyArray<NdaVersion>;
  /** SAVED_SEARCH_ALERTS_INTERVAL_MS: how often this process e-mails saved-search and buyer-mandate matches of new listings (server/saved-searches, server/buyer-leads); default 30 s, 0 disables. */
  readonly savedSearchAlertsIntervalMs?: number;
  /** ACCESS_LAPSE_INTERVAL_MS: how often this process e-mails both parties a week before and at the end of an approval's access (server/deal-room/lapse.ts, decision 050); default 60 s, 0 disables. */
  readonly accessLapseIntervalMs?: number;
  /** The live streams (server/live): LIVE_MAX_STREAMS_PER_USER, and in tests a fast heartbeat and session check. */
  readonly live?: Partial<LiveSettings>;
  /**
   * The database may not be migrated yet (server/start.ts listens first):
   * buildApp neither boots the app (the caller's `listen` does, so it may add
   * hooks before) nor makes it ready; the caller calls `app.becomeReady()`
   * once it has migrated and seeded. Absent: buildApp returns a ready app
   * (tests, over a database they migrated).
   */
  readonly deferReady?: boolean;
}

export interface BuildAppOptions {
  readonly db: Database;
  readonly config: AppConfig;
}

/** "https://x.mx///" -> "https://x.mx", in linear time (a `/\/+$/` backtracks on long runs of slashes). */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === "/") end -= 1;
  return url.slice(0, end);
}

/** Disk storage in `dir`, or in a temporary directory of this process (removed on close) when none is given. */
function diskStorage(app: FastifyInstance, dir: string | undefined): Storage {
  if (dir !== undefined) return createDiskStorage(dir);
  const temporary = mkdtempSync(join(tmpdir(), "puente-uploads-"));
  app.addHook("onClose", () => rm(temporary, { recursive: true, force: true }));
  return createDiskStorage(temporary);
}

export const REQUEST_ID = /^[\w.:-]{1,128}$/;

const wantsHtml = (request: FastifyRequest): boolean =>
  request.method === "GET" && (request.headers.accept ?? "").includes("text/html");

/**
 * The HTTP application: everything under /api, `{ message }` errors in
 * Spanish, the built SPA from dist/ with history fallback. Returned ready
 * for `app.inject` or `app.listen`; it does not listen.
 */
export async function buildApp({ db, config }: BuildAppOptions): Promise<FastifyInstance> {
  const logLevel = config.logLevel ?? "info";
  const app = Fastify({
    // Every line is redacted on its way out: links that carry tokens or signatures never reach a log.
    logger: logLevel === "silent" ? false : { level: logLevel, stream: redactingStream(config.logDestination) },
    // Honour a caller's x-request-id when it is a sane token; otherwise a UUID.
    requestIdHeader: false,
    genReqId: (raw) => {
      const header = raw.headers["x-request-id"];
      return typeof header === "string" && REQUEST_ID.test(header) ? header : randomUUID();
    },
    bodyLimit: config.bodyLimit ?? 1024 * 1024,
    // A number of hops, never `true`: trusting every X-Forwarded-For would let
    // a client choose the IP its rate limits count against.
    trustProxy: (_address: string, hop: number) => hop < (config.trustProxyHops ?? 0),
    // The readiness gate answers requests that arrive while closing, in Spanish (server/health/readiness.ts).
    return503OnClosing: false,
    // Errors raised before routing (a malformed URL): answered on the raw
    // response, since no route context exists yet.
    frameworkErrors: (error, request, reply) => {
      const reply400 = toErrorReply(error);
      const statusCode = reply400.statusCode >= 500 ? 400 : reply400.statusCode;
      const message = reply400.statusCode >= 500 ? MESSAGES.badRequest : reply400.message;
      // No hook runs on this path: the security headers are added here (issue 26).
      reply.raw.writeHead(statusCode, { ...securityHeaders(request.protocol), "content-type": "application/json; charset=utf-8", "x-request-id": request.id });
      reply.raw.end(JSON.stringify({ message }));
    },
  });

  // JSON only: a body of any other type (text/plain included), or of none,
  // is a 415, refused at its first byte. A request that carries nothing is
  // not refused for the type it names or for being chunked: some clients
  // (Pact's verifier's proxy among them) send an empty chunked body on a POST.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("*", (request, payload, done) => {
    const refuse = () => done(new HttpError(415, MESSAGES.unsupportedMediaType), undefined);
    if (request.headers["transfer-encoding"] === undefined) {
      const declared = request.headers["content-length"];
      if (declared === undefined || declared === "0") done(null, undefined);
      else refuse();
      return;
    }
    let settled = false;
    payload.once("data", () => {
      settled = true;
      payload.pause();
      refuse();
    });
    payload.once("end", () => {
      if (!settled) done(null, undefined);
    });
    payload.once("error", (error) => {
      if (!settled) done(error, undefined);
    });
  });

  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });
  registerSecurityHeaders(app);
  // Before the authorization hook: until the app is ready, /api answers 503 without touching the database.
  const readiness = createReadiness();
  registerReadinessGate(app, readiness);
  app.addHook("preClose", (done) => {
    readiness.markStopping();
    done();
  });
  app.decorate("beginDrain", () => readiness.markDraining());

  const tokens: TokenSettings = { secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS };
  const now = config.clock ?? (() => new Date());
  const authz = registerAuthz(app, { db, tokens, now });
  const appUrl = withoutTrailingSlashes(config.appUrl ?? "http://localhost:3000");
  const teamEmail = config.teamEmail ?? "equipo@puente.mx";
  const ownStore = config.rateLimitStore === undefined;
  const rateLimitStore =
    config.rateLimitStore ?? (config.redisUrl === undefined || config.redisUrl === "" ? createMemoryStore() : createRedisStore(config.redisUrl));
  if (ownStore) app.addHook("onClose", () => rateLimitStore.close());
  const metrics = config.metrics ?? createMetrics();
  app.decorate("metrics", metrics);
  const rateLimiter = createRateLimiter(rateLimitStore, { ...DEFAULT_RATE_LIMITS, ...config.rateLimits }, app.log, (bucket) => metrics.rateLimitRefusals.inc({ bucket }));
  const background = registerBackgroundTasks(app, app.log);
  // E-mail goes through the outbox (docs/decisions/031-email-outbox.md): routes enqueue in their
  // transaction; this process's worker delivers after the commit, and polls for the rest.
  const mailTransport = config.mailTransport ?? transportFor(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM, app.log);
  const mailDelivery = createMailDelivery({
    db,
    transport: mailTransport,
    log: app.log,
    onFailure: (outcome) => metrics.emailFailures.inc({ outcome }),
    ...config.mailDelivery,
  });
  const mailer = createMailer({
    transport: mailTransport.kind,
    enqueued: (transactionId) => background.run("e-mail delivery", () => mailDelivery.afterCommit(transactionId)),
  });
  app.decorate("deliverDueMail", () => mailDelivery.runNow());
  const paymentProvider =
    config.paymentProvider ??
    (config.stripe === undefined
      ? createLocalProvider({ webhookSecret: config.localWebhookSecret ?? newLocalWebhookSecret(), appUrl })
      : createStripeProvider({ ...config.stripe, appUrl }));
  // The AWS SDK loads only when S3 is configured: it is large, and the disk needs none of it.
  const storage = config.storage ?? (config.s3 === undefined ? diskStorage(app, config.uploadsDir) : (await import("./storage/s3.ts")).createS3Storage(config.s3));
  // Threads start on the first image, not here; stopped once requests in flight are done (onClose runs after them).
  const imagePool = createImagePool(config.imagePool);
  app.addHook("onClose", () => imagePool.close());
  app.decorate("imagePool", imagePool);
  const slackWebhookUrl = config.slackWebhookUrl ?? (process.env.SLACK_WEBHOOK_URL?.trim() || undefined);
  const teamNotifier = config.teamNotifier ?? createTeamNotifier({ slackWebhookUrl, db, mailer, teamEmail, log: app.log });
  const ndaVersions = config.ndaVersions ?? NDA_VERSIONS;
  // Live events (docs/decisions/032-live-deal-room.md): LISTEN before serving; open streams end before the server stops (preClose), then UNLISTEN.
  const live = createLiveEvents({ db, log: app.log, now, ...config.live });
  app.addHook("preClose", (done) => {
    live.endAll();
    done();
  });
  app.addHook("onClose", () => live.stop());
  const searchIndex = new SearchIndexSync(db);
  instrumentApp(app, metrics, { db, readiness: () => readiness.state, searchIndex: () => searchIndex.stats() });
  const readyTasks: Array<() => Promise<void>> = [];
  const beforeReady = (task: () => Promise<void>) => {
    readyTasks.push(task);
  };
  const context: FeatureContext = { db, authz: { currentUser: authz.currentUser }, tokens, mailer, appUrl, teamEmail, rateLimiter, background, now, paymentProvider, storage, imagePool, teamNotifier, ndaVersions, live, searchIndex, beforeReady, metrics };

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, message, expected } = toErrorReply(error);
    if (!expected) request.log.error({ err: error }, "unexpected error");
    return reply.code(statusCode).send({ message });
  });

  const router = createRouter(authz);
  for (const feature of FEATURES) feature(router, context);
  assertServesEveryEndpoint(router);
  await app.register(async (api) => router.mount(api), { prefix: "/api" });

  const distDir = config.distDir === undefined ? join(REPO_ROOT, "dist") : config.distDir;
  const serveSpa = distDir !== null && existsSync(join(distDir, "index.html"));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      // The build writes .br and .gz next to each text asset (vite.config.ts).
      preCompressed: true,
      // Source maps would publish src/: never served, even if a build leaves one behind.
      // prerendered.json is the pages' source (origin placeholders): the pages are served below.
      // ssr/ is the server's render bundle (decision 043): code for the server, never a file to serve.
      allowedPath: (pathName) => !pathName.endsWith(".map") && !pathName.startsWith("/prerendered.json") && !pathName.startsWith("/ssr/"),
      setHeaders: (res, filePath) => {
        res.header("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // index.html per page route with preloads for the page's chunks (vite.config.ts),
  // and the public pages prerendered by the build (decision 025), which replace theirs.
  const routeHtml = serveSpa ? loadRouteHtml(distDir) : new Map<string, never>();
  const prerendered = serveSpa ? loadPrerendered(distDir, appUrl) : null;
  const pageFor = (path: string) => prerendered?.pages.get(path) ?? routeHtml.get(path);
  // The marketplace and business profiles, rendered on request with their public data (decision 043).
  const rendered = serveSpa && prerendered !== null ? await loadRenderedPages(distDir, appUrl, prerendered.notFoundOfRoute, app.log) : null;
  /** The API as an anonymous visitor from `ip` sees it (a profile view counts for the visitor, as the browser's request did). */
  const anonymousGet = (ip: string) => async (url: string) => {
    const response = await app.inject({ method: "GET", url, remoteAddress: ip, headers: { accept: "application/json" } });
    return { status: response.statusCode, body: response.statusCode === 200 ? (response.json() as unknown) : null };
  };
  const sitemap = new Sitemap(db, appUrl, prerendered?.indexedPaths ?? []);
  app.get("/sitemap.xml", async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").type("application/xml; charset=utf-8").send(await sitemap.xml()),
  );
  const home = pageFor("/");
  if (home !== undefined) {
    // Before @fastify/static's index.html, so the home page gets its own HTML too.
    app.get("/", async (request, reply) => sendRouteHtml(request, reply, home));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    // History fallback: a page route of the SPA gets its page, or index.html.
    if (serveSpa && !isApiUrl(request.url) && wantsHtml(request)) {
      const [path = "", search = ""] = request.url.split(/\?(.*)/s);
      // Past its render budget a visitor (or a script walking random filters) gets the page the browser renders.
      if (rendered?.handles(path) === true && (await rateLimiter.within("page_renders", request.ip))) {
        try {
          const answer = await rendered.answer(path, search, anonymousGet(request.ip));
          if (answer !== null) return sendRouteHtml(request, reply, answer.page, answer.status);
        } catch (error) {
          // Never a 5xx for a page: the browser renders it, as before decision 043.
          request.log.error({ err: error }, "server render failed; the page renders in the browser");
        }
      }
      const page = pageFor(path);
      if (page !== undefined) return sendRouteHtml(request, reply, page);
      // No route of the app matches: the prerendered not-found page, with the status that says so.
      if (prerendered !== null && !prerendered.isAppRoute(path)) return sendRouteHtml(request, reply, prerendered.notFound, 404);
      return reply.code(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8").sendFile("index.html");
    }
    return reply.code(404).send({ message: MESSAGES.notFound });
  });

  // The saved-search alerts start once the app is ready (a failed build schedules nothing); closing waits for a run in progress.
  // The same batch matches the buyer mandates (server/buyer-leads), in its transaction.
  // Saved texts are matched through the marketplace's own index (the one search path).
  const alertsWorker = createAlertsWorker({
    db,
    mailer,
    appUrl,
    searchIndex,
    listeners: [mandateListener({ mailer, appUrl })],
    log: app.log,
    now,
    intervalMs: config.savedSearchAlertsIntervalMs ?? DEFAULT_SAVED_SEARCH_ALERTS_INTERVAL_MS,
  });
  app.addHook("onClose", () => alertsWorker.stop());
  // The ends of access (decision 050): access itself ends from the time at every check; this worker only e-mails, each notice once.
  const lapseWorker = createLapseWorker({
    db,
    mailer,
    appUrl,
    teamEmail,
    log: app.log,
    now,
    intervalMs: config.accessLapseIntervalMs ?? DEFAULT_ACCESS_LAPSE_INTERVAL_MS,
  });
  app.addHook("onClose", () => lapseWorker.stop());
  app.addHook("onClose", () => mailDelivery.stop());

  // Ready means the features' work before ready is done (the marketplace's index loaded: docs/decisions/039),
  // and no worker reads a table before the migrations made it.
  const RENDERER_WARM_DELAY_MS = 2000;
  const becomeReady = async (): Promise<void> => {
    for (const task of readyTasks) await task();
    // A close that began meanwhile starts nothing.
    if (readiness.state !== "starting") return;
    await live.start();
    alertsWorker.start();
    lapseWorker.start();
    mailDelivery.start();
    readiness.markReady();
    // Once ready, and once the proxy's first health checks are answered: compiling the pages' server
    // renderer (~0.4 s of one thread) is no reason to keep the process out of the pool.
    if (rendered !== null) {
      const warming = setTimeout(() => {
        rendered.warm().catch((error: unknown) => app.log.error({ err: error }, "server entry failed to load: pages render in the browser"));
      }, RENDERER_WARM_DELAY_MS);
      warming.unref();
    }
  };
  let becoming: Promise<void> | null = null;
  app.decorate("becomeReady", () => (becoming ??= becomeReady()));
  if (config.deferReady === true) return app;
  await app.ready();
  try {
    await app.becomeReady();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
