import { ACCESS_REQUEST_COOLING_OFF_DAYS, type AccessRequestStatus } from "../../../../contracts/marketplace.ts";
import { ACCESS_STATUS_LABELS, DEAL_ROOM_MESSAGES, type AccessDecision, type AccessRequest, type DealMessage, type LetterOfIntent, type LoiDecision } from "../../../../contracts/deal-room.ts";
import { formatLoiAmount, formatStake } from "./deal-format.ts";
import { formatLongDay } from "./deal-dates.ts";

/**
 * The pure view logic of Solicitudes and of one request: which tabs a user
 * gets, what an empty list says, which decisions to offer and how to
 * confirm them, who may read or write the thread. No React: unit tested in
 * node (tests/unit/deal-room/request-view.test.ts).
 */

// --- The list (/solicitudes) -------------------------------------------------------------

export type RequestSide = "incoming" | "outgoing" | "all";
export type RequestTabId = "recibidas" | "enviadas" | "todas";

export interface RequestTab {
  readonly id: RequestTabId;
  readonly label: string;
  readonly side: RequestSide;
}

const TABS: Readonly<Record<RequestSide, RequestTab>> = {
  incoming: { id: "recibidas", label: "Recibidas", side: "incoming" },
  outgoing: { id: "enviadas", label: "Enviadas", side: "outgoing" },
  all: { id: "todas", label: "Todas", side: "all" },
};

/**
 * Sellers receive requests, buyers send them, admins see all of them; a
 * user with several roles gets one tab per side. Someone with none of these
 * roles still sees their own requests (as a buyer would).
 */
export function requestTabs(roles: { readonly isSeller: boolean; readonly isBuyer: boolean; readonly isAdmin: boolean }): ReadonlyArray<RequestTab> {
  const tabs = [...(roles.isSeller ? [TABS.incoming] : []), ...(roles.isBuyer ? [TABS.outgoing] : []), ...(roles.isAdmin ? [TABS.all] : [])];
  return tabs.length === 0 ? [TABS.outgoing] : tabs;
}

/** The tab a `?tab=` value names, when the user has it; otherwise their first. */
export function selectedTab(tabs: ReadonlyArray<RequestTab>, requested: string | null): RequestTab {
  const first = tabs[0] ?? TABS.outgoing;
  return tabs.find((tab) => tab.id === requested) ?? first;
}

export interface EmptyState {
  readonly title: string;
  readonly body: string;
  /** Where to go next, when there is somewhere useful. */
  readonly action: { readonly label: string; readonly href: string } | null;
}

/** What a list with no requests says: to a first-time user, what happens next; with a status filter, just that none match. */
export function emptyState(side: RequestSide, status: AccessRequestStatus | null): EmptyState {
  if (status !== null) {
    return { title: `No hay solicitudes con el estado «${ACCESS_STATUS_LABELS[status]}».`, body: "Elige otro estado o «Todos los estados» para ver las demás.", action: null };
  }
  switch (side) {
    case "outgoing":
      return {
        title: "Aún no has solicitado acceso a ninguna empresa",
        body: "En el marketplace, abre el perfil de una empresa que te interese y pulsa «Solicitar acceso al perfil completo». Aceptas el acuerdo de confidencialidad, la empresa revisa tu perfil y, si te aprueba, verás aquí su nombre, su contacto y la conversación con ella.",
        action: { label: "Explorar empresas", href: "/compra-una-empresa" },
      };
    case "incoming":
      return {
        title: "Aún no recibes solicitudes de acceso",
        body: "Cuando un comprador verificado acepte el acuerdo de confidencialidad y pida ver el perfil completo de una de tus empresas publicadas, su solicitud aparecerá aquí y te avisaremos por correo. Podrás revisar su perfil y decidir si le das acceso; solo entonces verá el nombre, el contacto y los documentos que compartas.",
        action: { label: "Ver mis empresas", href: "/mis-empresas" },
      };
    case "all":
      return { title: "Aún no hay solicitudes de acceso en Puente", body: "Aquí verás cada solicitud de los compradores a las empresas publicadas.", action: null };
  }
}

export const unreadLabel = (count: number): string => (count === 1 ? "1 mensaje sin leer" : `${count.toLocaleString("es-MX")} mensajes sin leer`);

// --- One request (/solicitudes/{id}) -----------------------------------------------------

/** "Aprobada el …": the word before the decision's date, by the status it left. */
export const DECIDED_LABELS: Readonly<Record<AccessRequestStatus, string>> = {
  pending: "Actualizada el",
  approved: "Aprobada el",
  rejected: "Rechazada el",
  revoked: "Acceso retirado el",
};

