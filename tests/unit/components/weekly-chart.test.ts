import { describe, expect, it } from "vitest";
import { CHART, countOf, MAX_SERIES, seriesPlaces, weekSpan, weeklyChartLayout, type ChartWeek } from "../../../src/components/weekly-chart.ts";

const week = (week_start: string, ...values: number[]): ChartWeek => ({ week_start, values });
const plotHeight = CHART.height - CHART.top - CHART.bottom;

describe("the shared weekly chart (src/components/weekly-chart.ts)", () => {
  it("draws three series side by side in each week, left to right, inside the week's slot", () => {
    const layout = weeklyChartLayout([week("2026-02-23", 10, 5, 2), week("2026-03-02", 0, 20, 8)], 3);
    expect(layout.max).toBe(20);
    const [first, second] = layout.weeks;
    expect(first?.bars.map((bar) => bar.value)).toEqual([10, 5, 2]);
    expect(first?.bars[0]?.height).toBeCloseTo(plotHeight / 2);
    expect(second?.bars[1]?.height).toBeCloseTo(plotHeight);
    expect(second?.bars[0]?.height).toBe(0);
    for (const group of layout.weeks) {
      const [left, middle, right] = group.bars;
      // Left of centre, around it, right of it; no overlap.
      expect((left?.x ?? 0) + (left?.width ?? 0)).toBeLessThan(middle?.x ?? 0);
      expect(middle?.x ?? 0).toBeLessThan(group.center);
      expect((middle?.x ?? 0) + (middle?.width ?? 0)).toBeGreaterThan(group.center);
      expect((middle?.x ?? 0) + (middle?.width ?? 0)).toBeLessThan(right?.x ?? 0);
    }
    // The groups stay apart: the last bar of a week ends before the next week's first bar.
    expect((first?.bars[2]?.x ?? 0) + (first?.bars[2]?.width ?? 0)).toBeLessThan(second?.bars[0]?.x ?? 0);
    expect(second?.bars[2]?.x ?? 0).toBeLessThanOrEqual(CHART.width - CHART.right);
  });

  it("centres twelve weeks of three bars on the plot, every value on one axis", () => {
    const weeks = Array.from({ length: 12 }, (_, index) => week(`2026-01-${String(5 + index).padStart(2, "0")}`, index, 0, 1));
    const layout = weeklyChartLayout(weeks, 3);
    expect(layout.weeks).toHaveLength(12);
    expect(layout.max).toBe(20);
    expect(layout.weeks[0]?.bars[0]?.x).toBeGreaterThanOrEqual(CHART.left);
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 5, 10, 15, 20]);
  });

  it("draws a missing value as 0, and never more series than it can show", () => {
    const layout = weeklyChartLayout([week("2026-03-02", 3)], 2);
    expect(layout.weeks[0]?.bars.map((bar) => bar.value)).toEqual([3, 0]);
    expect(weeklyChartLayout([week("2026-03-02", 1, 2, 3, 4)], 4).weeks[0]?.bars).toHaveLength(MAX_SERIES);
  });

  it("names each series' place for the legend, so colour is not the only cue", () => {
    expect(seriesPlaces(2)).toEqual(["izquierda", "derecha"]);
    expect(seriesPlaces(3)).toEqual(["izquierda", "centro", "derecha"]);
  });

  it("says the span of weeks and counts with their nouns", () => {
    expect(weekSpan([week("2025-12-15"), week("2026-03-02")])).toBe("Últimas 2 semanas, desde la del 15 dic hasta la del 2 mar");
    expect(weekSpan([])).toBeNull();
    expect(countOf(1, "vista", "vistas")).toBe("1 vista");
    expect(countOf(1234, "vista", "vistas")).toBe("1,234 vistas");
  });
});
