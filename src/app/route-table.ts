/**
 * The whole route table (spec section 2) as plain data: path, title, guard,
 * flags and page module of every route. Two readers use it:
 * - the router (./routes.tsx) turns each page module into a lazy chunk and
 *   applies the guard and flags;
 * - the build (vite.config.ts, scripts/build/route-preloads.ts) writes the
 *   page chunks of each path into route-preloads.json for the server.
 *
 * Keep it pure data: no React, no imports of app code (the build bundles it
 * into its config), so any formatting is safe.
 */

/**
 * - `signedIn`: needs a token, else /iniciar-sesion?redirect={path+search}.
 * - `signedOut`: login, register, recover: a signed-in user goes to the
 *   redirect parameter (when safe) or /compra-una-empresa.
 * - `sellerLanding`: a signed-in admin goes to /admin/business, a seller to
 *   /crear-empresa, a buyer to /agrega-tu-empresa (decision 014).
 * - `admin`: a non-admin goes to /.
 */
export type Guard = "signedIn" | "signedOut" | "sellerLanding" | "admin";

export interface RouteEntry {
  readonly path: string;
  /** `document.title` (Spanish), before " | Puente". */
  readonly title: string;
  /**
   * The page's module, relative to src/app (as `import()` from ./routes.tsx
   * writes it); one of the files `pageModules` in ./routes.tsx globs.
   */
  readonly page: string;
  /** The export of `page` that is the page component; `default` when absent. */
  readonly pageExport?: string;
  readonly guard?: Guard;
  /** Hide navbar and footer (full-screen flows). */
  readonly hideChrome?: boolean;
  /** Meta description and Open Graph description (Spanish); a generic one otherwise. */
  readonly description?: string;
  /**
   * A public marketing page: it renders without waiting for the session code
   * (XState, Effect), which loads only when a stored session must be restored.
   * Other pages wait for the session actor before rendering.
   */
  readonly isPublic?: boolean;
  /** Keep a public page out of search results (thank-you and result pages). */
  readonly noIndex?: boolean;
  /**
   * Rendered by the server on each request with its data (the anonymous
   * projection; docs/decisions/043-server-rendered-marketplace.md) rather than
   * prerendered at build time; the build leaves a template for it.
   */
  readonly rendersOnRequest?: boolean;
}

const plansDescription =
  "Planes Explora, Impulsa y Acelera para publicar tu empresa en Puente, con data room, visibilidad y asesoría en fusiones y adquisiciones.";

