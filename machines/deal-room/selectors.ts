import { getNextSnapshot } from "xstate";
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from "../../contracts/marketplace.ts";
import { ACCESS_DECISIONS, type AccessDecision } from "../../contracts/deal-room.ts";
import { accessRequestMachine, DECISION_EVENTS, EXTEND_EVENT, snapshotAt, type AccessRequestSnapshot, type AccessState } from "./access-request.machine.ts";

const ACCESS_STATES: ReadonlyArray<AccessState> = [...ACCESS_REQUEST_STATUSES, "lapsed"];

/** The state a snapshot stands for (the machine's states are flat, named as the statuses, plus `lapsed`). */
export function stateOf(snapshot: AccessRequestSnapshot): AccessState {
  const found = ACCESS_STATES.find((state) => snapshot.matches(state));
  if (found === undefined) throw new Error(`accessRequestMachine: unknown state ${JSON.stringify(snapshot.value)}`);
  return found;
}

/** The stored status a snapshot stands for (`lapsed` is stored as `approved`, its end in the past). */
export function statusOf(snapshot: AccessRequestSnapshot): AccessRequestStatus {
  const state = stateOf(snapshot);
  return state === "lapsed" ? "approved" : state;
}

/**
 * Where a request stands now: its stored status, except that an approved
 * request whose end (`endsAt`) is not after `now` has lapsed (decision 050).
 */
export const accessStateOf = (status: AccessRequestStatus, endsAt: Date | null, now: Date): AccessState =>
  status === "approved" && endsAt !== null && endsAt.getTime() <= now.getTime() ? "lapsed" : status;

/** The status after `decision`, or null when the machine does not allow it from `state`. */
export function nextStatus(state: AccessState, decision: AccessDecision): AccessRequestStatus | null {
  const before = snapshotAt(state);
  if (!before.can(DECISION_EVENTS[decision])) return null;
  return statusOf(getNextSnapshot(accessRequestMachine, before, DECISION_EVENTS[decision]));
}

/** Whether the owner may set or remove the end of access in `state` (approved, or lapsed: the extension restores it). */
export const mayExtend = (state: AccessState): boolean => snapshotAt(state).can(EXTEND_EVENT);

/** The decisions the owner may take on a request in `state` (the buttons the app shows). */
export const allowedDecisions = (state: AccessState): ReadonlyArray<AccessDecision> =>
  ACCESS_DECISIONS.filter((decision) => nextStatus(state, decision) !== null);

/** Whether the buyer sees the full profile, the shared documents and the thread in this state (a lapsed approval does not). */
export const grantsAccess = (state: AccessState): boolean => state === "approved";

/** Whether the request still counts as open (one open request per buyer and company; a lapsed one too, until the owner extends or revokes it). */
export const isOpen = (status: AccessRequestStatus): boolean => status === "pending" || status === "approved";
