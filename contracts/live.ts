import { Schema } from "effect";
import { AccessRequestId, LetterOfIntentId } from "./deal-room.ts";
import { defineEndpoint } from "./endpoint.ts";

/**
 * The live deal room (issue 28; docs/decisions/032-live-deal-room.md): one
 * authenticated stream of server-sent events per signed-in tab, read with
 * `fetch` so the bearer token travels in the Authorization header (never in
 * a URL). Each event says only what changed and where (a kind and ids the
 * recipient already knows); the browser refetches the affected queries
 * through the normal endpoints, which enforce who may see what.
 */

export const LIVE_MESSAGES = {
  tooManyStreams: "Tienes demasiadas pestañas con actualizaciones en vivo abiertas. Cierra alguna e intenta de nuevo.",
  tooManyOpens: "Demasiadas reconexiones a las actualizaciones en vivo. Espera unos minutos e intenta de nuevo.",
  unavailable: "Las actualizaciones en vivo no están disponibles por ahora. La página se actualizará cada 30 segundos.",
} as const;

/** How often the server writes a comment on an idle stream, so proxies keep it open and the browser knows it is alive. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** An event: its `type`, and the ids it is about. */
const liveEvent = <const Type extends string, Fields extends Schema.Struct.Fields>(type: Type, fields: Fields) => Schema.Struct({ type: Schema.Literal(type), ...fields });

/** The first event of every stream: this stream now receives everything that happens from here on. */
export const LiveReady = liveEvent("ready", {});

/** A buyer asked the owner's company for access (to the company's owner and the buyer). */
export const AccessRequestCreated = liveEvent("access_request.created", { access_request_id: AccessRequestId });
/** The owner or an admin approved, rejected or revoked a request. */
export const AccessRequestDecided = liveEvent("access_request.decided", { access_request_id: AccessRequestId });
/** The buyer accepted the NDA in force (their access resumes). */
export const NdaAccepted = liveEvent("access_request.nda_accepted", { access_request_id: AccessRequestId });
/** A new message in the request's thread. */
export const DealMessageCreated = liveEvent("deal_message.created", { access_request_id: AccessRequestId });
/** The other party read the thread: read receipts changed. */
export const DealMessagesRead = liveEvent("deal_messages.read", { access_request_id: AccessRequestId });
/** The buyer sent a letter of intent. */
export const LetterOfIntentCreated = liveEvent("letter_of_intent.created", { access_request_id: AccessRequestId, letter_of_intent_id: LetterOfIntentId });
/** The owner or an admin accepted or declined a letter of intent. */
export const LetterOfIntentDecided = liveEvent("letter_of_intent.decided", { access_request_id: AccessRequestId, letter_of_intent_id: LetterOfIntentId });

/** What changed in a deal (a request, its thread, its letters): sent to its parties only. */
export const DealEvent = Schema.Union(AccessRequestCreated, AccessRequestDecided, NdaAccepted, DealMessageCreated, DealMessagesRead, LetterOfIntentCreated, LetterOfIntentDecided);
export type DealEvent = typeof DealEvent.Type;

/** One event of the stream, as its `data:` line carries it (JSON). */
export const LiveEvent = Schema.Union(LiveReady, DealEvent);
export type LiveEvent = typeof LiveEvent.Type;
export type LiveEventType = LiveEvent["type"];

/**
 * GET /events: this tab's stream (text/event-stream). `response` is the
 * schema of each event's data; the first event is `ready`, then deal events
 * as they are committed, and a comment line every LIVE_HEARTBEAT_MS. A
 * session that ends (logout, expiry, deactivation) ends its streams.
 */
export const liveEventsEndpoint = defineEndpoint({
  method: "GET",
  path: "/events",
  summary: "The signed-in user's live events (server-sent events): what changed in their deals, to refetch it.",
  access: { who: "signedIn" },
  response: LiveEvent,
  eventStream: true,
  errors: {
    tooManyStreams: { status: 429, message: LIVE_MESSAGES.tooManyStreams },
    tooManyOpens: { status: 429, message: LIVE_MESSAGES.tooManyOpens },
    unavailable: { status: 503, message: LIVE_MESSAGES.unavailable },
  },
});
