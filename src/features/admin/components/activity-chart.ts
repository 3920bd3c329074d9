/**
 * The geometry and words of the weekly chart (./ActivityChart.tsx): where
 * each bar goes, the axis ticks, the week labels and the sentence that says
 * what the chart shows. Pure: unit tested in node
 * (tests/unit/admin/activity-chart.test.ts).
 */

export interface WeekActivity {
  /** Monday, YYYY-MM-DD (Mexico City's calendar). */
  readonly week_start: string;
  readonly sign_ups: number;
  readonly listings: number;
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

export interface Bar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly value: number;
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

/** Two bars per week side by side (sign-ups left, listings right), heights on a shared axis with 4 gridlines. */
export function chartLayout(weeks: ReadonlyArray<WeekActivity>): ChartLayout {
  const max = niceMax(Math.max(0, ...weeks.flatMap((week) => [week.sign_ups, week.listings])));
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const baseline = CHART.top + plotHeight;
  const slot = weeks.length === 0 ? plotWidth : plotWidth / weeks.length;
  const barWidth = slot * 0.34;
  const heightOf = (value: number) => (Math.max(0, value) / max) * plotHeight;
  const bar = (x: number, value: number): Bar => ({ x, y: baseline - heightOf(value), width: barWidth, height: heightOf(value), value });
  return {
    weeks: weeks.map((week, index) => {
      const center = CHART.left + slot * index + slot / 2;
      return {
        label: weekLabel(week.week_start),
        center,
        signUps: bar(center - barWidth - 1, week.sign_ups),
        listings: bar(center + 1, week.listings),
      };
    }),
    ticks: [0, 0.25, 0.5, 0.75, 1].map((share) => ({ value: max * share, y: baseline - plotHeight * share })),
    max,
    baseline,
  };
}

const plural = (count: number, one: string, many: string): string => `${count.toLocaleString("es-MX")} ${count === 1 ? one : many}`;

/** What the chart shows, in one sentence (its accessible description). */
export function chartSummary(weeks: ReadonlyArray<WeekActivity>): string {
  if (weeks.length === 0) return "Sin datos de actividad.";
  const signUps = weeks.reduce((sum, week) => sum + week.sign_ups, 0);
  const listings = weeks.reduce((sum, week) => sum + week.listings, 0);
  const first = weeks[0]?.week_start ?? "";
  const last = weeks[weeks.length - 1]?.week_start ?? "";
  return `Últimas ${weeks.length} semanas, desde la del ${weekLabel(first)} hasta la del ${weekLabel(last)}: ${plural(signUps, "registro de usuario", "registros de usuarios")} y ${plural(listings, "empresa nueva", "empresas nuevas")}.`;
}
