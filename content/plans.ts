/**
 * What each plan offers (/planes), for the page and for Puente Bot
 * (server/bot). Prices are not here: they come from the server's one plan
 * table (server/payments/plans.ts, served as GET /api/plans), so a price is
 * never written twice. Pure data: this folder imports nothing of ours.
 */

export const PLANS_PAGE = {
  path: "/planes",
  title: "Planes",
  /** The heading's id, the bot's link to the page's top. */
  anchor: "plans-title",
  heading: "Elige cómo quieres vender o levantar capital",
  lead: "Desde la publicación básica con data room hasta asesoría completa en fusiones y adquisiciones. Precios en pesos mexicanos; la comisión de éxito solo se paga si cierras una operación.",
} as const;

export interface PlanCopy {
  readonly summary: string;
  readonly features: ReadonlyArray<string>;
}

/** By plan name (the plan table's `name`). */
export const PLAN_COPY: Readonly<Record<string, PlanCopy>> = {
  Explora: {
    summary: "Publica tu empresa con data room y visibilidad ante compradores verificados.",
    features: ["Perfil de empresa verificado", "Data room para tus documentos", "Contacto directo 1 a 1 con compradores"],
  },
  Impulsa: {
    summary: "Más visibilidad y publicidad para llegar antes a los compradores correctos.",
    features: ["Todo lo de Explora", "Publicidad de tu empresa", "Acompañamiento de nuestro equipo en la negociación"],
  },
};

/** Acelera has no price in the plan table: it is made to measure, through /contacto. */
export const ACELERA = {
  name: "Acelera",
  summary: "Asesoría completa en fusiones y adquisiciones, a la medida de tu operación.",
  price: "Precio personalizado",
  features: ["Todo lo de Impulsa", "Asesoría M&A de principio a fin", "Valuación y preparación de la empresa"],
} as const;

/** The line under the cards. */
export const PLANS_NOTE =
  "Los precios no incluyen IVA. La comisión de éxito se cobra solo al cerrar una operación, fuera de la plataforma. El pago del plan se abre en una pestaña nueva.";

/** The anchor of a plan's card on /planes (`plan-<id>`, `plan-acelera`). */
export const planAnchor = (id: string): string => `plan-${id}`;