export interface DecisionConfirmation {
  readonly title: string;
  /** What follows, in words. */
  readonly body: string;
  /** What is being decided, restated as label and value (a letter's amount, stake and terms). */
  readonly details?: ReadonlyArray<readonly [string, string]>;
  readonly confirmLabel: string;
}

export interface DecisionAction {
  readonly status: AccessDecision;
  readonly label: string;
  /** The buttons' look: approving is the main action, the others are not. */
  readonly variant: "primary" | "secondary";
  /** Every decision asks first, saying what follows (approving opens the company to the buyer; the others are final). */
  readonly confirmation: DecisionConfirmation;
  /** The success toast (the contract's words). */
  readonly doneMessage: string;
}

/** The decisions offered, in the order of `allowed_statuses` (the lifecycle machine's, from the server). */
export function decisionActions(allowed: ReadonlyArray<AccessDecision>, buyerName: string): ReadonlyArray<DecisionAction> {
  return allowed.map((status): DecisionAction => {
    switch (status) {
      case "approved":
        return {
          status,
          label: "Aprobar",
          variant: "primary",
          confirmation: {
            title: `¿Aprobar la solicitud de ${buyerName}?`,
            body: `${buyerName} verá el nombre, el contacto, las finanzas completas y los documentos que compartas, podrán escribirse aquí y te podrá enviar cartas de intención. Le avisaremos por correo. Podrás retirarle el acceso en cualquier momento.`,
            confirmLabel: "Sí, aprobar",
          },
          doneMessage: DEAL_ROOM_MESSAGES.approved,
        };
      case "rejected":
        return {
          status,
          label: "Rechazar",
          variant: "secondary",
          confirmation: {
            title: `¿Rechazar la solicitud de ${buyerName}?`,
            body: `${buyerName} no verá el nombre, el contacto ni los documentos de la empresa, y le avisaremos por correo. La decisión es definitiva: podrá volver a solicitar acceso después de ${ACCESS_REQUEST_COOLING_OFF_DAYS} días.`,
            confirmLabel: "Sí, rechazar",
          },
          doneMessage: DEAL_ROOM_MESSAGES.rejected,
        };
      case "revoked":
        return {
          status,
          label: "Retirar acceso",
          variant: "secondary",
          confirmation: {
            title: `¿Retirar el acceso a ${buyerName}?`,
            body: `${buyerName} dejará de ver de inmediato el perfil completo y los documentos compartidos, y ya no podrá escribir ni leer la conversación (tú la conservas). Le avisaremos por correo. No se puede deshacer: podrá volver a solicitar acceso después de ${ACCESS_REQUEST_COOLING_OFF_DAYS} días.`,
            confirmLabel: "Sí, retirar acceso",
          },
          doneMessage: DEAL_ROOM_MESSAGES.revoked,
        };
    }
  });
}

/**
 * Answering a letter of intent asks first: the amount (in its currency,
 * es-MX), the stake and the terms restated, and what follows.
 */
export function letterDecisionConfirmation(letter: Pick<LetterOfIntent, "amount" | "currency" | "stake_percentage" | "terms">, status: LoiDecision): DecisionConfirmation {
  const details = [
    ["Monto", formatLoiAmount(letter.amount, letter.currency)],
    ["Participación", formatStake(letter.stake_percentage)],
    ["Términos", letter.terms],
  ] as const;
  return status === "accepted"
    ? {
        title: "¿Aceptar la carta de intención?",
        body: "Le avisaremos por correo al comprador que aceptaste su oferta. La carta no es vinculante: el acuerdo final lo firman ustedes directamente. No se puede deshacer.",
        details,
        confirmLabel: "Sí, aceptar",
      }
    : {
        title: "¿Declinar la carta de intención?",
        body: "El comprador verá que declinaste su oferta y le avisaremos por correo. No se puede deshacer; mientras su acceso siga aprobado, podrá enviarte una nueva carta.",
        details,
        confirmLabel: "Sí, declinar",
      };
}

export interface ThreadAccess {
  /** Ask for the messages. */
  readonly readable: boolean;
  /** Show the composer. */
  readonly writable: boolean;
}

/**
 * Decision 023: the parties (and admins) write only while the request is
 * approved; after a revocation the company keeps reading the thread, the
 * buyer does not; before an approval there is no thread.
 */
export function threadAccess(request: Pick<AccessRequest, "status" | "viewer_role" | "access_lapsed">): ThreadAccess {
  // An approval past its end reads as a revocation (decision 050): the server refuses the thread's writes.
  if (request.status === "revoked" || (request.status === "approved" && request.access_lapsed)) return { readable: request.viewer_role !== "buyer", writable: false };
  if (request.status === "approved") return { readable: true, writable: true };
  return { readable: false, writable: false };
}

