import type { FastifyRequest } from "fastify";
import { liveEventsEndpoint, type LiveEvent } from "../../contracts/live.ts";
import type { RouteContext } from "../http/context.ts";
import { EventStream, fail, type Router } from "../http/router.ts";
import type { LiveEvents } from "../http/live-events.ts";

/** What the live stream needs beyond every feature's context: this process's hub (server/http/live-events.ts). */
export interface LiveContext extends RouteContext {
  readonly live: LiveEvents;
}

/**
 * GET /events (issue 28): the signed-in user's stream. Refused with a 429
 * past the opens a script could make (`live_streams`, per user) or the
 * streams one user may hold open in this process; with a 503 while this
 * process cannot LISTEN (the browser polls meanwhile). The first event is
 * `ready`: from then on the stream hears every event addressed to the user.
 */
export function liveRoutes(router: Router, context: LiveContext): void {
  const { authz, live, rateLimiter } = context;
  const errors = liveEventsEndpoint.errors;
  const opens = rateLimiter.guard("live_streams", { key: (request: FastifyRequest) => `user:${authz.currentUser(request).id}`, message: errors.tooManyOpens.message });

  router.serve(liveEventsEndpoint, { guards: [opens] }, async ({ request }) => {
    const user = authz.currentUser(request);
    if (!live.listening()) throw fail(errors.unavailable);
    if (live.streamsOf(user.id) >= live.settings.maxStreamsPerUser) throw fail(errors.tooManyStreams);
    return new EventStream<LiveEvent>((sink) => {
      const unsubscribe = live.subscribe({
        userId: user.id,
        sessionId: user.sessionId,
        expiresAt: user.exp * 1000,
        deliver: (event) => sink.send(event),
        heartbeat: () => sink.comment(),
        end: () => sink.end(),
      });
      sink.send({ type: "ready" });
      return unsubscribe;
    });
  });
}
