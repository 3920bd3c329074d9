import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { selectSession } from "../../machines/session/selectors.ts";
import { restorePersistedSession, sessionMachine } from "../../machines/session/session.machine.ts";
import { sameSessionView, SIGNED_OUT_VIEW, storeForActor } from "../../src/lib/session.tsx";
import { claimsFor, rawToken } from "../machines/session/jwt.ts";

// Public pages render with SIGNED_OUT_VIEW before the session chunk loads; it
// must be exactly what the machine gives a visitor with nothing stored.
describe("the session store used before the actor loads", () => {
  it("SIGNED_OUT_VIEW is the machine's view of a visitor with nothing stored", () => {
    const actor = createActor(sessionMachine, { input: { persisted: restorePersistedSession(null), now: Date.now() } }).start();
    expect(selectSession(actor.getSnapshot())).toEqual(SIGNED_OUT_VIEW);
    actor.stop();
  });

  it("a store over an actor is ready, sends to it and notifies subscribers", async () => {
    const actor = createActor(sessionMachine, { input: { persisted: restorePersistedSession(null), now: Date.now() } }).start();
    const store = storeForActor(actor);
    expect(store.isReady()).toBe(true);
    expect(await store.load()).toBe(actor);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    const before = selectSession(actor.getSnapshot());
    store.send({ type: "session.login", token: rawToken(claimsFor(Date.now())) });
    expect(calls).toBeGreaterThan(0);
    const after = selectSession(actor.getSnapshot());
    expect(after.isSignedIn).toBe(true);
    expect(after.name).toBe("Lucía Hernández");
    expect(sameSessionView(before, after)).toBe(false);
    unsubscribe();
    actor.stop();
  });
});
