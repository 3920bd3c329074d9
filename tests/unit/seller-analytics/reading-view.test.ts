import { describe, expect, it } from "vitest";
import { buyerBars, buyersText, chartAudience, documentBars, formatReadingTime, pagesSeenText } from "../../../src/features/seller-analytics/components/reading-view.ts";

describe("the reading section's words and bars (src/features/seller-analytics/components/reading-view.ts)", () => {
  it("says reading times as a person does", () => {
    expect(formatReadingTime(0)).toBe("0 s");
    expect(formatReadingTime(45)).toBe("45 s");
    expect(formatReadingTime(60)).toBe("1 min");
    expect(formatReadingTime(80)).toBe("1 min 20 s");
    expect(formatReadingTime(250)).toBe("4 min 10 s");
    expect(formatReadingTime(3600)).toBe("1 h");
    expect(formatReadingTime(3725)).toBe("1 h 2 min");
    expect(formatReadingTime(-3)).toBe("0 s");
  });

  it("counts pages out of the document's, and buyers in Spanish", () => {
    expect(pagesSeenText(3, 12)).toBe("3 de 12");
    expect(pagesSeenText(2, null)).toBe("2");
    expect(buyersText(0)).toBe("ningún comprador");
    expect(buyersText(1)).toBe("1 comprador");
    expect(buyersText(2)).toBe("2 compradores");
  });

  it("draws every page of a document against its longest page, each bar with its sentence", () => {
    const bars = documentBars({
      pages: [
        { page: 1, seconds: 40, readers: 2 },
        { page: 2, seconds: 80, readers: 1 },
        { page: 3, seconds: 0, readers: 0 },
      ],
    });
    expect(bars.map((bar) => bar.percent)).toEqual([50, 100, 0]);
    expect(bars.map((bar) => bar.seen)).toEqual([true, true, false]);
    expect(bars.map((bar) => bar.label)).toEqual(["Página 1: 40 s, 2 compradores", "Página 2: 1 min 20 s, 1 comprador", "Página 3: 0 s, ningún comprador"]);
    expect(documentBars({ pages: [{ page: 1, seconds: 0, readers: 1 }] })[0]?.percent).toBe(0);
  });

  it("draws one buyer's pages over the whole document, the pages they never saw said so", () => {
    const document = { page_count: 4, pages: [1, 2, 3, 4].map((page) => ({ page, seconds: 0, readers: 0 })) };
    const bars = buyerBars(document, {
      pages: [
        { page: 2, seconds: 30 },
        { page: 3, seconds: 0 },
      ],
    });
    expect(bars.map((bar) => [bar.page, bar.seconds, bar.percent])).toEqual([
      [1, 0, 0],
      [2, 30, 100],
      [3, 0, 0],
      [4, 0, 0],
    ]);
    expect(bars.map((bar) => bar.seen)).toEqual([false, true, true, false]);
    expect(bars.map((bar) => bar.label)).toEqual(["Página 1: sin ver", "Página 2: 30 s", "Página 3: 0 s", "Página 4: sin ver"]);
    // Without a page count: up to the last page seen.
    expect(buyerBars({ page_count: null, pages: [] }, { pages: [{ page: 2, seconds: 5 }] }).map((bar) => bar.page)).toEqual([1, 2]);
  });

  it("says whose reading the chart shows", () => {
    expect(chartAudience(null)).toBe("todos los compradores");
    expect(chartAudience("Ana")).toBe("Ana");
  });
});
