import { describe, expect, it } from "vitest";
import { DEAL_ROOM_MESSAGES, type DealMessage } from "../../../contracts/deal-room.ts";
import {
  accessEndNote,
  buyerStatusNote,
  canDecideLetters,
  canSendLetter,
  decisionActions,
  decisionNote,
  letterDecisionConfirmation,
  emptyState,
  isSendShortcut,
  readReceipt,
  requestTabs,
  selectedTab,
  threadAccess,
  threadAnnouncement,
  unreadLabel,
} from "../../../src/features/deal-room/components/request-view.ts";
import { allowedDecisions } from "../../../machines/deal-room/selectors.ts";

const roles = (isSeller: boolean, isBuyer: boolean, isAdmin: boolean) => ({ isSeller, isBuyer, isAdmin });

describe("Solicitudes' tabs, by role", () => {
  it("a seller gets Recibidas, a buyer Enviadas, an admin Todas", () => {
    expect(requestTabs(roles(true, false, false)).map((tab) => tab.label)).toEqual(["Recibidas"]);
    expect(requestTabs(roles(false, true, false)).map((tab) => tab.label)).toEqual(["Enviadas"]);
    expect(requestTabs(roles(false, false, true)).map((tab) => [tab.label, tab.side])).toEqual([["Todas", "all"]]);
  });

  it("several roles get one tab each", () => {
    expect(requestTabs(roles(true, true, false)).map((tab) => tab.side)).toEqual(["incoming", "outgoing"]);
    expect(requestTabs(roles(true, false, true)).map((tab) => tab.side)).toEqual(["incoming", "all"]);
  });

  it("someone without those roles still sees what they sent", () => {
    expect(requestTabs(roles(false, false, false)).map((tab) => tab.side)).toEqual(["outgoing"]);
  });

  it("?tab= picks a tab the user has, else their first", () => {
    const tabs = requestTabs(roles(true, true, false));
    expect(selectedTab(tabs, "enviadas").side).toBe("outgoing");
    expect(selectedTab(tabs, "todas").side).toBe("incoming");
    expect(selectedTab(tabs, null).side).toBe("incoming");
  });
});

describe("what an empty list says", () => {
  it("to a first-time buyer: how to ask, and a link to the marketplace", () => {
    const empty = emptyState("outgoing", null);
    expect(empty.title).toBe("Aún no has solicitado acceso a ninguna empresa");
    expect(empty.body).toContain("Solicitar acceso al perfil completo");
    expect(empty.action).toEqual({ label: "Explorar empresas", href: "/compra-una-empresa" });
  });

  it("to a first-time seller: what happens next", () => {
    const empty = emptyState("incoming", null);
    expect(empty.title).toBe("Aún no recibes solicitudes de acceso");
    expect(empty.body).toContain("te avisaremos por correo");
    expect(empty.body).toContain("decidir si le das acceso");
  });

  it("with a status filter: just that none match", () => {
    expect(emptyState("incoming", "approved").title).toBe("No hay solicitudes con el estado «Aprobada».");
    expect(emptyState("incoming", "approved").action).toBeNull();
  });

  it("counts unread messages in words", () => {
    expect(unreadLabel(1)).toBe("1 mensaje sin leer");
    expect(unreadLabel(1200)).toBe("1,200 mensajes sin leer");
  });
});

