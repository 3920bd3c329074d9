/**
 * The lifecycle of an access request (issue 16; contracts/deal-room.ts;
 * docs/decisions/023-deal-room.md), one definition for both sides:
 * server/deal-room asks it whether a decision is allowed from the stored
 * status, and the app asks it which decisions to offer.
 *
 * - `pending` (initial): the buyer asked, having accepted the NDA. The
 *   company's owner (or an admin) approves (`access.approve`) or rejects
 *   (`access.reject`).
 * - `approved`: the buyer sees the full profile and the shared documents,
 *   and the two parties have a private thread and letters of intent. The
 *   owner may revoke (`access.revoke`).
 * - `rejected`, `revoked`: final. The buyer may open a new request after the
 *   cooling-off period (contracts/companies.ts ACCESS_REQUEST_COOLING_OFF_DAYS);
 *   that is a new request, not a transition of this one.
 *
 * Who may send an event (the owner or an admin, never the buyer) is the
 * server's rule, not the machine's: the machine knows only what may follow what.
 */
import { setup } from "xstate";
import type { SnapshotFrom } from "xstate";
import type { AccessRequestStatus } from "../../contracts/marketplace.ts";
import type { AccessDecision } from "../../contracts/deal-room.ts";

export type AccessRequestEvent = { readonly type: "access.approve" } | { readonly type: "access.reject" } | { readonly type: "access.revoke" };

/** The event each decision of PATCH /access_requests/{id} sends. */
export const DECISION_EVENTS: Readonly<Record<AccessDecision, AccessRequestEvent>> = {
  approved: { type: "access.approve" },
  rejected: { type: "access.reject" },
  revoked: { type: "access.revoke" },
};

export const accessRequestMachine = setup({
  types: {
    events: {} as AccessRequestEvent,
  },
}).createMachine({
  id: "accessRequest",
  initial: "pending",
  states: {
    pending: {
      on: {
        "access.approve": "approved",
        "access.reject": "rejected",
      },
    },
    approved: {
      on: {
        "access.revoke": "revoked",
      },
    },
    rejected: { type: "final" },
    revoked: { type: "final" },
  },
});

export type AccessRequestSnapshot = SnapshotFrom<typeof accessRequestMachine>;

/** The machine's snapshot for a status read from the database. */
export const snapshotAt = (status: AccessRequestStatus): AccessRequestSnapshot => accessRequestMachine.resolveState({ value: status, context: {} });
