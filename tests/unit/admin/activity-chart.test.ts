import { describe, expect, it } from "vitest";
import { CHART, chartLayout, chartSummary, niceMax, weekLabel, type WeekActivity } from "../../../src/features/admin/components/activity-chart.ts";

const week = (week_start: string, sign_ups: number, listings: number): WeekActivity => ({ week_start, sign_ups, listings });

describe("the weekly chart (src/features/admin/components/activity-chart.ts)", () => {
  it("rounds the axis up to 1, 2 or 5 times a power of ten, at least 4", () => {
    expect([0, 3, 4, 5, 9, 10, 11, 19, 21, 49, 51, 999, 1001].map(niceMax)).toEqual([4, 4, 4, 5, 10, 10, 20, 20, 50, 50, 100, 1000, 2000]);
    expect(niceMax(Number.NaN)).toBe(4);
  });

  it("labels weeks by their Monday, as a calendar date", () => {
    expect(weekLabel("2025-12-15")).toBe("15 dic");
    expect(weekLabel("2026-03-02")).toBe("2 mar");
    expect(weekLabel("2026-03-02", true)).toBe("2 mar 2026");
  });

  it("puts two bars per week side by side on one axis, heights proportional to the values", () => {
    const layout = chartLayout([week("2026-02-23", 10, 5), week("2026-03-02", 0, 20)]);
    expect(layout.max).toBe(20);
    expect(layout.baseline).toBe(CHART.height - CHART.bottom);
    const plotHeight = CHART.height - CHART.top - CHART.bottom;
    const [first, second] = layout.weeks;
    expect(first?.signUps.height).toBeCloseTo(plotHeight / 2);
    expect(first?.listings.height).toBeCloseTo(plotHeight / 4);
    expect(second?.signUps.height).toBe(0);
    expect(second?.listings.height).toBeCloseTo(plotHeight);
    expect(second?.listings.y).toBeCloseTo(CHART.top);
    // Sign-ups left of the week's centre, listings right of it; weeks left to right, inside the plot.
    expect((first?.signUps.x ?? 0) + (first?.signUps.width ?? 0)).toBeLessThan(first?.center ?? 0);
    expect(first?.listings.x).toBeGreaterThan(first?.center ?? 0);
    expect(first?.center).toBeLessThan(second?.center ?? 0);
    expect(first?.signUps.x).toBeGreaterThanOrEqual(CHART.left);
    expect((second?.listings.x ?? 0) + (second?.listings.width ?? 0)).toBeLessThanOrEqual(CHART.width - CHART.right);
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 5, 10, 15, 20]);
  });

  it("draws an empty series flat on a 0–4 axis", () => {
    const layout = chartLayout([week("2026-03-02", 0, 0)]);
    expect(layout.max).toBe(4);
    expect(layout.weeks[0]?.signUps.height).toBe(0);
  });

  it("says what it shows in one sentence, for people who do not see it", () => {
    expect(chartSummary([week("2025-12-15", 3, 1), week("2025-12-22", 2, 0), week("2026-03-02", 1, 0)])).toBe(
      "Últimas 3 semanas, desde la del 15 dic hasta la del 2 mar: 6 registros de usuarios y 1 empresa nueva.",
    );
    expect(chartSummary([week("2026-03-02", 1, 2)])).toBe("Últimas 1 semanas, desde la del 2 mar hasta la del 2 mar: 1 registro de usuario y 2 empresas nuevas.");
    expect(chartSummary([])).toBe("Sin datos de actividad.");
  });
});
