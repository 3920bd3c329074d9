import { formatMxn } from "./format.ts";

/**
 * The paid services (/servicios, /cfo-virtual): one text for the pages and
 * for Puente Bot (server/bot). Prices are the spec's (section 1), MXN plus
 * VAT. Pure data: this folder imports nothing of ours.
 */

export const SERVICE_PRICES = {
  cfoMonthly: 12_000,
  simplifiedValuation: 15_000,
  advancedValuationFrom: 40_000,
  monteCarloScenarios: 1_000,
} as const;

export const SERVICES_PAGE = { path: "/servicios", title: "Servicios" } as const;

export interface ServiceOffering {
  /** The card's anchor on /servicios is `service-<id>`. */
  readonly id: "cfo" | "valuacion" | "venta";
  readonly title: string;
  readonly text: string;
  readonly prices: ReadonlyArray<string>;
  readonly includes: ReadonlyArray<string>;
  readonly cta: string;
}

export const SERVICE_OFFERINGS: ReadonlyArray<ServiceOffering> = [
  {
    id: "cfo",
    title: "CFO virtual",
    text: "Un director de finanzas de tiempo parcial para ordenar las finanzas de tu empresa y prepararla para crecer, vender o levantar capital.",
    prices: [`Desde ${formatMxn(SERVICE_PRICES.cfoMonthly)} MXN al mes + IVA`],
    includes: ["Presupuestos y flujo de efectivo", "Análisis financiero y estrategia de crecimiento", "Reconstrucción de estados financieros"],
    cta: "Solicitar CFO virtual",
  },
  {
    id: "valuacion",
    title: "Valuación de empresas",
    text: "Conoce el valor de tu empresa con el método que necesitas, de una estimación rápida a un análisis completo para negociar.",
    prices: [
      `Simplificada: ${formatMxn(SERVICE_PRICES.simplifiedValuation)} MXN + IVA`,
      `Avanzada: desde ${formatMxn(SERVICE_PRICES.advancedValuationFrom)} MXN + IVA`,
    ],
    includes: [
      `Simulación Monte Carlo de ${SERVICE_PRICES.monteCarloScenarios.toLocaleString("es-MX")} escenarios (avanzada)`,
      "Costo de capital (WACC) y flujos de caja descontados",
      "Múltiplos de mercado y recomendaciones",
    ],
    cta: "Solicitar valuación",
  },
  {
    id: "venta",
    title: "Asesoría en venta de empresa",
    text: "Te acompañamos en todo el proceso: preparación de la información, búsqueda de compradores, negociación y cierre.",
    prices: ["Cotización personalizada"],
    includes: ["Preparación del data room", "Búsqueda y filtro de compradores", "Acompañamiento en la negociación"],
    cta: "Solicitar asesoría",
  },
];

/** /cfo-virtual: the heading, the lead, the price line and what the service includes. */
export const VIRTUAL_CFO = {
  path: "/cfo-virtual",
  name: "CFO virtual",
  title: "Un director de finanzas para tu empresa, sin contratarlo de tiempo completo",
  lead: "Nuestro equipo de finanzas trabaja contigo cada mes para que tomes decisiones con números confiables.",
  price: `Desde ${formatMxn(SERVICE_PRICES.cfoMonthly)} MXN al mes + IVA`,
  deliverables: [
    { title: "Presupuestos", text: "Un presupuesto anual realista y su seguimiento mes a mes." },
    { title: "Análisis de flujo de efectivo", text: "Sabrás cuánto efectivo tendrás y cuándo, para no quedarte corto." },
    { title: "Análisis financiero", text: "Márgenes, rentabilidad por línea de negocio e indicadores clave." },
    { title: "Estrategia de crecimiento", text: "Un plan financiero para crecer, invertir o prepararte para vender." },
    { title: "Cumplimiento y reportes", text: "Reportes claros para socios, bancos e inversionistas." },
    { title: "Optimización de costos", text: "Detectamos gastos que puedes reducir sin afectar la operación." },
    { title: "Reconstrucción de estados financieros", text: "Ponemos en orden la información histórica de tu empresa." },
  ],
} as const;

/** The anchor of an offering's card on /servicios. */
export const serviceAnchor = (id: ServiceOffering["id"]): string => `service-${id}`;
