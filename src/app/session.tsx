import type { ReactNode } from "react";
import type { SessionEvent } from "../../machines/session/session.machine.ts";
import { SessionStoreProvider, type SessionActor, type SessionStore } from "../lib/session.tsx";
import { readStoredSession } from "./session-events.ts";

export { onSignedOut, SESSION_STORAGE_KEY } from "./session-events.ts";

/**
 * The app's session store. The actor lives in ./session-actor.ts (its own
 * chunk: XState and Effect). It loads at start only when something is stored
 * to restore; otherwise the visitor is signed out and the chunk loads when a
 * page needs it (RoutePage) or an event is sent (queued, in order).
 */
const hasStoredSession = readStoredSession() !== null;

let actor: SessionActor | null = null;
let loading: Promise<SessionActor> | null = null;
const listeners = new Set<() => void>();

/** Loads (once) the session actor. */
export function loadSessionActor(): Promise<SessionActor> {
  loading ??= import("./session-actor.ts").then(({ sessionActor }) => {
    actor = sessionActor;
    sessionActor.subscribe(() => {
      for (const listener of listeners) listener();
    });
    for (const listener of listeners) listener();
    return sessionActor;
  });
  return loading;
}

let pending: Promise<void> = Promise.resolve();

const store: SessionStore = {
  actor: () => actor,
  isReady: () => actor !== null || !hasStoredSession,
  load: loadSessionActor,
  subscribe: (onChange) => {
    listeners.add(onChange);
    return () => {
      listeners.delete(onChange);
    };
  },
  send: (event: SessionEvent) => {
    if (actor !== null) {
      actor.send(event);
      return;
    }
    pending = pending.then(() => loadSessionActor()).then((loaded) => loaded.send(event));
  },
};

if (hasStoredSession) void loadSessionActor();

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  return <SessionStoreProvider store={store}>{children}</SessionStoreProvider>;
}