describe("the company's decisions", () => {
  it("offers what the lifecycle allows: approve or reject a pending request, revoke an approved one", () => {
    expect(decisionActions(allowedDecisions("pending"), "Daniela").map((action) => action.label)).toEqual(["Aprobar", "Rechazar"]);
    expect(decisionActions(allowedDecisions("approved"), "Daniela").map((action) => action.label)).toEqual(["Retirar acceso"]);
    expect(decisionActions(allowedDecisions("rejected"), "Daniela")).toEqual([]);
  });

  it("asks before every decision, saying what follows: approving opens the company, rejecting and revoking are final", () => {
    const [approve, reject] = decisionActions(["approved", "rejected"], "Daniela Fuentes");
    expect(approve?.confirmation.title).toBe("¿Aprobar la solicitud de Daniela Fuentes?");
    expect(approve?.confirmation.body).toContain("verá el nombre, el contacto, las finanzas completas");
    expect(approve?.confirmation.confirmLabel).toBe("Sí, aprobar");
    expect(reject?.confirmation.title).toBe("¿Rechazar la solicitud de Daniela Fuentes?");
    expect(reject?.confirmation.body).toContain("30 días");
    const [revoke] = decisionActions(["revoked"], "Daniela Fuentes");
    expect(revoke?.confirmation.confirmLabel).toBe("Sí, retirar acceso");
    expect(revoke?.confirmation.body).toContain("dejará de ver de inmediato el perfil completo");
  });

  it("restates a letter's amount (its currency, es-MX), stake and terms before accepting or declining it", () => {
    const letter = { amount: 25_000_000, currency: "MXN", stake_percentage: 60, terms: "60 % al cierre y 40 % en dos pagos anuales." } as const;
    const accept = letterDecisionConfirmation(letter, "accepted");
    expect(accept.title).toBe("¿Aceptar la carta de intención?");
    expect(accept.details).toEqual([
      ["Monto", "$25,000,000.00 MXN"],
      ["Participación", "60% de participación"],
      ["Términos", "60 % al cierre y 40 % en dos pagos anuales."],
    ]);
    expect(accept.body).toContain("no es vinculante");
    expect(accept.confirmLabel).toBe("Sí, aceptar");
    const decline = letterDecisionConfirmation({ ...letter, amount: 1_250_000.5, currency: "USD", stake_percentage: 0 }, "declined");
    expect(decline.title).toBe("¿Declinar la carta de intención?");
    expect(decline.details?.slice(0, 2)).toEqual([
      ["Monto", "$1,250,000.50 USD"],
      ["Participación", "0% (oferta de deuda o convertible)"],
    ]);
    expect(decline.confirmLabel).toBe("Sí, declinar");
  });

  it("toasts the contract's words", () => {
    expect(decisionActions(["approved", "rejected", "revoked"], "D").map((action) => action.doneMessage)).toEqual([
      DEAL_ROOM_MESSAGES.approved,
      DEAL_ROOM_MESSAGES.rejected,
      DEAL_ROOM_MESSAGES.revoked,
    ]);
  });

  it("explains the decision above the buttons while there is one to take", () => {
    expect(decisionNote("pending", "Daniela")).toContain("Si apruebas");
    expect(decisionNote("approved", "Daniela")).toContain("retirarle el acceso");
    expect(decisionNote("rejected", "Daniela")).toBeNull();
  });

  it("tells the buyer where their request stands", () => {
    expect(buyerStatusNote("pending")).toContain("Te avisaremos por correo");
    expect(buyerStatusNote("rejected")).toContain("30 días");
  });
});

