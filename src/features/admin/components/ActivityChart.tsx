import { useId } from "react";
import type { Kpis } from "../../../../contracts/admin.ts";
import { Disclosure } from "../../../components/ui/Disclosure.tsx";
import { CHART, chartLayout, chartSummary, weekLabel } from "./activity-chart.ts";
import { formatCount } from "./admin-rows.ts";
import * as styles from "./AdminDashboard.css.ts";

export const CHART_TITLE = "Registros y empresas nuevas por semana";
const SERIES = { signUps: "Registros de usuarios", listings: "Empresas nuevas" } as const;

/**
 * Sign-ups and new listings per week as grouped bars, drawn in SVG (no chart
 * library). For people who do not see it: the SVG is one image named by the
 * title and described by a sentence with the totals, and the numbers are in
 * a table under 'Ver los datos de la gráfica'. The two series differ by
 * place (left and right in each week) and the legend, not only by colour.
 */
export function ActivityChart({ weekly }: { readonly weekly: Kpis["weekly"] }) {
  const titleId = useId();
  const descriptionId = useId();
  const layout = chartLayout(weekly);
  return (
    <figure className={styles.chartFigure}>
      <figcaption>
        <h3 className={styles.chartTitle}>{CHART_TITLE}</h3>
      </figcaption>
      <ul className={styles.legend}>
        <li>
          <span className={`${styles.swatch} ${styles.signUpsFill}`} aria-hidden="true" />
          {SERIES.signUps} (izquierda)
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.listingsFill}`} aria-hidden="true" />
          {SERIES.listings} (derecha)
        </li>
      </ul>
      <svg className={styles.chart} viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
        <title id={titleId}>{CHART_TITLE}</title>
        <desc id={descriptionId}>{chartSummary(weekly)}</desc>
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
              <rect className={styles.signUpsFill} x={week.signUps.x} y={week.signUps.y} width={week.signUps.width} height={week.signUps.height} />
              <rect className={styles.listingsFill} x={week.listings.x} y={week.listings.y} width={week.listings.width} height={week.listings.height} />
              <text className={styles.axisText} x={week.center} y={layout.baseline + 18} textAnchor="middle">
                {week.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <Disclosure title="Ver los datos de la gráfica" defaultExpanded={false} level={4}>
        <table className={styles.table}>
          <caption className={styles.caption}>{CHART_TITLE}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.headerCell}>
                Semana del
              </th>
              <th scope="col" className={styles.numberHeader}>
                {SERIES.signUps}
              </th>
              <th scope="col" className={styles.numberHeader}>
                {SERIES.listings}
              </th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((week) => (
              <tr key={week.week_start}>
                <th scope="row" className={styles.rowHeader}>
                  {weekLabel(week.week_start, true)}
                </th>
                <td className={styles.numberCell}>{formatCount(week.sign_ups)}</td>
                <td className={styles.numberCell}>{formatCount(week.listings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Disclosure>
    </figure>
  );
}
