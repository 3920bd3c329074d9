import { describe, expect, it } from "vitest";
import { formatAmountText, stripThousands } from "../../../machines/valuation/selectors.ts";
import { caretAfterValueChars, valueCharsBefore } from "../../../src/features/valuation/components/caret.ts";

/** What the amount input does on a keystroke: the caret's place in the text shown after it reformats. */
function typeAt(shown: string, caret: number, key: string): { shown: string; caret: number } {
  const typed = shown.slice(0, caret) + key + shown.slice(caret);
  const next = formatAmountText(stripThousands(typed));
  return { shown: next, caret: caretAfterValueChars(next, valueCharsBefore(typed, caret + key.length)) };
}

describe("the amount input keeps the caret where the person types", () => {
  it("typing at the end stays at the end as commas appear", () => {
    expect(typeAt("123", 3, "4")).toEqual({ shown: "1,234", caret: 5 });
    expect(typeAt("999,999", 7, "9")).toEqual({ shown: "9,999,999", caret: 9 });
  });

  it("typing in the middle stays after the typed digit, across a new comma", () => {
    // "1,234" with the caret after "1": typing 0 gives "10,234" with the caret after "10".
    expect(typeAt("1,234", 1, "0")).toEqual({ shown: "10,234", caret: 2 });
    // Caret after the comma of "1,234": the 0 lands before "234", the caret right after it.
    expect(typeAt("1,234", 2, "0")).toEqual({ shown: "10,234", caret: 2 });
  });

  it("a refused letter is not counted: the caret stays where it was", () => {
    const typed = "12a3";
    expect(caretAfterValueChars("123", valueCharsBefore(typed, 3))).toBe(2);
  });

  it("deleting a comma's neighbour keeps the caret by the same digits", () => {
    // "12,345" with the caret after "12," and Backspace removing the comma: "12345" → "12,345", caret after "2".
    expect(caretAfterValueChars("12,345", valueCharsBefore("12345", 2))).toBe(2);
  });

  it("the start and past the end", () => {
    expect(caretAfterValueChars("1,234", 0)).toBe(0);
    expect(caretAfterValueChars("1,234", 9)).toBe(5);
  });
});
