/**
 * The free valuation tool's landing (/valuacion-gratuita), for the page and
 * for Puente Bot (server/bot). Pure data: this folder imports nothing of ours.
 */

export const FREE_VALUATION = {
  path: "/valuacion-gratuita",
  name: "Valuación gratuita",
  title: "¿Cuánto vale tu empresa? Descúbrelo gratis en cinco pasos",
  lead: "Obtén una valuación estimada de tu empresa a partir de sus ventas y su EBITDA, comparada con empresas de su sector. Sin costo y sin compromiso.",
  needs: ["Ventas del último año", "EBITDA o utilidad de operación aproximada", "Cinco minutos"],
  stepsAnchor: "valuation-steps",
  stepsHeading: "Cómo funciona",
  steps: [
    { title: "Tus datos", text: "Tu email, nombre y apellido." },
    { title: "Tu empresa", text: "La industria y el país donde opera." },
    { title: "Tus números", text: "Las ventas anuales, el EBITDA y el crecimiento que esperas." },
    { title: "Revisa y calcula", text: "Comparamos tu empresa con múltiplos de su sector en 1,000 escenarios." },
    { title: "Tu resultado", text: "Tu valuación y su rango en millones (pesos en México, dólares en otros países) y el múltiplo aplicado." },
  ],
  moreAnchor: "valuation-more",
  moreHeading: "¿Necesitas una valuación más precisa?",
  more: "La herramienta gratuita da una referencia. Para negociar una venta o una ronda de inversión te recomendamos una valuación simplificada o avanzada, hecha por nuestro equipo con flujos descontados, costo de capital y simulación de escenarios.",
} as const;
