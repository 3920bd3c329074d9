import { QueryClient, QueryObserver, type QueryKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveEvent } from "../../../contracts/live.ts";
import { companyKeys } from "../../../src/lib/api/company-keys.ts";
import { dealRoomKeys } from "../../../src/features/deal-room/api/deal-room-keys.ts";
import { THREAD_REFRESH_MS, hearsLive, refreshUnlessLive } from "../../../src/features/deal-room/api/list-deal-messages.ts";
import { createLiveDealRoom, queriesAffectedBy } from "../../../src/features/deal-room/state/live-deal-room.ts";

// What the deal room asks again for each live event (issue 28; decision 032),
// and when: at once in a visible tab, when it shows again in a hidden one.

describe("the queries an event makes stale", () => {
  it("names the thread, the letters, the request, the lists and the profiles as each event touches them", () => {
    // The contract brands its ids; the keys take plain numbers.
    const id = 7 as never;
    expect(queriesAffectedBy({ type: "ready" })).toEqual([]);
    expect(queriesAffectedBy({ type: "deal_message.created", access_request_id: id })).toEqual([dealRoomKeys.messages(7), dealRoomKeys.lists()]);
    expect(queriesAffectedBy({ type: "deal_messages.read", access_request_id: id })).toEqual([dealRoomKeys.messages(7)]);
    for (const type of ["letter_of_intent.created", "letter_of_intent.decided"] as const) {
      expect(queriesAffectedBy({ type, access_request_id: id, letter_of_intent_id: 3 as never })).toEqual([dealRoomKeys.letters(7), dealRoomKeys.lists()]);
    }
    expect(queriesAffectedBy({ type: "access_request.created", access_request_id: id })).toEqual([dealRoomKeys.lists()]);
    for (const type of ["access_request.decided", "access_request.nda_accepted"] as const) {
      expect(queriesAffectedBy({ type, access_request_id: id })).toEqual([dealRoomKeys.detail(7), dealRoomKeys.lists(), companyKeys.details()]);
    }
  });
});

describe("polling as the fallback", () => {
  it("polls a request's page only while its viewer does not hear of it live: stream down, or an admin (never told)", () => {
    expect([hearsLive(true, "buyer"), hearsLive(true, "seller"), hearsLive(true, "admin"), hearsLive(false, "buyer"), hearsLive(true, undefined)]).toEqual([true, true, false, false, false]);
    const ok = { state: { status: "success" } };
    expect(refreshUnlessLive(false)(ok)).toBe(THREAD_REFRESH_MS);
    expect(refreshUnlessLive(true)(ok)).toBe(false);
    // A closed thread (409) stays closed until the request changes: no polling after a failure.
    expect(refreshUnlessLive(false)({ state: { status: "error" } })).toBe(false);
  });
});

describe("the deal room following the stream", () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.clear();
  });

  /** A client with the open request page's queries mounted (observed), each counting its fetches. */
  function page() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    clients.push(queryClient);
    const fetches = new Map<string, number>();
    const unsubscribes: Array<() => void> = [];
    const mount = (queryKey: QueryKey) => {
      const name = JSON.stringify(queryKey);
      const observer = new QueryObserver(queryClient, {
        queryKey,
        queryFn: async () => {
          fetches.set(name, (fetches.get(name) ?? 0) + 1);
          return { at: fetches.get(name) };
        },
      });
      unsubscribes.push(observer.subscribe(() => {}));
    };
    for (const key of [dealRoomKeys.detail(7), dealRoomKeys.messages(7), dealRoomKeys.letters(7), dealRoomKeys.messages(8)]) mount(key);
    const count = (key: QueryKey) => fetches.get(JSON.stringify(key)) ?? 0;
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    return { queryClient, count, settled, unmount: () => unsubscribes.forEach((stop) => stop()) };
  }

  const message = (id: number): LiveEvent => ({ type: "deal_message.created", access_request_id: id as never });

  it("asks again at once, in a visible tab, for what the event touched and nothing else", async () => {
    const { queryClient, count, settled, unmount } = page();
    await settled();
    const room = createLiveDealRoom({ queryClient, isVisible: () => true });
    room.onEvent({ type: "ready" });
    room.onEvent(message(7));
    await settled();
    expect([count(dealRoomKeys.messages(7)), count(dealRoomKeys.letters(7)), count(dealRoomKeys.detail(7)), count(dealRoomKeys.messages(8))]).toEqual([2, 1, 1, 1]);
    room.onEvent({ type: "access_request.decided", access_request_id: 7 as never });
    await settled();
    // The request, and its thread and letters under it.
    expect([count(dealRoomKeys.messages(7)), count(dealRoomKeys.letters(7)), count(dealRoomKeys.detail(7)), count(dealRoomKeys.messages(8))]).toEqual([3, 2, 2, 1]);
    unmount();
  });

  it("in a hidden tab only marks them stale, and asks when the tab shows again (so nothing is marked read unseen)", async () => {
    const { queryClient, count, settled, unmount } = page();
    await settled();
    let visible = false;
    const room = createLiveDealRoom({ queryClient, isVisible: () => visible });
    room.onEvent(message(7));
    room.onEvent({ type: "deal_messages.read", access_request_id: 7 as never });
    await settled();
    expect(count(dealRoomKeys.messages(7))).toBe(1);
    expect(queryClient.getQueryState(dealRoomKeys.messages(7))?.isInvalidated).toBe(true);
    visible = true;
    room.onVisible();
    await settled();
    expect(count(dealRoomKeys.messages(7))).toBe(2);
    // Once: nothing is pending any more.
    room.onVisible();
    await settled();
    expect(count(dealRoomKeys.messages(7))).toBe(2);
    unmount();
  });

  it("asks again for everything after a gap (a `ready` that is not the first), not after the first", async () => {
    const { queryClient, count, settled, unmount } = page();
    await settled();
    const room = createLiveDealRoom({ queryClient, isVisible: () => true });
    room.onEvent({ type: "ready" });
    await settled();
    expect(count(dealRoomKeys.messages(8))).toBe(1);
    room.onEvent({ type: "ready" });
    await settled();
    expect([count(dealRoomKeys.detail(7)), count(dealRoomKeys.messages(7)), count(dealRoomKeys.letters(7)), count(dealRoomKeys.messages(8))]).toEqual([2, 2, 2, 2]);
    unmount();
  });
});
