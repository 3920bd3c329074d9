import { createActor, type ActorRefFrom } from "xstate";
import { selectSession } from "../../machines/session/selectors.ts";
import { restorePersistedSession, sessionMachine, type SignOutReason } from "../../machines/session/session.machine.ts";
import { deleteSessionEndpoint } from "../../contracts/sessions.ts";
import { callEndpoint, configureApi } from "./api-client.ts";
import { inspectOption } from "./xstate-inspect.ts";

/**
 * The session actor: the machine given the app's side effects. It restores
 * what the browser stored, persists every change, gives the API client its
 * token and its 401 handler, and reports each sign-out.
 *
 * This module is its own chunk (XState, and Effect for decoding the token and
 * the stored session): ./session.tsx imports it only when a stored session
 * must be restored, a page needs the actor, or an event is sent, so public
 * pages do not load it.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export interface SessionActorOptions {
  /** What the browser stored (JSON text), or null; anything that does not decode restores as signed out. */
  readonly stored: string | null;
  /** Keeps the persisted fields (JSON text) for the next visit. */
  readonly persist: (json: string) => void;
  /** The session ended, and why (logout, expiry, 401, a deactivated account). */
  readonly onSignedOut: (reason: SignOutReason) => void;
}

/** Creates, wires and starts the actor. */
export function startSessionActor({ stored, persist, onSignedOut }: SessionActorOptions): SessionActor {
  const machine = sessionMachine.provide({
    actions: {
      // The machine passes the persisted fields (toPersisted(context)) as params.
      persist: (_, persisted) => persist(JSON.stringify(persisted)),
      onSignedOut: (_, { reason }) => onSignedOut(reason),
      // Best effort: the browser forgets the token either way; the server refuses it from now on.
      revokeSession: (_, { token }) => {
        if (token !== null) void callEndpoint(deleteSessionEndpoint, { token }).catch(() => {});
      },
    },
  });
  const actor = createActor(machine, {
    input: { persisted: restorePersistedSession(stored), now: Date.now() },
    // The Stately inspector in development, on request (./xstate-inspect.ts).
    ...inspectOption,
  });
  configureApi({
    getToken: () => selectSession(actor.getSnapshot()).token,
    onUnauthorized: () => actor.send({ type: "session.unauthorized" }),
    onDeactivated: () => actor.send({ type: "session.deactivated" }),
  });
  actor.start();
  return actor;
}
