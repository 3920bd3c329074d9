/**
 * The contact page (/contacto): one text for the page and for Puente Bot
 * (server/bot), which quotes it when someone asks how to reach us. Pure
 * data: this folder imports nothing of ours.
 */

export const CONTACT_PAGE = {
  path: "/contacto",
  /** The page's name, as the route table titles it. */
  page: "Contacto",
  heading: "Habla con uno de nuestros expertos",
  lead: "Cuéntanos qué necesitas: vender tu empresa, levantar capital, una valuación o un CFO virtual. Te respondemos en menos de 24 horas.",
  points: ["Sin costo y sin compromiso.", "Tus datos se tratan conforme a nuestra Política de privacidad.", "También puedes escribirnos a contacto@puente.mx."],
} as const;
