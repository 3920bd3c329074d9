import { describe, expect, it } from "vitest";
import { TextPool } from "../../../server/marketplace/text-pool.ts";

// The search index keeps card descriptions in a TextPool (UTF-8 in one byte array).

describe("TextPool", () => {
  it("gives back each slot's text as set, through replacements, removals and repacks", () => {
    const pool = new TextPool();
    pool.grow(3_000);
    const expected: Array<string | null> = Array.from({ length: 3_000 }, () => null);
    const texts = ["Despacho contable en Puebla.", "Ñandú, café y piñas: 100 % mexicanas 🇲🇽.", "", "a".repeat(5_000), "Ü\u0301 \u200d ＮＵＢＥ"];
    // Enough writes to repack many times, each slot set, replaced or emptied in turn.
    for (let round = 0; round < 4; round += 1) {
      for (let slot = 0; slot < 3_000; slot += 1) {
        const text = (slot + round) % 7 === 0 ? null : `${texts[(slot * 3 + round) % texts.length]} #${slot}.${round}`;
        pool.set(slot, text);
        expected[slot] = text;
      }
    }
    expected.forEach((text, slot) => expect(pool.get(slot)).toBe(text));
  });

  it("keeps texts when it grows, and holds none after clear", () => {
    const pool = new TextPool();
    pool.grow(2);
    pool.set(0, "uno");
    pool.set(1, "dos");
    pool.grow(10);
    expect([pool.get(0), pool.get(1), pool.get(9)]).toEqual(["uno", "dos", null]);
    pool.clear();
    expect([pool.get(0), pool.get(1)]).toEqual([null, null]);
    pool.set(1, "tres");
    expect(pool.get(1)).toBe("tres");
  });
});
