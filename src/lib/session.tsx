import { createContext, useContext, useRef, useSyncExternalStore, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { sessionMachine, SessionEvent } from "../../machines/session/session.machine.ts";
import { selectSession, type SessionView } from "../../machines/session/selectors.ts";

/**
 * Read access to the one session actor for any component. The actor itself is
 * created and wired in src/app/session.tsx; features only read and send.
 *
 * The actor (XState, and Effect for token decoding) is loaded on demand so
 * public pages do not pay for it: a visitor with nothing stored is simply
 * signed out (`SIGNED_OUT_VIEW`) until something is sent to the session.
 */

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type { SessionView };

/**
 * The view of a visitor who never signed in: what `selectSession` gives for
 * the machine started without a stored session (a unit test keeps them equal).
 */
export const SIGNED_OUT_VIEW: SessionView = {
  isSignedIn: false,
  id: null,
  name: null,
  email: null,
  phone: null,
  roles: [],
  isAdmin: false,
  isSeller: false,
  isBuyer: false,
  showOnboardingDot: false,
  demoMode: true,
  isPaidUser: false,
  subscriptionStatus: null,
  token: null,
};

/** Where components read the session from: the actor, or the signed-out view until it loads. */
export interface SessionStore {
  /** The loaded actor, or null while it is not loaded. */
  readonly actor: () => SessionActor | null;
  /** True once the view can be trusted: the actor is loaded, or nothing was stored to restore. */
  readonly isReady: () => boolean;
  /** Starts loading the actor (idempotent). */
  readonly load: () => Promise<SessionActor>;
  /** Notifies on every snapshot of the actor and when it loads. */
  readonly subscribe: (onChange: () => void) => () => void;
  /** Sends at once when loaded, otherwise after loading (events keep their order). */
  readonly send: (event: SessionEvent) => void;
}

/** A store over an actor that already exists (tests, or an eager setup). */
export function storeForActor(actor: SessionActor): SessionStore {
  const loaded = Promise.resolve(actor);
  return {
    actor: () => actor,
    isReady: () => true,
    load: () => loaded,
    subscribe: (onChange) => {
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    send: (event) => actor.send(event),
  };
}

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionStoreProvider({ store, children }: { readonly store: SessionStore; readonly children: ReactNode }) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

/** Provides an already created actor (kept for tests and eager setups). */
export function SessionActorProvider({ actor, children }: { readonly actor: SessionActor; readonly children: ReactNode }) {
  const storeRef = useRef<{ actor: SessionActor; store: SessionStore } | null>(null);
  if (storeRef.current === null || storeRef.current.actor !== actor) storeRef.current = { actor, store: storeForActor(actor) };
  return <SessionStoreProvider store={storeRef.current.store}>{children}</SessionStoreProvider>;
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

const currentView = (store: SessionStore): SessionView => {
  const actor = store.actor();
  return actor === null ? SIGNED_OUT_VIEW : selectSession(actor.getSnapshot());
};

/** What the UI needs to know about the signed-in user (pure selector over the snapshot). */
export function useSession(): SessionView {
  const store = useSessionStore();
  const last = useRef<SessionView>(SIGNED_OUT_VIEW);
  const getView = () => {
    const next = currentView(store);
    if (!sameSessionView(last.current, next)) last.current = next;
    return last.current;
  };
  return useSyncExternalStore(store.subscribe, getView, getView);
}

/** Send an event to the session actor. */
export function useSessionSend(): SessionActor["send"] {
  return useSessionStore().send;
}

/**
 * Whether the session can be trusted for rendering. With `needsActor` the
 * actor itself must be loaded (pages that send events or call the API with a
 * token). Pair with `useSessionLoad()` to start loading and wait.
 */
export function useSessionReady(needsActor = false): boolean {
  const store = useSessionStore();
  return useSyncExternalStore(
    store.subscribe,
    () => (needsActor ? store.actor() !== null : store.isReady()),
    () => false,
  );
}

/** Starts loading the session actor; the same promise every time (suitable for React's `use`). */
export function useSessionLoad(): () => Promise<SessionActor> {
  return useSessionStore().load;
}
