import type { JSX } from "react";
import { Page } from "../../../components/Page.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import * as styles from "./ValuationMethodPage.css.ts";

/**
 * /valuacion-gratuita/metodologia: the method behind the free valuation, for
 * the owner who wants to know where the figure comes from (the engineering
 * description, with every figure and its source, is docs/valuation-method.md).
 * Static: no data, nothing but the shared page pieces, so it loads as a light
 * public page.
 */

const STEPS: ReadonlyArray<{ readonly title: string; readonly text: string }> = [
  {
    title: "El precio de las empresas privadas de tu tamaño",
    text: "Partimos de cuántas veces su EBITDA se paga por empresas privadas como la tuya en compraventas reales: alrededor de 3 veces para las más pequeñas y de 5.5 a 6.5 veces para las que valen de 1 a 25 millones de dólares (DealStats, GF Data). Son menos veces que en la bolsa: una empresa privada no se vende de un día para otro y depende más de sus dueños.",
  },
  {
    title: "Tu industria",
    text: "Comparamos el múltiplo valor empresa / EBITDA de tu industria con el de una industria típica, con los datos del profesor Aswath Damodaran (NYU Stern, enero de 2026): los de Estados Unidos para empresas de ese país y los de mercados emergentes para las de América Latina. Una industria por la que el mercado paga más sube tu múltiplo; una por la que paga menos lo baja.",
  },
  {
    title: "Riesgo del país",
    text: "Un comprador exige más rendimiento donde hay más riesgo, y por eso paga menos por la misma utilidad. Ajustamos el valor con la prima de riesgo país de Damodaran (julio de 2026) del país donde opera tu empresa.",
  },
  {
    title: "Crecimiento",
    text: "Una empresa que crece vale más por cada peso de EBITDA de hoy, y una que se contrae, menos. El crecimiento que consideramos tiene límites, para que una proyección muy optimista no dispare el resultado.",
  },
  {
    title: "Revisión con tus ventas",
    text: "Si tu margen EBITDA es muy bajo o cero para tu industria, el EBITDA solo se queda corto: nos apoyamos también en tus ventas, con el múltiplo valor empresa / ventas de tu industria.",
  },
  {
    title: "1,000 escenarios",
    text: "Ningún dato es exacto. Simulamos 1,000 escenarios (el método Monte Carlo) en los que el múltiplo, el crecimiento, tu EBITDA y la tasa de descuento varían dentro de rangos razonables, y calculamos el valor de tu empresa en cada uno. Con los mismos datos obtienes siempre el mismo resultado.",
  },
];

const SOURCES = [
  "Aswath Damodaran, NYU Stern: múltiplos EV/EBITDA y EV/Ventas por industria (enero de 2026) y primas de riesgo país (julio de 2026).",
  "GF Data y DealStats: múltiplos pagados en compraventas de empresas privadas (2019–2025).",
  "Banco de México: tipo de cambio FIX, solo para ubicar en los tamaños en dólares a una empresa que reporta en pesos.",
] as const;

export default function ValuationMethodPage(): JSX.Element {
  return (
    <Page
      title="Cómo calculamos tu valuación"
      description="La valuación gratuita estima cuánto vale tu empresa con múltiplos de mercado ajustados a empresas privadas, y te da un rango en lugar de una sola cifra."
    >
      <div className={styles.prose}>
        <section aria-labelledby="method-steps">
          <h2 id="method-steps">El método, paso a paso</h2>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step.title}>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="method-range">
          <h2 id="method-range">Cómo leer el rango</h2>
          <p>Ordenamos los 1,000 resultados de menor a mayor y te mostramos tres:</p>
          <ul>
            <li>
              <strong>Rango bajo (percentil 10):</strong> 1 de cada 10 escenarios queda por debajo.
            </li>
            <li>
              <strong>Valuación estimada (percentil 50, la mediana):</strong> la mitad de los escenarios queda por arriba y la otra
              mitad por debajo.
            </li>
            <li>
              <strong>Rango alto (percentil 90):</strong> 1 de cada 10 escenarios queda por arriba.
            </li>
          </ul>
          <p>
            Así, 8 de cada 10 escenarios quedan dentro del rango. Un rango amplio no es un error: dice cuánta incertidumbre hay
            con la información que nos diste. El resultado se muestra en millones, en pesos mexicanos (MXN) si tu empresa opera en
            México y en dólares estadounidenses (USD) en los demás países. El múltiplo es la valuación estimada entre tu EBITDA (o
            entre tus ventas, si tu EBITDA es cero).
          </p>
        </section>

        <section aria-labelledby="method-limits">
          <h2 id="method-limits">Lo que no incluye</h2>
          <p>
            Es una referencia rápida con cinco datos. No revisa tus estados financieros, tus deudas ni tu caja, la concentración de
            tus clientes ni la calidad de tu equipo, que cambian lo que un comprador o un inversionista pagaría. Para negociar, te
            recomendamos una valuación simplificada o avanzada hecha por nuestro equipo.
          </p>
          <div className={styles.actions}>
            <Link href="/valuacion-gratuita/herramienta" variant="primary">
              Calcula tu valuación gratis
            </Link>
            <Link href="/contacto" variant="secondary">
              Solicita una valuación profesional
            </Link>
          </div>
        </section>

        <section aria-labelledby="method-sources">
          <h2 id="method-sources">Fuentes</h2>
          <ul>
            {SOURCES.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}
