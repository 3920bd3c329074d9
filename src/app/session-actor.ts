import { createActor } from "xstate";
import { navigate } from "wouter/use-browser-location";
import { selectSession } from "../../machines/session/selectors.ts";
import { restorePersistedSession, sessionMachine } from "../../machines/session/session.machine.ts";
import { configureApi } from "../lib/api-client.ts";
import type { SessionActor } from "../lib/session.tsx";
import { notifySignedOut, readStoredSession, SESSION_STORAGE_KEY } from "./session-events.ts";

/**
 * The one session actor of the app, in its own chunk (XState + Effect):
 * src/app/session.tsx imports it when a stored session must be restored, a
 * page needs it, or an event is sent.
 */

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
      notifySignedOut();
      navigate("/iniciar-sesion");
    },
  },
});

// The Stately inspector, in development only and on request
// (`VITE_XSTATE_INSPECT=true npx vite`): it opens stately.ai/inspect in a
// new window. The production build drops this branch and the package.
const inspector =
  import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === "true"
    ? (await import("@statelyai/inspect")).createBrowserInspector()
    : undefined;

export const sessionActor: SessionActor = createActor(machine, {
  input: { persisted: restorePersistedSession(readStoredSession()), now: Date.now() },
  ...(inspector === undefined ? {} : { inspect: inspector.inspect }),
});

configureApi({
  getToken: () => selectSession(sessionActor.getSnapshot()).token,
  onUnauthorized: () => sessionActor.send({ type: "session.unauthorized" }),
});

sessionActor.start();
