import { describe, expect, it } from "vitest";
import { communityFigures, counterText } from "../../../src/features/public-site/components/community-counters.ts";
import { COMMUNITY_STATS } from "../../../src/features/public-site/components/content.ts";

describe("the home page's counters (src/features/public-site/components/community-counters.ts)", () => {
  it("keeps the floor until the real count is higher, then shows the count in es-MX", () => {
    expect(counterText("100+", 100, undefined)).toBe("100+");
    expect(counterText("100+", 100, 0)).toBe("100+");
    expect(counterText("100+", 100, 100)).toBe("100+");
    expect(counterText("100+", 100, 101)).toBe("101");
    expect(counterText("20+", 20, 1234)).toBe("1,234");
    expect(counterText("20+", 20, Number.NaN)).toBe("20+");
  });

  it("shows the floors while the records are unknown (loading, slow or failed), the fixed figures always as written", () => {
    expect(communityFigures(COMMUNITY_STATS, undefined).map((stat) => stat.value)).toEqual(["600", "250+", "100+", "20+", "1,000+"]);
  });

  it("puts each record on its own figure", () => {
    const figures = communityFigures(COMMUNITY_STATS, { connections: 2500, letters_of_intent: 7 });
    expect(figures.find((stat) => stat.label === "conexiones realizadas")?.value).toBe("2,500");
    expect(figures.find((stat) => stat.label === "cartas de intención enviadas")?.value).toBe("20+");
    expect(figures.find((stat) => stat.label === "empresas registradas")?.value).toBe("250+");
  });
});
