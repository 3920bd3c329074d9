import { describe, expect, it } from "vitest";
import { createActor, getNextSnapshot } from "xstate";
import type { AnyTransitionDefinition } from "xstate";
import { getSimplePaths, serializeSnapshot } from "xstate/graph";
import { ACCESS_REQUEST_STATUSES } from "../../../contracts/marketplace.ts";
import { ACCESS_DECISIONS } from "../../../contracts/deal-room.ts";
import {
  accessRequestMachine,
  DECISION_EVENTS,
  EXTEND_EVENT,
  LAPSE_EVENT,
  snapshotAt,
  type AccessRequestEvent,
  type AccessRequestSnapshot,
  type AccessState,
} from "../../../machines/deal-room/access-request.machine.ts";
import { accessStateOf, allowedDecisions, grantsAccess, isOpen, mayExtend, nextStatus, stateOf, statusOf } from "../../../machines/deal-room/selectors.ts";
import { recordTransitions, replayEveryEdge, untaken } from "../graph-walk.ts";

/**
 * The access request's lifecycle (issue 16): single transitions from each
 * pinned status, then generated paths (xstate/graph) replayed on real actors,
 * covering every state and every transition, and the selectors the server and
 * the app use, checked against the machine itself.
 */

const EVERY_EVENT: ReadonlyArray<AccessRequestEvent> = [...ACCESS_DECISIONS.map((decision) => DECISION_EVENTS[decision]), EXTEND_EVENT, LAPSE_EVENT];
const EVERY_STATE: ReadonlyArray<AccessState> = [...ACCESS_REQUEST_STATUSES, "lapsed"];

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
    // The end of access (decision 050).
    ["pending", "access.lapse", "pending"],
    ["pending", "access.extend", "pending"],
    ["approved", "access.lapse", "lapsed"],
    ["approved", "access.extend", "approved"],
    ["lapsed", "access.extend", "approved"],
    ["lapsed", "access.revoke", "revoked"],
    ["lapsed", "access.approve", "lapsed"],
    ["lapsed", "access.reject", "lapsed"],
    ["lapsed", "access.lapse", "lapsed"],
    ["revoked", "access.extend", "revoked"],
    ["rejected", "access.lapse", "rejected"],
  ];
  it.each(table)("%s --%s--> %s", (from, type, to) => {
    const status = EVERY_STATE.find((candidate) => candidate === from);
    if (status === undefined) throw new Error(from);
    const event = EVERY_EVENT.find((candidate) => candidate.type === type);
    if (event === undefined) throw new Error(type);
    // Pure: a final state's actor would stop, so the step is computed, not sent.
    expect(stateOf(getNextSnapshot(accessRequestMachine, snapshotAt(status), event))).toBe(to);
  });

  it("starts pending, and rejected and revoked are final", () => {
    expect(statusOf(createActor(accessRequestMachine).start().getSnapshot())).toBe("pending");
    expect(snapshotAt("rejected").status).toBe("done");
    expect(snapshotAt("revoked").status).toBe("done");
    expect(snapshotAt("approved").status).toBe("active");
    // A lapse is not final: the owner may extend (or revoke).
    expect(snapshotAt("lapsed").status).toBe("active");
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
    const reached = new Set(paths.map((path) => stateOf(path.state)));
    expect([...reached].sort()).toEqual([...EVERY_STATE].sort());
    expect(paths.map((path) => path.steps.map((step) => step.event.type).join(" > ")).sort()).toEqual(
      [
        "xstate.init",
        "xstate.init > access.approve",
        "xstate.init > access.approve > access.revoke",
        "xstate.init > access.approve > access.lapse",
        "xstate.init > access.approve > access.lapse > access.revoke",
        "xstate.init > access.reject",
      ].sort(),
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
    expect(paths).toHaveLength(5);
    // Every event from each of the three live states (a refused one is a self-loop).
    expect(edges).toBe(3 * EVERY_EVENT.length);
    expect(untaken(accessRequestMachine, covered)).toEqual([]);
  });
});

describe("selectors", () => {
  it("nextStatus and allowedDecisions agree with the machine for every status and decision", () => {
    for (const state of EVERY_STATE) {
      for (const decision of ACCESS_DECISIONS) {
        const snapshot = snapshotAt(state);
        const expected = snapshot.can(DECISION_EVENTS[decision]) ? decision : null;
        expect(nextStatus(state, decision), `${state} + ${decision}`).toBe(expected);
      }
    }
    expect(allowedDecisions("lapsed")).toEqual(["revoked"]);
    expect(allowedDecisions("pending")).toEqual(["approved", "rejected"]);
    expect(allowedDecisions("approved")).toEqual(["revoked"]);
    expect(allowedDecisions("rejected")).toEqual([]);
    expect(allowedDecisions("revoked")).toEqual([]);
  });

  it("only an approved request grants access; pending and approved are open", () => {
    expect(ACCESS_REQUEST_STATUSES.filter(grantsAccess)).toEqual(["approved"]);
    expect(ACCESS_REQUEST_STATUSES.filter(isOpen)).toEqual(["pending", "approved"]);
    expect(EVERY_STATE.filter(grantsAccess)).toEqual(["approved"]);
  });

  it("an approval lapses at its end, not a millisecond before; no end, or another status, never lapses (decision 050)", () => {
    const end = new Date("2027-01-01T06:00:00Z");
    expect(accessStateOf("approved", end, new Date(end.getTime() - 1))).toBe("approved");
    expect(accessStateOf("approved", end, end)).toBe("lapsed");
    expect(accessStateOf("approved", null, new Date("2099-01-01T00:00:00Z"))).toBe("approved");
    for (const status of ["pending", "rejected", "revoked"] as const) expect(accessStateOf(status, end, new Date("2099-01-01T00:00:00Z"))).toBe(status);
    expect(EVERY_STATE.filter(mayExtend)).toEqual(["approved", "lapsed"]);
    // A lapsed request is stored as approved.
    expect(statusOf(snapshotAt("lapsed"))).toBe("approved");
  });
});
