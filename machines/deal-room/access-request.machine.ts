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
 *   owner may revoke (`access.revoke`). An approval may carry an end
 *   (decision 050): the owner may move it or remove it (`access.extend`),
 *   and once it passes the request lapses (`access.lapse`).
 * - `lapsed`: the end passed; the buyer has lost access exactly as after a
 *   revocation. Not a stored status: the database keeps `approved` with an
 *   end in the past, and the server resolves this state from the time at
 *   every check (selectors.ts accessStateOf), so access never outlives its
 *   end. Not final either: the owner may extend (back to `approved`) or
 *   revoke (closing it, so the buyer may ask again after the pause).
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

/** A stored status, or `lapsed` (approved, its end passed), resolved from the time. */
export type AccessState = AccessRequestStatus | "lapsed";

export type AccessRequestEvent =
  | { readonly type: "access.approve" }
  | { readonly type: "access.reject" }
  | { readonly type: "access.revoke" }
  | { readonly type: "access.extend" }
  | { readonly type: "access.lapse" };

/** The events the owner's decisions send, and the others (an extension, the clock's lapse). */
export const EXTEND_EVENT: AccessRequestEvent = { type: "access.extend" };
export const LAPSE_EVENT: AccessRequestEvent = { type: "access.lapse" };

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
        "access.extend": "approved",
        "access.lapse": "lapsed",
      },
    },
    lapsed: {
      on: {
        "access.extend": "approved",
        "access.revoke": "revoked",
      },
    },
    rejected: { type: "final" },
    revoked: { type: "final" },
  },
});

export type AccessRequestSnapshot = SnapshotFrom<typeof accessRequestMachine>;

/** The machine's snapshot for a status read from the database (or `lapsed`, resolved from its end). */
export const snapshotAt = (state: AccessState): AccessRequestSnapshot => accessRequestMachine.resolveState({ value: state, context: {} });
