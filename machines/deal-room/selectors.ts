import { getNextSnapshot } from "xstate";
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from "../../contracts/marketplace.ts";
import { ACCESS_DECISIONS, type AccessDecision } from "../../contracts/deal-room.ts";
import { accessRequestMachine, DECISION_EVENTS, snapshotAt, type AccessRequestSnapshot } from "./access-request.machine.ts";

/** The status a snapshot stands for (the machine's states are flat, named as the statuses). */
export function statusOf(snapshot: AccessRequestSnapshot): AccessRequestStatus {
  const found = ACCESS_REQUEST_STATUSES.find((status) => snapshot.matches(status));
  if (found === undefined) throw new Error(`accessRequestMachine: unknown state ${JSON.stringify(snapshot.value)}`);
  return found;
}

/** The status after `decision`, or null when the machine does not allow it from `status`. */
export function nextStatus(status: AccessRequestStatus, decision: AccessDecision): AccessRequestStatus | null {
  const before = snapshotAt(status);
  if (!before.can(DECISION_EVENTS[decision])) return null;
  return statusOf(getNextSnapshot(accessRequestMachine, before, DECISION_EVENTS[decision]));
}

/** The decisions the owner may take on a request in `status` (the buttons the app shows). */
export const allowedDecisions = (status: AccessRequestStatus): ReadonlyArray<AccessDecision> =>
  ACCESS_DECISIONS.filter((decision) => nextStatus(status, decision) !== null);

/** Whether the buyer sees the full profile, the shared documents and the thread in this status. */
export const grantsAccess = (status: AccessRequestStatus): boolean => status === "approved";

/** Whether the request still counts as open (one open request per buyer and company). */
export const isOpen = (status: AccessRequestStatus): boolean => status === "pending" || status === "approved";
