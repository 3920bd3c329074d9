/**
 * Copy shared by several public pages. Figures are the spec's (section 1);
 * the services' prices live in src/lib/service-prices.ts.
 */

export const COMMUNITY_STATS = [
  { value: "600", label: "inversionistas verificados" },
  { value: "250+", label: "empresas registradas" },
  { value: "100+", label: "conexiones realizadas" },
  { value: "20+", label: "cartas de intención enviadas" },
  { value: "1,000+", label: "suscriptores a nuestro newsletter" },
] as const;

export const BUYER_STEPS = [
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
] as const;

export const SELLER_STEPS = [
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
] as const;

/** Our own external directory of Mexican startups, on the blog (the /levanta-capital banner). */
export const STARTUP_DIRECTORY_URL = "https://blog.puente.mx/directorio-de-startups";
