/**
 * How buying, selling and raising capital work on Puente, for the pages
 * that tell it (home, /vende-tu-empresa, /levanta-capital) and for Puente
 * Bot (server/bot). Pure data: this folder imports nothing of ours.
 */

export interface JourneyStep {
  readonly title: string;
  readonly text: string;
}

export const BUYER_STEPS: ReadonlyArray<JourneyStep> = [
  {
    title: "Explora oportunidades verificadas",
    text: "Filtra por sector, tamaño, ticket o ubicación y encuentra empresas que ya pasaron nuestra revisión.",
  },
  {
    title: "Solicita el perfil completo",
    text: "Revisa el perfil público y pide acceso al perfil completo. Para verlo necesitas verificar tu identidad.",
  },
  {
    title: "Conoce a la empresa",
    text: "Cuando la empresa aprueba tu solicitud, revisa los detalles y decide si quieres reunirte o enviar una carta de intención.",
  },
  {
    title: "Negocia a tu manera",
    text: "Negocia directamente con el dueño o contrata nuestra asesoría para acompañarte.",
  },
  { title: "Cierra el trato", text: "El cierre se hace directamente entre las partes: Puente no recibe ni administra fondos." },
];

export const SELLER_STEPS: ReadonlyArray<JourneyStep> = [
  {
    title: "Publica el perfil de tu empresa",
    text: "Registra tu empresa. Antes de activarla validamos tu identidad y tu negocio (KYC/KYB).",
  },
  {
    title: "Recibe interés de compradores validados",
    text: "Los compradores e inversionistas te contactan siempre de forma directa y 1 a 1, nunca en subasta.",
  },
  {
    title: "Elige tu plan",
    text: "Desde la publicación básica con data room y visibilidad hasta publicidad y asesoría en fusiones y adquisiciones.",
  },
  { title: "Negocia directo o con apoyo", text: "Tú decides si negocias por tu cuenta o con el acompañamiento de nuestro equipo." },
  { title: "Cierra directamente", text: "Los acuerdos se firman entre las partes; Puente solo actúa como asesor bajo contrato." },
];

/** Where each story is told: the page (its path and name), the anchor of its section and the section's heading. */
export const BUYER_JOURNEY = { path: "/", page: "Inicio", anchor: "home-how", heading: "Cómo funciona", tab: "Para compradores" } as const;
export const SELLER_JOURNEY = { path: "/vende-tu-empresa", page: "Vende tu empresa", anchor: "sell-steps", heading: "Cómo vendes con Puente" } as const;

/** /levanta-capital: how a funding round works. */
export const FUNDING_ROUND = {
  path: "/levanta-capital",
  page: "Levanta capital",
  anchor: "raise-how",
  heading: "Cómo funciona una ronda de inversión",
  paragraphs: [
    "Levantar capital significa vender una parte minoritaria de tu empresa a cambio de recursos para crecer: abrir una planta, entrar a nuevos mercados o desarrollar producto. A diferencia de un crédito, no pagas intereses, pero compartes las utilidades y algunas decisiones con tus nuevos socios.",
    "En Puente registras tu empresa, indicas la etapa de tu ronda, cuánto buscas y el destino del capital. Después de validar tu identidad y tu negocio (KYC/KYB), los inversionistas interesados te contactan directamente.",
  ],
} as const;
