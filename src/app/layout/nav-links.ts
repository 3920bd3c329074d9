/** Navigation targets shared by the navbar, the mobile menu and the footer. */

export interface NavLink {
  readonly label: string;
  readonly href: string;
  readonly isExternal?: boolean;
}

export interface NavGroup {
  readonly label: string;
  readonly links: readonly NavLink[];
}

export const NEWSLETTER_URL = "https://blog.puente.mx/";

export const navGroups: readonly NavGroup[] = [
  {
    label: "Compradores",
    links: [
      { label: "Compra una empresa", href: "/compra-una-empresa" },
      { label: "Invierte en una empresa", href: "/compra-una-empresa" },
    ],
  },
  {
    label: "Vendedores",
    links: [
      { label: "Vende tu empresa", href: "/vende-tu-empresa" },
      { label: "Levanta capital", href: "/levanta-capital" },
    ],
  },
  {
    label: "Servicios",
    links: [
      { label: "Servicios", href: "/servicios" },
      { label: "CFO virtual", href: "/cfo-virtual" },
    ],
  },
];

export const directLinks: readonly NavLink[] = [
  { label: "Planes", href: "/planes" },
  { label: "Valuación gratuita", href: "/valuacion-gratuita" },
];

export const mobileExtraLinks: readonly NavLink[] = [
  { label: "Newsletter", href: NEWSLETTER_URL, isExternal: true },
  { label: "Puente Bot", href: "/puente-bot" },
];

export const footerGroups: readonly NavGroup[] = [
  {
    label: "Compra o vende",
    links: [
      { label: "Compra una empresa", href: "/compra-una-empresa" },
      { label: "Vende tu empresa", href: "/vende-tu-empresa" },
      { label: "Levanta capital", href: "/levanta-capital" },
      { label: "Planes", href: "/planes" },
    ],
  },
  {
    label: "Servicios",
    links: [
      { label: "Servicios", href: "/servicios" },
      { label: "CFO virtual", href: "/cfo-virtual" },
      { label: "Valuación gratuita", href: "/valuacion-gratuita" },
      { label: "Puente Bot", href: "/puente-bot" },
    ],
  },
  {
    label: "Aprende",
    links: [
      { label: "Preguntas frecuentes", href: "/faq" },
      { label: "Newsletter", href: NEWSLETTER_URL, isExternal: true },
      { label: "Contacto", href: "/contacto" },
    ],
  },
];

export const legalLinks: readonly NavLink[] = [
  { label: "Términos y condiciones", href: "/terminos-y-condiciones" },
  { label: "Política de privacidad", href: "/politica-de-privacidad" },
];

export const socialLinks: readonly (NavLink & { readonly network: "facebook" | "instagram" | "linkedin" })[] = [
  { network: "facebook", label: "Puente en Facebook", href: "https://www.facebook.com/puente.mx", isExternal: true },
  { network: "instagram", label: "Puente en Instagram", href: "https://www.instagram.com/puente.mx", isExternal: true },
  { network: "linkedin", label: "Puente en LinkedIn", href: "https://www.linkedin.com/company/puente-mx", isExternal: true },
];

/**
 * The footer carousel (spec: six external logo links, 15 s loop). Puente is
 * new and has no press coverage yet, so instead of media logos it shows our
 * own wordmarks for the ecosystem we connect, each linking to the matching
 * section of our blog (docs/decisions/005-public-site.md). Swap in real
 * mentions, with the outlet's permission, once they exist.
 */
export const mediaMentions: readonly NavLink[] = [
  { label: "Capital privado", href: `${NEWSLETTER_URL}categoria/capital-privado`, isExternal: true },
  { label: "Family offices", href: `${NEWSLETTER_URL}categoria/family-offices`, isExternal: true },
  { label: "Inversión ángel", href: `${NEWSLETTER_URL}categoria/inversion-angel`, isExternal: true },
  { label: "Fusiones", href: `${NEWSLETTER_URL}categoria/fusiones-y-adquisiciones`, isExternal: true },
  { label: "Valuación", href: `${NEWSLETTER_URL}categoria/valuacion`, isExternal: true },
  { label: "Financiamiento", href: `${NEWSLETTER_URL}categoria/financiamiento`, isExternal: true },
];