describe("the thread and the letters (decision 023)", () => {
  it("is open to both parties while approved, closed before", () => {
    expect(threadAccess({ status: "approved", viewer_role: "buyer", access_lapsed: false })).toEqual({ readable: true, writable: true });
    expect(threadAccess({ status: "pending", viewer_role: "seller", access_lapsed: false })).toEqual({ readable: false, writable: false });
    expect(threadAccess({ status: "rejected", viewer_role: "admin", access_lapsed: false })).toEqual({ readable: false, writable: false });
  });

  it("after a revocation the company keeps reading, the buyer does not, nobody writes", () => {
    expect(threadAccess({ status: "revoked", viewer_role: "seller", access_lapsed: false })).toEqual({ readable: true, writable: false });
    expect(threadAccess({ status: "revoked", viewer_role: "admin", access_lapsed: false })).toEqual({ readable: true, writable: false });
    expect(threadAccess({ status: "revoked", viewer_role: "buyer", access_lapsed: false })).toEqual({ readable: false, writable: false });
  });

  it("past an approval's end (decision 050) the thread and the letters close as after a revocation", () => {
    expect(threadAccess({ status: "approved", viewer_role: "seller", access_lapsed: true })).toEqual({ readable: true, writable: false });
    expect(threadAccess({ status: "approved", viewer_role: "buyer", access_lapsed: true })).toEqual({ readable: false, writable: false });
    expect(canSendLetter({ status: "approved", viewer_role: "buyer", access_lapsed: true }, false)).toBe(false);
  });

  it("tells both parties the last day of an approval that ends, and that it ended (Mexico City's calendar)", () => {
    // Access ends at 00:00 of 1 January in Mexico City (06:00 UTC): the last day is 31 December.
    const ending = { status: "approved", access_ends_at: "2027-01-01T06:00:00.000Z", access_lapsed: false, buyer: { name: "Daniela" } } as const;
    expect(accessEndNote({ ...ending, viewer_role: "buyer" })).toBe("Tu acceso al perfil completo es hasta el 31 de diciembre de 2026.");
    expect(accessEndNote({ ...ending, viewer_role: "seller" })).toBe("Daniela tiene acceso hasta el 31 de diciembre de 2026.");
    expect(accessEndNote({ ...ending, viewer_role: "buyer", access_lapsed: true })).toContain("Tu acceso terminó el 31 de diciembre de 2026");
    expect(accessEndNote({ ...ending, viewer_role: "admin", access_lapsed: true })).toContain("El acceso de Daniela terminó el 31 de diciembre de 2026");
    expect(accessEndNote({ ...ending, viewer_role: "buyer", access_ends_at: null })).toBeNull();
    expect(accessEndNote({ ...ending, viewer_role: "buyer", status: "revoked" })).toBeNull();
  });

  it("lets the approved buyer send a letter while none waits for an answer; the company answers", () => {
    expect(canSendLetter({ status: "approved", viewer_role: "buyer", access_lapsed: false }, false)).toBe(true);
    expect(canSendLetter({ status: "approved", viewer_role: "buyer", access_lapsed: false }, true)).toBe(false);
    expect(canSendLetter({ status: "pending", viewer_role: "buyer", access_lapsed: false }, false)).toBe(false);
    expect(canSendLetter({ status: "approved", viewer_role: "seller", access_lapsed: false }, false)).toBe(false);
    expect(canDecideLetters({ viewer_role: "seller" })).toBe(true);
    expect(canDecideLetters({ viewer_role: "admin" })).toBe(true);
    expect(canDecideLetters({ viewer_role: "buyer" })).toBe(false);
  });
});

const message = (id: number, isMine: boolean, readAt: string | null = null): DealMessage => ({
  id,
  body: "Hola",
  created_at: "2026-11-26T18:05:00.000Z",
  sender_role: isMine ? "buyer" : "seller",
  sender_name: isMine ? "Daniela Fuentes" : "Vendedora Regia",
  is_mine: isMine,
  read_at: readAt,
});

describe("what the thread announces", () => {
  it("nothing on the first load, nor when nothing is new", () => {
    expect(threadAnnouncement(null, [message(1, false)])).toBeNull();
    expect(threadAnnouncement([message(1, false)], [message(1, false, "2026-11-26T19:00:00.000Z")])).toBeNull();
  });

  it("a new message from the other side by its sender, several by their count", () => {
    expect(threadAnnouncement([message(1, true)], [message(1, true), message(2, false)])).toBe("Nuevo mensaje de Vendedora Regia.");
    expect(threadAnnouncement([], [message(2, false), message(3, false)])).toBe("2 mensajes nuevos.");
  });

  it("my own message as sent (the contract's words)", () => {
    expect(threadAnnouncement([message(1, false)], [message(1, false), message(2, true)])).toBe(`${DEAL_ROOM_MESSAGES.messageSent}.`);
  });

  it("shows read receipts on my messages only", () => {
    expect(readReceipt(message(1, true))).toBe("unread");
    expect(readReceipt(message(1, true, "2026-11-26T19:00:00.000Z"))).toBe("read");
    expect(readReceipt(message(1, false, "2026-11-26T19:00:00.000Z"))).toBeNull();
  });

  it("sends with Ctrl+Enter or Cmd+Enter, never with Enter alone", () => {
    expect(isSendShortcut({ key: "Enter", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: "Enter", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendShortcut({ key: "a", ctrlKey: true, metaKey: false })).toBe(false);
  });
});
