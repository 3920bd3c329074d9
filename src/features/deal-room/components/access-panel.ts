import type { AccessRequestStatus, ViewerAccess } from "../../../../contracts/marketplace.ts";
import { ACCESS_BLOCK_MESSAGES, ACCESS_STATUS_LABELS, DEAL_ROOM_MESSAGES } from "../../../../contracts/deal-room-messages.ts";
import { formatLongDay } from "./deal-dates.ts";

/**
 * What the business profile's access panel shows, from the profile's
 * `viewer_access` (the server's answer, decided on every request) and
 * whether the full profile came with it. Pure: unit tested in node
 * (tests/unit/deal-room/access-panel.test.ts).
 */
export type AccessPanelState =
  /** May ask: the button that opens the NDA dialog. `previous`: an earlier request that ended (rejected or revoked). */
  | { readonly kind: "can_request"; readonly previous: AccessRequestStatus | null }
  | { readonly kind: "sign_in" }
  | { readonly kind: "not_buyer" }
  /** An admin: sees the full profile without asking. */
  | { readonly kind: "admin" }
  | { readonly kind: "email_unverified" }
  | { readonly kind: "own_company" }
  | { readonly kind: "cooling_off"; readonly requestAgainAt: string | null }
  | { readonly kind: "pending"; readonly requestId: number; readonly sentAt: string }
  | { readonly kind: "approved"; readonly requestId: number }
  /** Approved, NDA in force, but no full profile: the approval's end passed (decision 050); only the company can extend it. */
  | { readonly kind: "lapsed"; readonly requestId: number }
  /** Approved, but the NDA changed since: the new text and a button to accept it. */
  | { readonly kind: "nda_outdated"; readonly requestId: number; readonly acceptedVersion: string }
  /** An open request the answer did not describe (should not happen): the contract's sentence. */
  | { readonly kind: "open_request" };

export type AccessPanelKind = AccessPanelState["kind"];

export function accessPanelState(access: ViewerAccess, hasFullProfile: boolean): AccessPanelState {
  const request = access.request;
  if (access.can_request) {
    const ended = request !== null && (request.status === "rejected" || request.status === "revoked");
    return { kind: "can_request", previous: ended ? request.status : null };
  }
  switch (access.blocked_reason) {
    case "sign_in":
      return { kind: "sign_in" };
    // Only admins see the full profile without being a buyer (the owner is `own_company`).
    case "not_buyer":
      return hasFullProfile ? { kind: "admin" } : { kind: "not_buyer" };
    case "email_unverified":
      return { kind: "email_unverified" };
    case "own_company":
      return { kind: "own_company" };
    case "cooling_off":
      return { kind: "cooling_off", requestAgainAt: access.request_again_at };
    case "open_request":
    case null:
      if (request?.status === "pending") return { kind: "pending", requestId: request.id, sentAt: request.created_at };
      if (request?.status === "approved") {
        if (!request.nda_current) return { kind: "nda_outdated", requestId: request.id, acceptedVersion: request.nda_version };
        // The status stays `approved` past the approval's end; the server then withholds the full profile (decision 050).
        return hasFullProfile ? { kind: "approved", requestId: request.id } : { kind: "lapsed", requestId: request.id };
      }
      return { kind: "open_request" };
  }
}

/** The sentence the panel says for each state (the contract's words where it has them). */
export function accessPanelMessage(state: AccessPanelState): string {
  switch (state.kind) {
    case "can_request":
      return state.previous === null
        ? "El nombre de la empresa, su contacto, sus finanzas completas y los documentos que comparte se muestran solo a compradores que aceptan el acuerdo de confidencialidad y a quienes la empresa aprueba."
        : `Tu solicitud anterior quedó como «${ACCESS_STATUS_LABELS[state.previous]}». Ya puedes solicitar acceso de nuevo.`;
    case "sign_in":
    case "not_buyer":
    case "email_unverified":
    case "own_company":
      return ACCESS_BLOCK_MESSAGES[state.kind];
    case "admin":
      return "Como administrador ves el perfil completo sin solicitar acceso.";
    case "cooling_off":
      return state.requestAgainAt === null
        ? DEAL_ROOM_MESSAGES.coolingOff
        : `${DEAL_ROOM_MESSAGES.coolingOff} Podrás hacerlo a partir del ${formatLongDay(state.requestAgainAt)}.`;
    case "pending":
      return `Solicitud enviada el ${formatLongDay(state.sentAt)}, en espera de respuesta.`;
    case "approved":
      return "La empresa aprobó tu solicitud: ves su perfil completo en esta página y puedes escribirle en la conversación.";
    case "lapsed":
      return "Tu acceso al perfil completo terminó en la fecha que fijó la empresa. Solo ella puede extenderlo; mientras tanto no puedes solicitar acceso de nuevo.";
    case "nda_outdated":
      return DEAL_ROOM_MESSAGES.ndaOutdated;
    case "open_request":
      return DEAL_ROOM_MESSAGES.openRequest;
  }
}