/** Who may send a letter of intent now: the buyer of an approved request, not past its end, without a letter waiting for an answer. */
export const canSendLetter = (request: Pick<AccessRequest, "status" | "viewer_role" | "access_lapsed">, hasPendingLetter: boolean): boolean =>
  request.viewer_role === "buyer" && request.status === "approved" && !request.access_lapsed && !hasPendingLetter;

/** An approval's last day, "31 de diciembre de 2026": access ends at the next midnight in Mexico City (decision 050). */
export const accessLastDay = (endsAt: string): string => formatLongDay(new Date(new Date(endsAt).getTime() - 1));

/**
 * What both parties read about an approval that ends (decision 050), or null
 * when it has no end. Past the end it replaces the approved request's notes,
 * which would say the buyer still sees everything.
 */
export function accessEndNote(
  request: Pick<AccessRequest, "status" | "viewer_role" | "access_ends_at" | "access_lapsed"> & { readonly buyer: Pick<AccessRequest["buyer"], "name"> },
): string | null {
  if (request.status !== "approved" || request.access_ends_at === null) return null;
  const day = accessLastDay(request.access_ends_at);
  const isBuyer = request.viewer_role === "buyer";
  if (request.access_lapsed) {
    return isBuyer
      ? `Tu acceso terminó el ${day}: ya no ves el perfil completo ni los documentos, y la conversación quedó cerrada.`
      : `El acceso de ${request.buyer.name} terminó el ${day}: ya no ve el perfil completo ni los documentos, y la conversación quedó cerrada.`;
  }
  return isBuyer ? `Tu acceso al perfil completo es hasta el ${day}.` : `${request.buyer.name} tiene acceso hasta el ${day}.`;
}

/** Who answers letters: the company's owner or an admin. */
export const canDecideLetters = (request: Pick<AccessRequest, "viewer_role">): boolean => request.viewer_role !== "buyer";

/**
 * What the thread's polite live region says after the messages changed:
 * nothing on the first load, "Mensaje enviado" for my own, the sender for
 * one new message from the other side, a count for several.
 */
export function threadAnnouncement(previous: ReadonlyArray<Pick<DealMessage, "id">> | null, next: ReadonlyArray<DealMessage>): string | null {
  if (previous === null) return null;
  const known = new Set(previous.map((message) => message.id));
  const added = next.filter((message) => !known.has(message.id));
  const theirs = added.filter((message) => !message.is_mine);
  const first = theirs[0];
  if (first !== undefined) return theirs.length === 1 ? `Nuevo mensaje de ${first.sender_name}.` : `${theirs.length} mensajes nuevos.`;
  return added.length > 0 ? `${DEAL_ROOM_MESSAGES.messageSent}.` : null;
}

/** A message of mine: read by the other party (when), or not yet. */
export const readReceipt = (message: Pick<DealMessage, "is_mine" | "read_at">): "read" | "unread" | null =>
  message.is_mine ? (message.read_at === null ? "unread" : "read") : null;

/** Ctrl+Enter (Cmd+Enter on a Mac) sends from the composer; Enter alone writes a new line. */
export const isSendShortcut = (event: { readonly key: string; readonly ctrlKey: boolean; readonly metaKey: boolean }): boolean =>
  event.key === "Enter" && (event.ctrlKey || event.metaKey);

/** What the buyer reads about their own request, by its status. */
export function buyerStatusNote(status: AccessRequestStatus): string {
  switch (status) {
    case "pending":
      return "La empresa está revisando tu perfil. Te avisaremos por correo cuando responda.";
    case "approved":
      return "La empresa aprobó tu solicitud: en su perfil ves su nombre, su contacto, sus finanzas completas y los documentos que comparte.";
    case "rejected":
      return `La empresa rechazó tu solicitud. Podrás solicitar acceso de nuevo ${ACCESS_REQUEST_COOLING_OFF_DAYS} días después de su respuesta.`;
    case "revoked":
      return `La empresa retiró tu acceso: ya no ves su perfil completo ni la conversación. Podrás solicitar acceso de nuevo ${ACCESS_REQUEST_COOLING_OFF_DAYS} días después.`;
  }
}

/** What the company's side reads above its decision buttons. */
export function decisionNote(status: AccessRequestStatus, buyerName: string): string | null {
  switch (status) {
    case "pending":
      return `${buyerName} aceptó el acuerdo de confidencialidad y pide ver el perfil completo. Si apruebas, verá el nombre, el contacto, las finanzas completas y los documentos que compartas, y podrán escribirse aquí.`;
    case "approved":
      return `${buyerName} ve el perfil completo. Puedes retirarle el acceso en cualquier momento.`;
    case "rejected":
    case "revoked":
      return null;
  }
}
