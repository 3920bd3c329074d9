import { createActor } from "xstate";
import { navigate } from "wouter/use-browser-location";
import type { ReactNode } from "react";
import { sessionMachine } from "../../machines/session/session.machine.ts";
import { restorePersistedSession } from "../../machines/session/persisted.ts";
import { selectSession } from "../../machines/session/selectors.ts";
import { configureApi } from "../lib/api-client.ts";
import { SessionActorProvider, type SessionActor } from "../lib/session.tsx";

/** localStorage key of the persisted session (spec section 3). */
export const SESSION_STORAGE_KEY = "puente.session";

/** The stored JSON string (restorePersistedSession parses and validates it). */
function readStorage(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

const signedOutListeners = new Set<() => void>();

/** Runs `listener` whenever the session ends (logout, expiry, 401). Returns the unsubscribe. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => {
    signedOutListeners.delete(listener);
  };
}

const machine = sessionMachine.provide({
  actions: {
    // The machine passes the persisted fields (toPersisted(context)) as params.
    persist: (_, persisted) => {
      try {
        window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
      } catch {
        // Private mode or a full quota: the session still works for this tab.
      }
    },
    onSignedOut: () => {
      for (const listener of signedOutListeners) listener();
      navigate("/iniciar-sesion");
    },
  },
});

/** The one session actor of the app. */
export const sessionActor: SessionActor = createActor(machine, {
  input: { persisted: restorePersistedSession(readStorage()), now: Date.now() },
});

configureApi({
  getToken: () => selectSession(sessionActor.getSnapshot()).token,
  onUnauthorized: () => sessionActor.send({ type: "session.unauthorized" }),
});

sessionActor.start();

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  return <SessionActorProvider actor={sessionActor}>{children}</SessionActorProvider>;
}
