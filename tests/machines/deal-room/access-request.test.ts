import { describe, expect, it } from "vitest";
import { createActor, getNextSnapshot } from "xstate";
import type { AnyTransitionDefinition } from "xstate";
import { getSimplePaths, serializeSnapshot } from "xstate/graph";
import { ACCESS_REQUEST_STATUSES } from "../../../contracts/marketplace.ts";
import { ACCESS_DECISIONS } from "../../../contracts/deal-room.ts";
import { accessRequestMachine, DECISION_EVENTS, snapshotAt, type AccessRequestEvent, type AccessRequestSnapshot } from "../../../machines/deal-room/access-request.machine.ts";
import { allowedDecisions, grantsAccess, isOpen, nextStatus, statusOf } from "../../../machines/deal-room/selectors.ts";
import { recordTransitions, replayEveryEdge, untaken } from "../graph-walk.ts";

/**
 * The access request's lifecycle (issue 16): single transitions from each
 * pinned status, then generated paths (xstate/graph) replayed on real actors,
 * covering every state and every transition, and the selectors the server and
 * the app use, checked against the machine itself.
 */

const EVERY_EVENT: ReadonlyArray<AccessRequestEvent> = ACCESS_DECISIONS.map((decision) => DECISION_EVENTS[decision]);

describe("single transitions from a pinned status", () => {
  const table: ReadonlyArray<readonly [string, AccessRequestEvent["type"], string]> = [
    ["pending", "access.approve", "approved"],
    ["pending", "access.reject", "rejected"],
    ["pending", "access.revoke", "pending"],
    ["approved", "access.revoke", "revoked"],
    ["approved", "access.approve", "approved"],
    ["approved", "access.reject", "approved"],
    ["rejected", "access.approve", "rejected"],
    ["rejected", "access.revoke", "rejected"],
    ["revoked", "access.approve", "revoked"],
    ["revoked", "access.reject", "revoked"],
  ];
  it.each(table)("%s --%s--> %s", (from, type, to) => {
    const status = ACCESS_REQUEST_STATUSES.find((candidate) => candidate === from);
    if (status === undefined) throw new Error(from);
    const event = EVERY_EVENT.find((candidate) => candidate.type === type);
    if (event === undefined) throw new Error(type);
    // Pure: a final state's actor would stop, so the step is computed, not sent.
    expect(statusOf(getNextSnapshot(accessRequestMachine, snapshotAt(status), event))).toBe(to);
  });

  it("starts pending, and rejected and revoked are final", () => {
    expect(statusOf(createActor(accessRequestMachine).start().getSnapshot())).toBe("pending");
    expect(snapshotAt("rejected").status).toBe("done");
    expect(snapshotAt("revoked").status).toBe("done");
    expect(snapshotAt("approved").status).toBe("active");
  });
});

describe("generated paths", () => {
  const walk = {
    // A final status takes no event (its actor has stopped).
    events: (snapshot: AccessRequestSnapshot): AccessRequestEvent[] => (snapshot.status === "done" ? [] : [...EVERY_EVENT]),
    serializeState: (snapshot: AccessRequestSnapshot) => serializeSnapshot(snapshot),
  };

  it("every simple path ends where the model says, and reaches every status", () => {
    const paths = getSimplePaths(accessRequestMachine, walk);
    const reached = new Set(paths.map((path) => statusOf(path.state)));
    expect([...reached].sort()).toEqual([...ACCESS_REQUEST_STATUSES].sort());
    // pending, pending->approved, pending->rejected, pending->approved->revoked
    expect(paths.map((path) => path.steps.map((step) => step.event.type).join(" > ")).sort()).toEqual(
      ["xstate.init", "xstate.init > access.approve", "xstate.init > access.approve > access.revoke", "xstate.init > access.reject"].sort(),
    );
  });

  it("replaying every reachable state's shortest path and every edge out of it takes every transition the machine defines", async () => {
    const covered = new Set<AnyTransitionDefinition>();
    const { paths, edges } = await replayEveryEdge(accessRequestMachine, undefined, walk, async (steps, label) => {
      const actor = createActor(accessRequestMachine, { inspect: recordTransitions(covered) }).start();
      for (const step of steps.slice(1)) {
        actor.send(step.event);
        expect(actor.getSnapshot().value, label).toEqual(step.state.value);
      }
      actor.stop();
    });
    expect(paths).toHaveLength(4);
    // Every event from each of the two live statuses (a refused one is a self-loop).
    expect(edges).toBe(2 * EVERY_EVENT.length);
    expect(untaken(accessRequestMachine, covered)).toEqual([]);
  });
});

describe("selectors", () => {
  it("nextStatus and allowedDecisions agree with the machine for every status and decision", () => {
    for (const status of ACCESS_REQUEST_STATUSES) {
      for (const decision of ACCESS_DECISIONS) {
        const snapshot = snapshotAt(status);
        const expected = snapshot.can(DECISION_EVENTS[decision]) ? decision : null;
        expect(nextStatus(status, decision), `${status} + ${decision}`).toBe(expected);
      }
    }
    expect(allowedDecisions("pending")).toEqual(["approved", "rejected"]);
    expect(allowedDecisions("approved")).toEqual(["revoked"]);
    expect(allowedDecisions("rejected")).toEqual([]);
    expect(allowedDecisions("revoked")).toEqual([]);
  });

  it("only an approved request grants access; pending and approved are open", () => {
    expect(ACCESS_REQUEST_STATUSES.filter(grantsAccess)).toEqual(["approved"]);
    expect(ACCESS_REQUEST_STATUSES.filter(isOpen)).toEqual(["pending", "approved"]);
  });
});
