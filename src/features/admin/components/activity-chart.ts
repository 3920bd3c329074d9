/**
 * The admin's weekly chart (./ActivityChart.tsx): sign-ups and new listings,
 * drawn by the shared weekly chart (src/components/weekly-chart.ts), and the
 * sentence that says what it shows. Pure: unit tested in node
 * (tests/unit/admin/activity-chart.test.ts).
 */
import { countOf, weekSpan, weeklyChartLayout, type Bar, type ChartWeek } from "../../../components/weekly-chart.ts";

export { CHART, niceMax, weekLabel, type Bar } from "../../../components/weekly-chart.ts";

export interface WeekActivity {
  /** Monday, YYYY-MM-DD (Mexico City's calendar). */
  readonly week_start: string;
  readonly sign_ups: number;
  readonly listings: number;
}

export interface ChartLayout {
  readonly weeks: ReadonlyArray<{ readonly label: string; readonly center: number; readonly signUps: Bar; readonly listings: Bar }>;
  /** Gridlines: value and height on the chart. */
  readonly ticks: ReadonlyArray<{ readonly value: number; readonly y: number }>;
  /** The value at the top of the axis. */
  readonly max: number;
  /** Where the bars stand. */
  readonly baseline: number;
}

/** The chart's series, in the order of `chartWeeks`' values. */
export const toChartWeeks = (weeks: ReadonlyArray<WeekActivity>): ReadonlyArray<ChartWeek> =>
  weeks.map((week) => ({ week_start: week.week_start, values: [week.sign_ups, week.listings] }));

const NO_BAR: Bar = { x: 0, y: 0, width: 0, height: 0, value: 0 };

/** Two bars per week side by side (sign-ups left, listings right), heights on a shared axis with 4 gridlines. */
export function chartLayout(weeks: ReadonlyArray<WeekActivity>): ChartLayout {
  const layout = weeklyChartLayout(toChartWeeks(weeks), 2);
  return {
    ...layout,
    weeks: layout.weeks.map(({ label, center, bars }) => ({ label, center, signUps: bars[0] ?? NO_BAR, listings: bars[1] ?? NO_BAR })),
  };
}

/** What the chart shows, in one sentence (its accessible description). */
export function chartSummary(weeks: ReadonlyArray<WeekActivity>): string {
  const span = weekSpan(weeks);
  if (span === null) return "Sin datos de actividad.";
  const signUps = weeks.reduce((sum, week) => sum + week.sign_ups, 0);
  const listings = weeks.reduce((sum, week) => sum + week.listings, 0);
  return `${span}: ${countOf(signUps, "registro de usuario", "registros de usuarios")} y ${countOf(listings, "empresa nueva", "empresas nuevas")}.`;
}