export const routeTable: readonly RouteEntry[] = [
  {
    path: "/",
    title: "Compra, vende o invierte en empresas en México",
    page: "../features/public-site/components/HomePage.tsx",
    isPublic: true,
    description:
      "Compra, vende o levanta capital para empresas en México. Puente te conecta con compradores e inversionistas verificados, de forma directa y confidencial.",
  },
  {
    path: "/compra-una-empresa",
    title: "Compra una empresa",
    page: "./pages/MarketplaceRoute.tsx",
    isPublic: true,
    rendersOnRequest: true,
    description:
      "Empresas en venta y buscando inversión en México, verificadas por Puente. Filtra por industria, tipo de transacción, tamaño y EBITDA, y contacta al dueño de forma confidencial.",
  },
  {
    path: "/vende-tu-empresa",
    title: "Vende tu empresa",
    page: "./pages/SellerLandings.tsx", pageExport: "SellYourCompanyRoute",
    guard: "sellerLanding",
    isPublic: true,
    description:
      "Publica tu empresa en Puente, pasa la verificación KYC/KYB y recibe interés de compradores validados, siempre de forma directa y 1 a 1.",
  },
  {
    path: "/levanta-capital",
    title: "Levanta capital",
    page: "./pages/SellerLandings.tsx", pageExport: "RaiseCapitalRoute",
    guard: "sellerLanding",
    isPublic: true,
    description:
      "Levanta capital para hacer crecer tu empresa: conecta con inversionistas verificados en México y negocia directamente con ellos.",
  },
  {
    path: "/servicios",
    title: "Servicios",
    page: "../features/public-site/components/ServicesPage.tsx",
    isPublic: true,
    description:
      "CFO virtual, valuación simplificada o avanzada y asesoría para vender tu empresa en México. Precios en MXN más IVA.",
  },
  {
    path: "/cfo-virtual",
    title: "CFO virtual",
    page: "../features/public-site/components/VirtualCfoPage.tsx",
    isPublic: true,
    description:
      "Un CFO virtual para tu empresa desde $12,000 MXN al mes más IVA: presupuestos, flujo de efectivo, análisis financiero y estrategia de crecimiento.",
  },
  { path: "/planes", title: "Planes", page: "./pages/PlansRoute.tsx", isPublic: true, description: plansDescription },
  { path: "/Planes", title: "Planes", page: "./pages/PlansRoute.tsx", isPublic: true, description: plansDescription },
  {
    path: "/valuacion-gratuita",
    title: "Valuación gratuita",
    page: "../features/public-site/components/FreeValuationPage.tsx",
    isPublic: true,
    description:
      "¿Cuánto vale tu empresa? Obtén gratis una valuación estimada en cinco pasos con la herramienta de Puente.",
  },
  { path: "/valuacion-gratuita/herramienta", title: "Herramienta de valuación", page: "../features/valuation/components/ValuationToolPage.tsx", hideChrome: true },
  {
    path: "/valuacion-gratuita/metodologia",
    title: "Cómo calculamos tu valuación",
    page: "../features/valuation/components/ValuationMethodPage.tsx",
    isPublic: true,
    description:
      "El método de la valuación gratuita de Puente: múltiplos de Damodaran por industria, ajuste por empresa privada y riesgo país, y 1,000 escenarios Monte Carlo.",
  },
  {
    path: "/puente-bot",
    title: "Puente Bot",
    page: "../features/public-site/components/BotPage.tsx",
    isPublic: true,
    description:
      "Resuelve tus dudas sobre comprar, vender o invertir en empresas en México con Puente Bot, nuestro asistente virtual.",
  },
  {
    path: "/faq",
    title: "Preguntas frecuentes",
    page: "../features/public-site/components/FaqPage.tsx",
    isPublic: true,
    description:
      "Respuestas claras sobre cómo comprar, vender o financiar una empresa en México con Puente: verificación, planes, costos y confidencialidad.",
  },
  {
    path: "/terminos-y-condiciones",
    title: "Términos y condiciones",
    page: "../features/public-site/components/TermsPage.tsx",
    isPublic: true,
    description:
      "Términos y condiciones de uso de Puente, la plataforma que conecta a dueños de empresas con compradores e inversionistas en México.",
  },
  {
    path: "/politica-de-privacidad",
    title: "Política de privacidad",
    page: "../features/public-site/components/PrivacyPage.tsx",
    isPublic: true,
    description:
      "Aviso de privacidad de Puente conforme a la ley mexicana de protección de datos personales, y cómo ejercer tus derechos ARCO.",
  },
  {
    path: "/contacto",
    title: "Contacto",
    page: "../features/public-site/components/ContactPage.tsx",
    isPublic: true,
    description:
      "Habla con uno de nuestros expertos en compraventa y financiamiento de empresas. Te respondemos en menos de 24 horas.",
  },
  {
    path: "/contacto-exito",
    title: "Mensaje enviado",
    page: "../features/public-site/components/ContactSuccessPage.tsx",
    isPublic: true,
    noIndex: true,
    description: "Recibimos tu mensaje: un experto de Puente te contactará para hablar de la compra, venta o financiamiento de tu empresa.",
  },
  { path: "/iniciar-sesion", title: "Iniciar sesión", page: "../features/auth/components/LoginPage.tsx", guard: "signedOut" },
  { path: "/login", title: "Iniciar sesión", page: "../features/auth/components/LoginPage.tsx", guard: "signedOut" },
  { path: "/recuperar-contrasena", title: "Recuperar contraseña", page: "../features/auth/components/RecoverPasswordPage.tsx", guard: "signedOut" },
  { path: "/comprador-o-vendedor", title: "Crea tu cuenta", page: "../features/auth/components/BuyerOrSellerPage.tsx", guard: "signedOut" },
  { path: "/registro", title: "Registro de comprador", page: "../features/auth/components/BuyerRegistrationPage.tsx", guard: "signedOut" },
  // The e-mailed verification link: no guard, the link may open on a device without a session (decision 023).
  { path: "/verificar-correo", title: "Verificar correo", page: "../features/accounts/components/VerifyEmailPage.tsx" },
  { path: "/registro-exitoso", title: "Gracias por registrarte", page: "../features/auth/components/ThankYouPage.tsx" },
  { path: "/gracias-comprador", title: "Gracias por registrarte", page: "../features/auth/components/ThankYouPage.tsx" },
  { path: "/gracias-vendedor", title: "Gracias por registrarte", page: "../features/auth/components/ThankYouPage.tsx" },
  // Public since decision 043 (what a visitor sees is the anonymous projection; the full profile needs the deal room).
  { path: "/perfil-de-negocio/:id", title: "Perfil de negocio", page: "./pages/BusinessProfileRoute.tsx", isPublic: true, rendersOnRequest: true },
  // The data room's viewer (decision 051): a shared document read page by page, its reading reported for a buyer.
  { path: "/perfil-de-negocio/:id/documentos/:fileId", title: "Documento", page: "../features/data-room/components/DocumentViewerPage.tsx", guard: "signedIn" },
  // The deal room (docs/decisions/023-deal-room.md): requests for a company's full profile, their threads and letters of intent.
  { path: "/solicitudes", title: "Solicitudes", page: "../features/deal-room/components/AccessRequestsPage.tsx", guard: "signedIn" },
  { path: "/solicitudes/:id", title: "Solicitud de acceso", page: "./pages/AccessRequestRoute.tsx", guard: "signedIn" },
  { path: "/mis-empresas", title: "Mis empresas", page: "../features/companies/components/MyCompaniesPage.tsx", guard: "signedIn" },
  { path: "/mi-perfil", title: "Mi perfil", page: "./pages/MyProfileRoute.tsx", guard: "signedIn" },
  { path: "/busquedas-guardadas", title: "Búsquedas guardadas", page: "./pages/SavedSearchesRoute.tsx", guard: "signedIn" },
  // Buyer mandates (docs/decisions/033-buyer-mandates.md): for visitors and accounts alike; the page reads the session (not public).
  {
    path: "/que-empresa-buscas",
    title: "Dime qué empresa buscas",
    page: "../features/buyer-leads/components/BuyerLeadPage.tsx",
    description: "Cuéntanos qué empresa quieres comprar o en cuál invertir en México y te avisamos cuando se publique una que coincida.",
  },
  { path: "/crear-empresa", title: "Crear nueva empresa", page: "./pages/CompanyFormRoutes.tsx", pageExport: "CreateCompanyRoute", guard: "signedIn" },
  // Where a signed-in buyer lands from the seller pages (docs/decisions/014-seller-area-and-landing.md).
  { path: "/agrega-tu-empresa", title: "Registra tu empresa", page: "../features/companies/components/AddYourCompanyPage.tsx", guard: "signedIn" },
  { path: "/editar-empresa/:id", title: "Editar empresa", page: "./pages/CompanyFormRoutes.tsx", pageExport: "EditCompanyRoute", guard: "signedIn" },
  { path: "/mi-empresa/:id", title: "Mi empresa", page: "./pages/CompanyFormRoutes.tsx", pageExport: "EditCompanyRoute", guard: "signedIn" },
  { path: "/mi-empresa/:id/analitica", title: "Analítica de tu empresa", page: "../features/seller-analytics/components/SellerAnalyticsPage.tsx", guard: "signedIn" },
  { path: "/mi-empresa/:id/onboarding", title: "Resumen del onboarding", page: "../features/onboarding-summary/components/OwnerOnboardingSummaryPage.tsx", guard: "signedIn" },
  { path: "/onboarding/:id", title: "Onboarding", page: "../features/onboarding/components/OnboardingWizardPage.tsx", guard: "signedIn", hideChrome: true },
  { path: "/onboarding-completado", title: "Onboarding completado", page: "../features/onboarding-summary/components/OnboardingCompletedPage.tsx", guard: "signedIn" },
  // Not public: the page waits for the session, then shows the plan as the server has it.
  {
    path: "/pago-exitoso",
    title: "Pago exitoso",
    page: "../features/subscriptions/components/PaymentSuccessPage.tsx",
    // Public: a visitor's page needs no session code; a stored session is still restored before it renders (decision 045).
    isPublic: true,
    noIndex: true,
    description: "Confirmamos el pago de tu plan en Puente: inicia sesión con la cuenta con la que pagaste para ver su estado.",
  },
  {
    path: "/pago-error",
    title: "Error en el pago",
    page: "../features/subscriptions/components/PaymentErrorPage.tsx",
    isPublic: true,
    noIndex: true,
    description: "No se pudo completar el pago de tu plan en Puente. Revisa tus datos de pago e inténtalo de nuevo, o escríbenos para ayudarte.",
  },
  { path: "/admin/dashboard/:table", title: "Panel de administración", page: "../features/admin/components/AdminDashboardPage.tsx", guard: "admin" },
  // The seller's company pages in the admin's area (docs/decisions/022).
  { path: "/admin/business", title: "Registrar empresa", page: "./pages/CompanyFormRoutes.tsx", pageExport: "AdminCreateCompanyRoute", guard: "admin" },
  { path: "/admin/business/:id", title: "Editar empresa", page: "./pages/CompanyFormRoutes.tsx", pageExport: "AdminEditCompanyRoute", guard: "admin" },
];

/** Any other path. */
export const notFoundEntry: RouteEntry = {
  path: "*",
  title: "Página no encontrada",
  page: "../features/public-site/components/NotFoundPage.tsx",
  isPublic: true,
  noIndex: true,
};

/** A path the server can match exactly (no `:param`, no wildcard). */
export function isStaticPath(path: string): boolean {
  return path.startsWith("/") && !path.includes(":") && !path.includes("*");
}
