import type { JSX } from "react";
import type { ValuationResultView } from "../../../../machines/valuation/selectors.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { formatMxn } from "../../../../content/format.ts";
import { SERVICE_PRICES } from "../../../../content/services.ts";
import * as styles from "./ValuationWizard.css.ts";

export const RESULT_COPY = {
  valuationLabel: "Valuación estimada",
  rangeLabel: "Rango",
  multipleLabel: "Múltiplo",
  industryLabel: "Industria",
  rangeTitle: "Cómo leer tu resultado",
  method: "Cómo calculamos tu valuación",
  newTab: "(se abre en una pestaña nueva)",
  servicesTitle: "¿Necesitas una valuación para negociar?",
  assumptionsTitle: "Lo que supusimos",
  contact: "Solicita una valuación",
} as const;

const CURRENCY_NAMES = { MXN: "pesos mexicanos (MXN)", USD: "dólares estadounidenses (USD)" } as const;

/**
 * Step 5 (spec sections 4 and 9): the valuation (p50), the range (p10 – p90)
 * and the multiple, in millions with two decimals and the multiple with one,
 * in the location's currency; the range in plain words, the method one click
 * away, and the paid valuations (spec section 1) through /contacto.
 */
export function ValuationResult({ result }: { readonly result: ValuationResultView }): JSX.Element {
  return (
    <>
      <div className={styles.figure}>
        <p className={styles.figureLabel}>{RESULT_COPY.valuationLabel}</p>
        <p className={styles.figureValue}>{result.valuation}</p>
      </div>
      <dl className={styles.summary}>
        {[
          { label: RESULT_COPY.rangeLabel, value: result.range },
          { label: RESULT_COPY.multipleLabel, value: `${result.multiple} ${result.multipleBasis}` },
          { label: RESULT_COPY.industryLabel, value: result.industryName },
        ].map((row) => (
          <div key={row.label} className={styles.summaryRow}>
            <dt className={styles.summaryLabel}>{row.label}</dt>
            <dd className={styles.summaryValue}>{row.value}</dd>
          </div>
        ))}
      </dl>

      {result.assumptions.length > 0 ? (
        <section className={styles.section} aria-labelledby="valuation-assumptions-title">
          <h2 id="valuation-assumptions-title" className={styles.h2}>
            {RESULT_COPY.assumptionsTitle}
          </h2>
          <ul>
            {result.assumptions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="valuation-range-title">
        <h2 id="valuation-range-title" className={styles.h2}>
          {RESULT_COPY.rangeTitle}
        </h2>
        <p>
          Simulamos 1,000 escenarios para tu empresa. {result.rangeInWords} La valuación estimada es el escenario de en medio: la
          mitad de los escenarios queda por arriba y la otra mitad por debajo. Las cifras están en {CURRENCY_NAMES[result.currency]}.
        </p>
        <p>
          Lo que más mueve el resultado es tu EBITDA, que se multiplica por un múltiplo que depende del tamaño de tu empresa y de
          tu industria; después, el riesgo del país donde operas y el crecimiento que esperas. Un margen más alto o un crecimiento
          sostenido lo suben; más riesgo lo baja. Es una referencia: no revisa tus estados financieros, tus deudas ni tu caja.
        </p>
        <p>
          <Link href="/valuacion-gratuita/metodologia" isExternal>
            {RESULT_COPY.method} <span className={styles.quiet}>{RESULT_COPY.newTab}</span>
          </Link>
        </p>
      </section>

      <section className={styles.offer} aria-labelledby="valuation-services-title">
        <h2 id="valuation-services-title" className={styles.h2}>
          {RESULT_COPY.servicesTitle}
        </h2>
        <p>Para vender, levantar capital o negociar con un socio, nuestro equipo prepara una valuación con tus números reales.</p>
        <ul className={styles.offerList}>
          <li>
            <strong>Valuación simplificada:</strong> {formatMxn(SERVICE_PRICES.simplifiedValuation)} MXN + IVA.
          </li>
          <li>
            <strong>Valuación avanzada:</strong> desde {formatMxn(SERVICE_PRICES.advancedValuationFrom)} MXN + IVA, con simulación
            Monte Carlo de {SERVICE_PRICES.monteCarloScenarios.toLocaleString("es-MX")} escenarios, costo de capital (WACC), flujos de
            caja descontados, múltiplos y recomendaciones.
          </li>
        </ul>
        <div>
          <Link href="/contacto" variant="primary">
            {RESULT_COPY.contact}
          </Link>
        </div>
      </section>
    </>
  );
}
