import { useId } from "react";
import { Disclosure } from "./ui/Disclosure.tsx";
import { Table, type TableColumn } from "./ui/Table.tsx";
import { CHART, formatCount, seriesPlaces, weekLabel, weeklyChartLayout, type ChartWeek } from "./weekly-chart.ts";
import * as styles from "./WeeklyBarChart.css.ts";

export type { ChartWeek };

export interface WeeklyBarChartProps {
  /** Names the figure, the image and the data table. */
  readonly title: string;
  /** The series' names, in the order of each week's `values` (at most 3). */
  readonly series: ReadonlyArray<string>;
  readonly weeks: ReadonlyArray<ChartWeek>;
  /** One sentence with what the chart shows (the image's description). */
  readonly summary: string;
  /** The title's heading level; the data table's toggle is one below. */
  readonly headingLevel?: 2 | 3;
}

const fillOf = (index: number): string => (index === 0 ? styles.seriesFill[0] : index === 1 ? styles.seriesFill[1] : styles.seriesFill[2]);

/** The data table's columns: the week names the row, then one column of figures per series. */
const dataColumns = (series: ReadonlyArray<string>): ReadonlyArray<TableColumn<ChartWeek>> => [
  { header: "Semana del", isRowHeader: true, cell: (week) => weekLabel(week.week_start, true) },
  ...series.map((name, index): TableColumn<ChartWeek> => ({ header: name, numeric: true, cell: (week) => formatCount(week.values[index] ?? 0) })),
];

/**
 * Weekly figures as grouped bars, drawn in SVG (no chart library): the
 * admin's sign-ups and listings, a seller's views, requests and opens. For
 * people who do not see it: the SVG is one image named by the title and
 * described by `summary`, and the numbers are in a table under 'Ver los
 * datos de la gráfica'. The series differ by place in each week (said in the
 * legend) and not only by colour.
 */
export function WeeklyBarChart({ title, series, weeks, summary, headingLevel = 3 }: WeeklyBarChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const layout = weeklyChartLayout(weeks, series.length);
  const places = seriesPlaces(series.length);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <figure className={styles.figure}>
      <figcaption>
        <Heading className={styles.title}>{title}</Heading>
      </figcaption>
      <ul className={styles.legend}>
        {series.map((name, index) => (
          <li key={name}>
            <span className={`${styles.swatch} ${fillOf(index)}`} aria-hidden="true" />
            {name}
            {places[index] ? ` (${places[index]})` : null}
          </li>
        ))}
      </ul>
      <svg className={styles.chart} viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{summary}</desc>
        <g aria-hidden="true">
          {layout.ticks.map((tick) => (
            <g key={tick.value}>
              <line className={styles.gridline} x1={CHART.left} x2={CHART.width - CHART.right} y1={tick.y} y2={tick.y} />
              <text className={styles.axisText} x={CHART.left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
                {formatCount(tick.value)}
              </text>
            </g>
          ))}
          {layout.weeks.map((week) => (
            <g key={week.label}>
              {week.bars.map((bar, index) => (
                <rect key={series[index] ?? index} className={fillOf(index)} x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
              ))}
              <text className={styles.axisText} x={week.center} y={layout.baseline + 18} textAnchor="middle">
                {week.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <Disclosure title="Ver los datos de la gráfica" defaultExpanded={false} level={headingLevel === 2 ? 3 : 4}>
        <Table caption={title} columns={dataColumns(series)} rows={weeks} rowKey={(week) => week.week_start} emptyMessage="Aún no hay semanas que mostrar." />
      </Disclosure>
    </figure>
  );
}
