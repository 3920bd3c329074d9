import { useEffect, useRef, useSyncExternalStore } from "react";
import { selectSession } from "../../../../machines/session/selectors.ts";
import { selectSubscription, type SubscriptionView } from "../../../../machines/subscription/selectors.ts";
import type { SubscriptionEvent } from "../../../../machines/subscription/subscription.machine.ts";
import type { SessionActor } from "../../../lib/session-actor.ts";
import { useSessionActor } from "../../../lib/session.tsx";
import { createSubscriptionActor } from "./subscription-actor.ts";
import { createSubscriptionStore, type SessionLink, type SubscriptionStore } from "./subscription-store.ts";

/**
 * The subscription for components: the machine's view and a send function,
 * like `useSession()`/`useSessionSend()` for the session. The actor behind it
 * (./subscription-actor.ts) is created when a page first asks and lives as
 * long as the signed-in session (./subscription-store.ts).
 */

export type { SubscriptionView };

/** The session actor as the subscription store sees it. */
function sessionLinkOf(sessionActor: SessionActor): SessionLink {
  return {
    current: () => {
      const session = selectSession(sessionActor.getSnapshot());
      return session.isSignedIn && session.token !== null
        ? { key: session.token, cached: { isPaidUser: session.isPaidUser, subscriptionStatus: session.subscriptionStatus } }
        : null;
    },
    subscribe: (onChange) => {
      const subscription = sessionActor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    notify: (loaded) => sessionActor.send({ type: "session.subscriptionLoaded", ...loaded }),
  };
}

/** One store per session actor (the app has one; tests may make others). */
const stores = new WeakMap<SessionActor, SubscriptionStore>();

function storeFor(sessionActor: SessionActor): SubscriptionStore {
  let store = stores.get(sessionActor);
  if (store === undefined) {
    store = createSubscriptionStore(sessionLinkOf(sessionActor), createSubscriptionActor);
    stores.set(sessionActor, store);
  }
  return store;
}

/** Re-render only when a field of the view changes, not on every snapshot. */
function sameView(a: SubscriptionView | null, b: SubscriptionView | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as Array<keyof SubscriptionView>).every((key) => Object.is(a[key], b[key]));
}

export interface UseSubscription {
  /** What the views show (`selectSubscription`), or `null` while signed out (no actor). */
  readonly subscription: SubscriptionView | null;
  /** Sends to the actor (started first if needed); ignored while signed out. */
  readonly send: (event: SubscriptionEvent) => void;
}

/**
 * The signed-in user's subscription. Starts the actor (which fetches) when
 * the component mounts. For pages that are not public in the route table:
 * those render once the session actor has loaded (src/app/routes.tsx), which
 * this hook needs.
 */
export function useSubscription(): UseSubscription {
  const store = storeFor(useSessionActor());
  const last = useRef<SubscriptionView | null>(null);
  const getView = () => {
    const actor = store.actor();
    const next = actor === null ? null : selectSubscription(actor.getSnapshot());
    if (!sameView(last.current, next)) last.current = next;
    return last.current;
  };
  const subscription = useSyncExternalStore(store.subscribe, getView, getView);
  // After every render: a new sign-in may have replaced the actor. Starting is idempotent.
  useEffect(() => {
    store.start();
  });
  return { subscription, send: store.send };
}
