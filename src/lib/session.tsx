import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from "react";
import { navigate } from "wouter/use-browser-location";
import { selectSession, SESSION_STORAGE_KEY, SIGNED_OUT_VIEW, type SessionView } from "../../machines/session/selectors.ts";
import type { SessionEvent } from "../../machines/session/session.machine.ts";
import type { SessionActor } from "./session-actor.ts";
import { loginPathAfterSignOut } from "./sign-out-notice.ts";

/**
 * The session for components: a store that loads the session actor
 * (./session-actor.ts, its own chunk with XState and Effect) when it is
 * needed, and the React provider and hooks over it. Components read the
 * view (the machine's selector) and send events; they never see the actor's
 * context.
 *
 * Public pages do not pay for the actor: it loads at start only when
 * something is stored to restore; otherwise the visitor is signed out
 * (`SIGNED_OUT_VIEW`) until a page needs the actor (RoutePage in
 * src/app/routes.tsx) or an event is sent (queued, in order).
 */

export type { SessionView };

export { SESSION_STORAGE_KEY };

/** Where components read the session from: the actor, or the signed-out view until it loads. */
export interface SessionStore {
  /** The loaded actor, or null while it is not loaded. */
  readonly actor: () => SessionActor | null;
  /** True once the view can be trusted: the actor is loaded, or nothing was stored to restore. */
  readonly isReady: () => boolean;
  /** Starts loading the actor (once); the same promise every time. */
  readonly load: () => Promise<SessionActor>;
  /** Notifies on every snapshot of the actor and when it loads. */
  readonly subscribe: (onChange: () => void) => () => void;
  /** Sends at once when loaded, otherwise after loading (events keep their order). */
  readonly send: (event: SessionEvent) => void;
  /** Runs `listener` whenever the session ends (logout, expiry, 401, a deactivated account). Returns the unsubscribe. */
  readonly onSignedOut: (listener: () => void) => () => void;
}

export interface SessionStoreOptions {
  /** The browser's storage; when it throws (private mode, quota) the session lives in this tab only. */
  readonly storage: () => Pick<Storage, "getItem" | "setItem">;
  /** Where the app goes after the session ends. */
  readonly navigate: (path: string) => void;
}

type Listeners = Set<() => void>;

const listen = (listeners: Listeners, listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const notify = (listeners: Listeners) => {
  for (const listener of listeners) listener();
};

/** Whether the stored JSON holds a token (a signed-in session, perhaps expired). */
export function storedToken(stored: string | null): boolean {
  if (stored === null) return false;
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === "object" && parsed !== null && typeof Reflect.get(parsed, "token") === "string";
  } catch {
    // Not JSON: the actor restores it as signed out; let it say so.
    return true;
  }
}

export function createSessionStore({ storage, navigate }: SessionStoreOptions): SessionStore {
  const readStored = (): string | null => {
    try {
      return storage().getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  };
  // Only a stored token is a session to restore: the actor persists the
  // signed-out session too (after any non-public page), and restoring that
  // gives the signed-out view the store already shows.
  const hasStoredSession = storedToken(readStored());
  const changed: Listeners = new Set();
  const signedOut: Listeners = new Set();
  let actor: SessionActor | null = null;
  let loading: Promise<SessionActor> | null = null;
  let pending: Promise<unknown> = Promise.resolve();

  const load = () =>
    (loading ??= import("./session-actor.ts").then(({ startSessionActor }) => {
      actor = startSessionActor({
        stored: readStored(),
        persist: (json) => {
          try {
            storage().setItem(SESSION_STORAGE_KEY, json);
          } catch {
            // Private mode or a full quota: the session still works for this tab.
          }
        },
        onSignedOut: (reason) => {
          notify(signedOut);
          navigate(loginPathAfterSignOut(reason));
        },
      });
      actor.subscribe(() => notify(changed));
      notify(changed);
      return actor;
    }));

  if (hasStoredSession) void load();
  return {
    actor: () => actor,
    isReady: () => actor !== null || !hasStoredSession,
    load,
    subscribe: (onChange) => listen(changed, onChange),
    send: (event) => {
      if (actor !== null) actor.send(event);
      else pending = pending.then(load).then((loaded) => loaded.send(event));
    },
    onSignedOut: (listener) => listen(signedOut, listener),
  };
}

/** The app's session, kept in the browser's localStorage. */
const sessionStore = createSessionStore({ storage: () => window.localStorage, navigate });

/** Resolves once the app's session view can be trusted (at once when nothing is stored to restore). */
export const whenSessionReady = (): Promise<unknown> => (sessionStore.isReady() ? Promise.resolve() : sessionStore.load());

const SessionStoreContext = createContext<SessionStore | null>(null);

/** Gives the components the app's session; tests pass a store of their own. */
export function SessionProvider({ store = sessionStore, children }: { readonly store?: SessionStore; readonly children: ReactNode }) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (store === null) throw new Error("useSession must be used inside SessionProvider");
  return store;
}

/** The loaded actor; throws when it is not loaded yet (prefer useSession/useSessionSend). */
export function useSessionActor(): SessionActor {
  const actor = useSessionStore().actor();
  if (actor === null) throw new Error("The session actor is not loaded yet; use useSession() and useSessionSend().");
  return actor;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => Object.is(item, b[index])));

/** Re-render only when a field of the view changes, not on every snapshot. */
export function sameSessionView(a: SessionView, b: SessionView): boolean {
  const keys = Object.keys(a) as Array<keyof SessionView>;
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]));
}

/** What the UI needs to know about the signed-in user (the machine's selector over the snapshot). */
export function useSession(): SessionView {
  const store = useSessionStore();
  const last = useRef<SessionView>(SIGNED_OUT_VIEW);
  const getView = () => {
    const actor = store.actor();
    const next = actor === null ? SIGNED_OUT_VIEW : selectSession(actor.getSnapshot());
    if (!sameSessionView(last.current, next)) last.current = next;
    return last.current;
  };
  // Hydration reads the server's view: the build prerenders public pages signed out.
  return useSyncExternalStore(store.subscribe, getView, () => SIGNED_OUT_VIEW);
}

/** Send an event to the session actor (loading it first if needed). */
export function useSessionSend(): SessionStore["send"] {
  return useSessionStore().send;
}

/**
 * Whether the session can be trusted for rendering. With `needsActor` the
 * actor itself must be loaded (pages that send events or call the API with a
 * token). Pair with `useSessionLoad()` to start loading and wait.
 */
export function useSessionReady(needsActor = false): boolean {
  const store = useSessionStore();
  // The build prerenders public pages as a visitor with nothing stored (ready
  // without the actor); hydration starts from that and then reads the store.
  return useSyncExternalStore(
    store.subscribe,
    () => (needsActor ? store.actor() !== null : store.isReady()),
    () => !needsActor,
  );
}

/** Starts loading the session actor; the same promise every time (suitable for React's `use`). */
export function useSessionLoad(): () => Promise<SessionActor> {
  return useSessionStore().load;
}

/** Runs `listener` whenever the session ends (logout, expiry, 401), e.g. to close menus. Keep it stable. */
export function useOnSignedOut(listener: () => void): void {
  const store = useSessionStore();
  useEffect(() => store.onSignedOut(listener), [store, listener]);
}
