import { describe, expect, it } from "vitest";
import { DEAL_ROOM_MESSAGES } from "../../../contracts/deal-room.ts";
import {
  accessEndButtonLabel,
  accessEndDialogText,
  accessEndFieldErrors,
  approvalBody,
  extensionBody,
} from "../../../src/features/deal-room/components/access-end-form.ts";
import { ApiError } from "../../../src/lib/api-client.ts";

const buyer = { name: "Mauricio Garza" };
// The end of 31 December 2026 in Mexico City (UTC-6): the next midnight there.
const ENDS_AT = "2027-01-01T06:00:00.000Z";

describe("the approve dialog's optional last day", () => {
  it("empty (or blanks): the approval alone, the access does not end", () => {
    expect(approvalBody({ access_ends_on: "" })).toEqual({ ok: true, value: { status: "approved" } });
    expect(approvalBody({ access_ends_on: "  " })).toEqual({ ok: true, value: { status: "approved" } });
  });

  it("a day that exists goes with the approval", () => {
    expect(approvalBody({ access_ends_on: "2026-12-31" })).toEqual({ ok: true, value: { status: "approved", access_ends_on: "2026-12-31" } });
  });

  it("a day that does not exist, or is no day, is refused under the field with the contract's message", () => {
    for (const typed of ["2026-02-30", "31/12/2026", "2026-12-31T00:00"]) {
      expect(approvalBody({ access_ends_on: typed })).toEqual({ ok: false, errors: { access_ends_on: DEAL_ROOM_MESSAGES.accessEndsInvalid } });
    }
  });
});

describe("the extension's new day", () => {
  it("is required: an empty field is refused with the contract's message", () => {
    expect(extensionBody({ access_ends_on: "" })).toEqual({ ok: false, errors: { access_ends_on: DEAL_ROOM_MESSAGES.accessEndsInvalid } });
  });

  it("a day that exists is the body", () => {
    expect(extensionBody({ access_ends_on: "2027-06-30" })).toEqual({ ok: true, value: { access_ends_on: "2027-06-30" } });
  });
});

describe("the server's refusals of the day", () => {
  it("are said under the field", () => {
    for (const message of [DEAL_ROOM_MESSAGES.accessEndsPast, DEAL_ROOM_MESSAGES.accessEndsNotLater, DEAL_ROOM_MESSAGES.accessEndsInvalid]) {
      expect(accessEndFieldErrors(new ApiError(400, message))).toEqual({ access_ends_on: message });
    }
  });

  it("anything else is left to the toast", () => {
    expect(accessEndFieldErrors(new ApiError(409, DEAL_ROOM_MESSAGES.accessEndNotAllowed))).toBeNull();
    expect(accessEndFieldErrors(new ApiError(400, "Otra cosa."))).toBeNull();
    expect(accessEndFieldErrors(new ApiError(429, DEAL_ROOM_MESSAGES.tooManyDecisions))).toBeNull();
  });
});

describe("the 'Extender acceso' dialog, by where the access stands", () => {
  it("an approval with an end: its last day, later days only, and the end can be removed", () => {
    const request = { buyer, access_ends_at: ENDS_AT, access_lapsed: false };
    expect(accessEndButtonLabel(request)).toBe("Extender acceso");
    const text = accessEndDialogText(request);
    expect(text.title).toBe("¿Extender el acceso de Mauricio Garza?");
    expect(text.body).toContain("tiene acceso hasta el 31 de diciembre de 2026");
    expect(text.fieldHelp).toContain("posterior al 31 de diciembre de 2026");
    expect(text.canRemove).toBe(true);
  });

  it("a lapsed approval: when it ended, and that a new day restores it at once", () => {
    const text = accessEndDialogText({ buyer, access_ends_at: ENDS_AT, access_lapsed: true });
    expect(text.body).toContain("terminó el 31 de diciembre de 2026");
    expect(text.body).toContain("recupera de inmediato");
    expect(text.fieldHelp).toContain("posterior a hoy");
    expect(text.canRemove).toBe(true);
  });

  it("an approval without an end: a first end is set, nothing to remove", () => {
    const request = { buyer, access_ends_at: null, access_lapsed: false };
    expect(accessEndButtonLabel(request)).toBe("Fijar fecha de término");
    const text = accessEndDialogText(request);
    expect(text.body).toContain("no termina");
    expect(text.canRemove).toBe(false);
  });
});
