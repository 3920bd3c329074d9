import type { AccessBlock, AccessRequestStatus } from "./marketplace.ts";
import { ACCESS_REQUEST_COOLING_OFF_DAYS } from "./marketplace-constants.ts";

/**
 * The deal room's Spanish messages and limits, without a schema
 * (contracts/deal-room.ts re-exports them and builds its schemas from them):
 * a visitor's business profile shows some of them on arrival, and its first
 * load carries no Effect (decision 047).
 */

export const ACCESS_REQUEST_MESSAGE_MAX_LENGTH = 2000;
export const DEAL_MESSAGE_MAX_LENGTH = 4000;
export const LOI_TERMS_MAX_LENGTH = 5000;

export const DEAL_ROOM_MESSAGES = {
  // NDA and access requests
  ndaRequired: "Debes aceptar el acuerdo de confidencialidad para solicitar acceso.",
  ndaOutdated: "El acuerdo de confidencialidad cambió. Léelo y acéptalo de nuevo para continuar.",
  requestMessage: "Cuéntale al vendedor quién eres y por qué te interesa la empresa.",
  requestMessageTooLong: `El mensaje puede tener como máximo ${ACCESS_REQUEST_MESSAGE_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
  requestSent: "Solicitud enviada. Te avisaremos por correo cuando la empresa responda.",
  notBuyer: "Solo los compradores e inversionistas registrados pueden solicitar acceso. Crea tu cuenta de comprador.",
  ownCompany: "No puedes solicitar acceso a tu propia empresa.",
  emailUnverified: "Verifica tu correo electrónico para solicitar acceso al perfil completo.",
  openRequest: "Ya tienes una solicitud abierta para esta empresa.",
  coolingOff: `Tu solicitud anterior fue rechazada o retirada. Podrás solicitar acceso de nuevo ${ACCESS_REQUEST_COOLING_OFF_DAYS} días después.`,
  requestNotFound: "La solicitud no existe.",
  invalidRequestId: "La solicitud no existe.",
  invalidStatus: "Elige aprobar, rechazar o retirar el acceso.",
  transitionNotAllowed: "La solicitud ya no está en un estado que permita ese cambio.",
  approved: "Aprobaste la solicitud: el comprador ya puede ver el perfil completo.",
  rejected: "Rechazaste la solicitud.",
  revoked: "Retiraste el acceso: el comprador ya no ve el perfil completo.",
  ndaAccepted: "Aceptaste la nueva versión del acuerdo de confidencialidad.",
  ndaAlreadyCurrent: "Ya aceptaste la versión vigente del acuerdo de confidencialidad.",
  tooManyRequests: "Enviaste demasiadas solicitudes seguidas. Espera unos minutos e intenta de nuevo.",
  tooManyDecisions: "Hiciste demasiados cambios seguidos. Espera unos minutos e intenta de nuevo.",
  // The end of access (decision 050)
  accessEndsInvalid: "Escribe la fecha de término como AAAA-MM-DD, con un día que exista.",
  accessEndsPast: "La fecha de término debe ser posterior a hoy.",
  accessEndsNotLater: "La nueva fecha de término debe ser posterior a la actual.",
  accessEndsOnlyApproval: "La fecha de término solo se indica al aprobar una solicitud.",
  accessEndNotAllowed: "Solo puedes cambiar la fecha de término de una solicitud aprobada.",
  accessExtended: "Actualizaste la fecha de término del acceso.",
  accessEndRemoved: "Quitaste la fecha de término: el acceso ya no termina.",
  // Threads
  messageBody: "Escribe tu mensaje.",
  messageTooLong: `El mensaje puede tener como máximo ${DEAL_MESSAGE_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
  threadClosed: "La conversación se abre cuando la empresa aprueba la solicitud, y se cierra si retira el acceso.",
  messageSent: "Mensaje enviado",
  tooManyMessages: "Enviaste demasiados mensajes seguidos. Espera unos minutos e intenta de nuevo.",
  // Letters of intent
  loiAmount: "Ingresa un monto mayor a 0.",
  loiCurrency: "Elige la moneda: MXN o USD.",
  loiStake: "El porcentaje de participación debe estar entre 0 y 100.",
  loiTerms: "Describe los términos principales de tu oferta.",
  loiTermsTooLong: `Los términos pueden tener como máximo ${LOI_TERMS_MAX_LENGTH.toLocaleString("es-MX")} caracteres.`,
  loiClosed: "Solo puedes enviar una carta de intención mientras tu acceso está aprobado.",
  loiPending: "Ya tienes una carta de intención pendiente de respuesta para esta empresa.",
  loiSent: "Carta de intención enviada",
  loiNotFound: "La carta de intención no existe.",
  loiInvalidStatus: "Elige aceptar o declinar la carta de intención.",
  loiAlreadyDecided: "Esta carta de intención ya fue respondida.",
  loiAccepted: "Aceptaste la carta de intención.",
  loiDeclined: "Declinaste la carta de intención.",
  tooManyLetters: "Enviaste demasiadas cartas de intención seguidas. Espera unos minutos e intenta de nuevo.",
} as const;

/** Spanish names of the statuses, for badges and e-mails. */
export const ACCESS_STATUS_LABELS: Readonly<Record<AccessRequestStatus, string>> = {
  pending: "Pendiente",
  approved: "Aprobada",
  rejected: "Rechazada",
  revoked: "Acceso retirado",
};

/** Spanish for why a buyer cannot ask for access (the profile page shows it). */
export const ACCESS_BLOCK_MESSAGES: Readonly<Record<AccessBlock, string>> = {
  sign_in: "Inicia sesión como comprador para solicitar acceso al perfil completo.",
  not_buyer: DEAL_ROOM_MESSAGES.notBuyer,
  own_company: DEAL_ROOM_MESSAGES.ownCompany,
  email_unverified: DEAL_ROOM_MESSAGES.emailUnverified,
  open_request: DEAL_ROOM_MESSAGES.openRequest,
  cooling_off: DEAL_ROOM_MESSAGES.coolingOff,
};
