import { describe, expect, it } from "vitest";
import { ACCESS_BLOCK_MESSAGES, DEAL_ROOM_MESSAGES } from "../../../contracts/deal-room.ts";
import type { ViewerAccess, ViewerRequest } from "../../../contracts/marketplace.ts";
import { accessPanelMessage, accessPanelState } from "../../../src/features/deal-room/components/access-panel.ts";

const request = (overrides: Partial<ViewerRequest> = {}): ViewerRequest => ({
  id: 7,
  status: "pending",
  created_at: "2026-11-26T18:05:00.000Z",
  nda_version: "2026-11",
  nda_current: true,
  ...overrides,
});

const blocked = (reason: ViewerAccess["blocked_reason"], overrides: Partial<ViewerAccess> = {}): ViewerAccess => ({
  request: null,
  can_request: false,
  blocked_reason: reason,
  request_again_at: null,
  ...overrides,
});

const CAN_REQUEST: ViewerAccess = { request: null, can_request: true, blocked_reason: null, request_again_at: null };

describe("the access panel's state, from the profile's viewer_access", () => {
  it("a buyer who may ask gets the request button", () => {
    expect(accessPanelState(CAN_REQUEST, false)).toEqual({ kind: "can_request", previous: null });
  });

  it("after the cooling-off period, asking again mentions how the last request ended", () => {
    const state = accessPanelState({ ...CAN_REQUEST, request: request({ status: "rejected" }) }, false);
    expect(state).toEqual({ kind: "can_request", previous: "rejected" });
    expect(accessPanelMessage(state)).toBe("Tu solicitud anterior quedó como «Rechazada». Ya puedes solicitar acceso de nuevo.");
  });

  it.each(["sign_in", "email_unverified", "own_company"] as const)("%s: the contract's sentence", (reason) => {
    const state = accessPanelState(blocked(reason), false);
    expect(state.kind).toBe(reason);
    expect(accessPanelMessage(state)).toBe(ACCESS_BLOCK_MESSAGES[reason]);
  });

  it("not a buyer: the contract's sentence; an admin (who gets the full profile anyway) is told so instead", () => {
    expect(accessPanelMessage(accessPanelState(blocked("not_buyer"), false))).toBe(DEAL_ROOM_MESSAGES.notBuyer);
    expect(accessPanelState(blocked("not_buyer"), true)).toEqual({ kind: "admin" });
  });

  it("cooling off: the contract's sentence and the day a new request is accepted, in es-MX", () => {
    const state = accessPanelState(blocked("cooling_off", { request: request({ status: "revoked" }), request_again_at: "2026-12-26T18:05:00.000Z" }), false);
    expect(state).toEqual({ kind: "cooling_off", requestAgainAt: "2026-12-26T18:05:00.000Z" });
    expect(accessPanelMessage(state)).toBe(`${DEAL_ROOM_MESSAGES.coolingOff} Podrás hacerlo a partir del 26 de diciembre de 2026.`);
  });

  it("cooling off without a date still explains", () => {
    expect(accessPanelMessage(accessPanelState(blocked("cooling_off"), false))).toBe(DEAL_ROOM_MESSAGES.coolingOff);
  });

  it("a pending request: when it was sent (Mexico City's calendar) and that it waits", () => {
    // 02:00 UTC on the 27th is still the 26th in Mexico City.
    const state = accessPanelState(blocked("open_request", { request: request({ created_at: "2026-11-27T02:00:00.000Z" }) }), false);
    expect(state).toEqual({ kind: "pending", requestId: 7, sentAt: "2026-11-27T02:00:00.000Z" });
    expect(accessPanelMessage(state)).toBe("Solicitud enviada el 26 de noviembre de 2026, en espera de respuesta.");
  });

  it("an approved request with the NDA in force leads to the conversation", () => {
    expect(accessPanelState(blocked("open_request", { request: request({ status: "approved" }) }), true)).toEqual({ kind: "approved", requestId: 7 });
  });

  it("an approved request past its end (no full profile, NDA in force) says the access ended and offers no new request (decision 050)", () => {
    const state = accessPanelState(blocked("open_request", { request: request({ status: "approved" }) }), false);
    expect(state).toEqual({ kind: "lapsed", requestId: 7 });
    expect(accessPanelMessage(state)).toContain("terminó");
    expect(accessPanelMessage(state)).toContain("no puedes solicitar acceso de nuevo");
  });

  it("an approved request whose NDA changed asks to accept the new version (the contract's sentence)", () => {
    const state = accessPanelState(blocked("open_request", { request: request({ status: "approved", nda_current: false, nda_version: "2026-01" }) }), false);
    expect(state).toEqual({ kind: "nda_outdated", requestId: 7, acceptedVersion: "2026-01" });
    expect(accessPanelMessage(state)).toBe(DEAL_ROOM_MESSAGES.ndaOutdated);
  });

  it("an open request the answer does not describe falls back to the contract's sentence", () => {
    const state = accessPanelState(blocked("open_request"), false);
    expect(state).toEqual({ kind: "open_request" });
    expect(accessPanelMessage(state)).toBe(DEAL_ROOM_MESSAGES.openRequest);
  });
});
