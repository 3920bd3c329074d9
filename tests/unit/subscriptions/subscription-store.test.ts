import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Subscription } from "../../../contracts/subscriptions.ts";
import { selectSubscription, type SubscriptionLoaded } from "../../../machines/subscription/selectors.ts";
import { subscriptionMachine } from "../../../machines/subscription/subscription.machine.ts";
import type { SubscriptionActor, SubscriptionActorOptions } from "../../../src/features/subscriptions/state/subscription-actor.ts";
import { createSubscriptionStore, type SessionLink, type SignedInSession } from "../../../src/features/subscriptions/state/subscription-store.ts";
import { ACTIVE, CACHED_FREE, CACHED_PAID, FREE, settle } from "../../machines/subscription/harness.ts";

/** A session that the test signs in and out, and that records what the store tells it. */
function fakeSession(initial: SignedInSession | null) {
  let current = initial;
  const listeners = new Set<() => void>();
  const told: SubscriptionLoaded[] = [];
  const link: SessionLink = {
    current: () => current,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    notify: (loaded) => {
      told.push(loaded);
      if (current !== null) current = { ...current, cached: loaded };
      for (const listener of listeners) listener();
    },
  };
  const become = (next: SignedInSession | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  return { link, told, become };
}

/** Actors like the app's, with GET /subscriptions answering `answer` (per call). */
function actorFactory(answer: () => Subscription) {
  const created: Array<{ options: SubscriptionActorOptions; actor: SubscriptionActor }> = [];
  const fetchSubscription = vi.fn(async () => answer());
  const create = (options: SubscriptionActorOptions): SubscriptionActor => {
    const machine = subscriptionMachine.provide({
      actors: {
        fetchSubscription: fromPromise(fetchSubscription),
        cancelSubscription: fromPromise(async () => answer()),
      },
      actions: { notifySession: (_, loaded) => options.notifySession(loaded) },
    });
    const actor = createActor(machine, { input: { cached: options.cached } });
    created.push({ options, actor });
    return actor;
  };
  return { create, created, fetchSubscription };
}

const ana = (token = "token-ana"): SignedInSession => ({ key: token, cached: CACHED_FREE });

afterEach(() => {
  vi.useRealTimers();
});

describe("the subscription store (src/features/subscriptions/state/subscription-store.ts)", () => {
  it("has no actor while signed out, and sending does nothing", () => {
    const session = fakeSession(null);
    const factory = actorFactory(() => FREE);
    const store = createSubscriptionStore(session.link, factory.create);
    expect(store.actor()).toBeNull();
    store.send({ type: "subscription.refresh" });
    expect(factory.created).toHaveLength(0);
  });

  it("creates one actor per signed-in session, from the session's cache, and fetches only once started", async () => {
    const session = fakeSession({ key: "token-ana", cached: CACHED_PAID });
    const factory = actorFactory(() => ACTIVE);
    const store = createSubscriptionStore(session.link, factory.create);

    const actor = store.actor();
    expect(actor).not.toBeNull();
    expect(store.actor()).toBe(actor);
    expect(factory.created).toHaveLength(1);
    expect(factory.created[0]?.options.cached).toEqual(CACHED_PAID);
    // Created while rendering: nothing runs until a page starts it.
    expect(factory.fetchSubscription).not.toHaveBeenCalled();
    expect(selectSubscription(actor!.getSnapshot()).fromCache).toBe(true);

    store.start();
    store.start();
    await settle();
    expect(factory.fetchSubscription).toHaveBeenCalledTimes(1);
    expect(selectSubscription(actor!.getSnapshot()).planNickname).toBe("Explora mensual");
  });

  it("tells the session what the server answered, and notifies its listeners", async () => {
    const session = fakeSession(ana());
    const factory = actorFactory(() => ACTIVE);
    const store = createSubscriptionStore(session.link, factory.create);
    const onChange = vi.fn();
    store.subscribe(onChange);
    store.start();
    await settle();
    expect(session.told).toEqual([{ isPaidUser: true, subscriptionStatus: "active" }]);
    expect(onChange).toHaveBeenCalled();
    // The session's new cache is the same session: the actor stays.
    expect(factory.created).toHaveLength(1);
  });

  it("sending starts the actor first (the event is not lost)", async () => {
    const session = fakeSession(ana());
    const factory = actorFactory(() => ACTIVE);
    const store = createSubscriptionStore(session.link, factory.create);
    store.send({ type: "subscription.paymentReturned" });
    const actor = store.actor()!;
    expect(selectSubscription(actor.getSnapshot()).isConfirmingPayment).toBe(true);
    await settle();
    expect(selectSubscription(actor.getSnapshot()).isPaid).toBe(true);
  });

  it("stops the actor when the session ends, and notifies", async () => {
    vi.useFakeTimers();
    const session = fakeSession(ana());
    const factory = actorFactory(() => FREE);
    const store = createSubscriptionStore(session.link, factory.create);
    store.send({ type: "subscription.paymentReturned" });
    const actor = store.actor()!;
    const onChange = vi.fn();
    store.subscribe(onChange);

    session.become(null);
    expect(actor.getSnapshot().status).toBe("stopped");
    expect(onChange).toHaveBeenCalled();
    expect(store.actor()).toBeNull();
    // Its payment checks stopped with it.
    const calls = factory.fetchSubscription.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(factory.fetchSubscription.mock.calls.length).toBe(calls);
  });

  it("a new log-in (a new token) gets a new actor from the new session's cache", () => {
    const session = fakeSession(ana("first"));
    const factory = actorFactory(() => FREE);
    const store = createSubscriptionStore(session.link, factory.create);
    store.start();
    const first = store.actor()!;

    session.become({ key: "second", cached: CACHED_PAID });
    expect(first.getSnapshot().status).toBe("stopped");
    const second = store.actor();
    expect(second).not.toBe(first);
    expect(factory.created[1]?.options.cached).toEqual(CACHED_PAID);
  });
});
