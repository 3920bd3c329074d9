import type { CachedSubscription, SubscriptionLoaded } from "../../../../machines/subscription/selectors.ts";
import type { SubscriptionEvent } from "../../../../machines/subscription/subscription.machine.ts";
import type { SubscriptionActor, SubscriptionActorOptions } from "./subscription-actor.ts";

/**
 * One subscription actor per signed-in session, created when a page first
 * asks for it and kept while that session lasts (navigating between
 * /pago-exitoso and Mi perfil keeps what it knows). Signing out stops it;
 * signing in again (a new token) gets a new one, started from the new
 * session's cached fields. Kept free of React and of the real fetchers so it
 * is unit tested in node (tests/unit/subscriptions/subscription-store.test.ts).
 */

/** The signed-in session as the store needs it. */
export interface SignedInSession {
  /** What tells one signed-in session from the next (the token: a new log-in gives a new one). */
  readonly key: string;
  /** The session's cached `isPaidUser` / `subscriptionStatus`: where the machine starts. */
  readonly cached: CachedSubscription;
}

/** What the store reads from and tells the session. */
export interface SessionLink {
  /** The signed-in session, or `null` while signed out. */
  readonly current: () => SignedInSession | null;
  /** Called on every change of the session; returns the unsubscribe. */
  readonly subscribe: (onChange: () => void) => () => void;
  /** `session.subscriptionLoaded` with these fields. */
  readonly notify: (loaded: SubscriptionLoaded) => void;
}

export interface SubscriptionStore {
  /**
   * The actor of the current signed-in session (created, not started, on the
   * first call), or `null` while signed out. Safe to call while rendering:
   * creating an actor runs nothing.
   */
  readonly actor: () => SubscriptionActor | null;
  /** Starts the current actor if it is not running yet (it fetches the subscription). */
  readonly start: () => void;
  /** Sends to the current actor, starting it first; ignored while signed out. */
  readonly send: (event: SubscriptionEvent) => void;
  /** Notifies on every snapshot of the current actor, and when it is replaced or stopped. */
  readonly subscribe: (onChange: () => void) => () => void;
}

interface Current {
  readonly key: string;
  readonly actor: SubscriptionActor;
  started: boolean;
}

export function createSubscriptionStore(
  session: SessionLink,
  create: (options: SubscriptionActorOptions) => SubscriptionActor,
): SubscriptionStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let current: Current | null = null;

  const dispose = () => {
    if (current === null) return;
    current.actor.stop();
    current = null;
  };

  const actor = (): SubscriptionActor | null => {
    const signedIn = session.current();
    if (signedIn === null) {
      dispose();
      return null;
    }
    if (current?.key === signedIn.key) return current.actor;
    dispose();
    const created = create({ cached: signedIn.cached, notifySession: session.notify });
    created.subscribe({ next: notify, error: notify });
    current = { key: signedIn.key, actor: created, started: false };
    return created;
  };

  const start = () => {
    const running = actor();
    if (running === null || current === null || current.started) return;
    current.started = true;
    running.start();
  };

  // Sign-out, or a log-in as someone else: the actor of the session that ended stops at once
  // (its timers and fetches with it), whether or not a page is showing it.
  session.subscribe(() => {
    if (current !== null && session.current()?.key !== current.key) {
      dispose();
      notify();
    }
  });

  return {
    actor,
    start,
    send: (event) => {
      start();
      actor()?.send(event);
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
  };
}
