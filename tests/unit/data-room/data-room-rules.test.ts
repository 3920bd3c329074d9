import { describe, expect, it } from "vitest";
import { DATA_ROOM_MESSAGES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "../../../contracts/data-room.ts";
import {
  cifIssueDateError,
  formatFileDate,
  formatViewedAt,
  monthsBefore,
  selectionError,
  todayInMexico,
  viewCountLabel,
} from "../../../src/features/data-room/components/data-room-rules.ts";

const sized = (size: number) => ({ size });

describe("what the data room refuses before sending (spec section 5)", () => {
  it("lets files up to exactly 5 MB go", () => {
    expect(selectionError([sized(1), sized(MAX_UPLOAD_BYTES)])).toBeNull();
  });

  it("refuses a selection with one file a byte over 5 MB, with the spec's message", () => {
    expect(selectionError([sized(10), sized(MAX_UPLOAD_BYTES + 1)])).toBe("El archivo excede los 5MB.");
  });

  it("refuses an empty selection and more files than one upload takes", () => {
    expect(selectionError([])).toBe(DATA_ROOM_MESSAGES.noFile);
    expect(selectionError(Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => sized(1)))).toBe(DATA_ROOM_MESSAGES.tooManyFiles);
    expect(selectionError(Array.from({ length: MAX_FILES_PER_UPLOAD }, () => sized(1)))).toBeNull();
  });
});

describe("the CIF's issue date: at most 3 months old (spec section 3)", () => {
  const today = "2026-05-20";

  it("accepts today and exactly three months ago", () => {
    expect(cifIssueDateError("2026-05-20", today)).toBeNull();
    expect(cifIssueDateError("2026-02-20", today)).toBeNull();
  });

  it("refuses a day older than three months with the contract's message", () => {
    expect(cifIssueDateError("2026-02-19", today)).toBe(DATA_ROOM_MESSAGES.cifTooOld);
    expect(cifIssueDateError("2025-05-20", today)).toBe(DATA_ROOM_MESSAGES.cifTooOld);
  });

  it("refuses a day after today", () => {
    expect(cifIssueDateError("2026-05-21", today)).toBe(DATA_ROOM_MESSAGES.cifInFuture);
  });

  it("asks for the date when it is missing or not a calendar day", () => {
    expect(cifIssueDateError("", today)).toBe(DATA_ROOM_MESSAGES.cifIssuedOnRequired);
    expect(cifIssueDateError("2026-02-30", today)).toBe(DATA_ROOM_MESSAGES.cifIssuedOnRequired);
    expect(cifIssueDateError("20/05/2026", today)).toBe(DATA_ROOM_MESSAGES.cifIssuedOnRequired);
  });

  it("counts calendar months: the 31st three months back is the month's last day, across the year", () => {
    expect(monthsBefore("2026-05-31", 3)).toBe("2026-02-28");
    expect(monthsBefore("2024-05-31", 3)).toBe("2024-02-29");
    expect(monthsBefore("2026-01-15", 3)).toBe("2025-10-15");
  });

  it("today is Mexico City's day, not UTC's", () => {
    // 03:00 UTC on the 21st is still the evening of the 20th in Mexico City.
    expect(todayInMexico(new Date("2026-05-21T03:00:00.000Z"))).toBe("2026-05-20");
  });
});

describe("a file row in es-MX", () => {
  it("says 'vista' for one view and 'vistas' otherwise", () => {
    expect(viewCountLabel(0)).toBe("0 vistas");
    expect(viewCountLabel(1)).toBe("1 vista");
    expect(viewCountLabel(2)).toBe("2 vistas");
    expect(viewCountLabel(1200)).toBe("1,200 vistas");
  });

  it("dates are Mexico City's calendar day; an open shows its time", () => {
    expect(formatFileDate("2026-02-15T02:00:00.000Z")).toBe("14 feb 2026");
    expect(formatViewedAt("2026-02-15T18:30:00.000Z")).toMatch(/^15 feb 2026, 12:30/);
    expect(formatFileDate("pendiente")).toBe("pendiente");
  });
});
