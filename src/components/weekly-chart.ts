/**
 * The geometry and words of a weekly bar chart (./WeeklyBarChart.tsx): one
 * group of bars per week (one bar per series, side by side), the axis ticks,
 * the week labels and where each series sits in its group (said in the
 * legend, so the series are told apart by place and not only by colour).
 * Pure: unit tested in node (tests/unit/components/weekly-chart.test.ts).
 */

/** One week of the chart: its Monday and one value per series, in the series' order. */
export interface ChartWeek {
  /** Monday, YYYY-MM-DD (Mexico City's calendar). */
  readonly week_start: string;
  readonly values: ReadonlyArray<number>;
}

export const CHART = {
  width: 640,
  height: 240,
  /** Room for the y-axis numbers on the left and the week labels below. */
  left: 40,
  right: 8,
  top: 12,
  bottom: 32,
} as const;

/** The most series a chart draws: beyond three the bars get too thin to read. */
export const MAX_SERIES = 3;

/** Share of a week's slot the group of bars takes (the rest is the space between weeks). */
const GROUP_SHARE = 0.68;
/** Space between two bars of a group, in chart units. */
const BAR_GAP = 2;

export interface Bar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly value: number;
}

export interface WeekBars {
  readonly label: string;
  readonly center: number;
  /** One bar per series, left to right in the series' order. */
  readonly bars: ReadonlyArray<Bar>;
}

export interface WeeklyChartLayout {
  readonly weeks: ReadonlyArray<WeekBars>;
  /** Gridlines: value and height on the chart. */
  readonly ticks: ReadonlyArray<{ readonly value: number; readonly y: number }>;
  /** The value at the top of the axis. */
  readonly max: number;
  /** Where the bars stand. */
  readonly baseline: number;
}

/** The axis top: the smallest of 1, 2, 5 × 10ⁿ (at least 4) that holds `value`, so the ticks are round numbers. */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"] as const;

/** "15 dic" ("15 dic 2025" with the year): the Monday a week starts, read as a calendar date (no time zone moves it). */
export function weekLabel(weekStart: string, withYear = false): string {
  const [year = 0, month = 1, day = 1] = weekStart.split("-").map(Number);
  const label = `${day} ${MONTHS[month - 1] ?? ""}`;
  return withYear ? `${label} ${year}` : label;
}

/**
 * `seriesCount` bars per week side by side, heights on a shared axis with 4
 * gridlines. A missing value draws as 0.
 */
export function weeklyChartLayout(weeks: ReadonlyArray<ChartWeek>, seriesCount: number): WeeklyChartLayout {
  const count = Math.min(Math.max(1, Math.floor(seriesCount)), MAX_SERIES);
  const max = niceMax(Math.max(0, ...weeks.flatMap((week) => week.values.slice(0, count))));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const baseline = CHART.top + plotHeight;
  const slot = weeks.length === 0 ? plotWidth : plotWidth / weeks.length;
  const barWidth = (slot * GROUP_SHARE) / count;
  const groupWidth = count * barWidth + (count - 1) * BAR_GAP;
  const heightOf = (value: number) => (Math.max(0, value) / max) * plotHeight;
  return {
    weeks: weeks.map((week, index) => {
      const center = CHART.left + slot * index + slot / 2;
      const start = center - groupWidth / 2;
      return {
        label: weekLabel(week.week_start),
        center,
        bars: Array.from({ length: count }, (_, series) => {
          const value = week.values[series] ?? 0;
          return { x: start + series * (barWidth + BAR_GAP), y: baseline - heightOf(value), width: barWidth, height: heightOf(value), value };
        }),
      };
    }),
    ticks: [0, 0.25, 0.5, 0.75, 1].map((share) => ({ value: max * share, y: baseline - plotHeight * share })),
    max,
    baseline,
  };
}

/** Where each series' bar sits in its week's group, for the legend: "izquierda", "centro", "derecha". */
export function seriesPlaces(seriesCount: number): ReadonlyArray<string> {
  if (seriesCount <= 1) return [""];
  if (seriesCount === 2) return ["izquierda", "derecha"];
  return ["izquierda", "centro", "derecha"];
}

/** "Últimas 12 semanas, desde la del 15 dic hasta la del 2 mar", or null without weeks: the start of a chart's description. */
export function weekSpan(weeks: ReadonlyArray<{ readonly week_start: string }>): string | null {
  const first = weeks[0]?.week_start;
  const last = weeks[weeks.length - 1]?.week_start;
  if (first === undefined || last === undefined) return null;
  return `Últimas ${weeks.length} semanas, desde la del ${weekLabel(first)} hasta la del ${weekLabel(last)}`;
}

const integer = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });

/** A figure as the charts and tables show it: es-MX digits ("1,234"). */
export const formatCount = (value: number): string => integer.format(value);

/** "1 registro", "1,234 registros": a count with its noun. */
export const countOf = (count: number, one: string, many: string): string => `${formatCount(count)} ${count === 1 ? one : many}`;
