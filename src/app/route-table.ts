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
 * - `sellerLanding`: a signed-in user goes to /admin/business.
 * - `admin`: a non-admin goes to /.
 */
export type Guard = "signedIn" | "signedOut" | "sellerLanding" | "admin";

/** A page component: a module of the app and one of its exports. */
export interface PageModule {
  /**
   * The file, relative to src/app (as `import()` from ./routes.tsx writes it).
   * It must be one of the files `pageModules` in ./routes.tsx globs.
   */
  readonly module: string;
  /** The export that is the page component; `default` when absent. */
  readonly export?: string;
}

export interface RouteEntry {
  readonly path: string;
  /** `document.title` (Spanish), before " | Puente". */
  readonly title: string;
  readonly page: PageModule;
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
}

// Every page component, once (several paths share a page).
const home: PageModule = { module: "../features/public-site/components/HomePage.tsx" };
const marketplace: PageModule = { module: "../features/marketplace/components/MarketplacePage.tsx" };
const sellYourCompany: PageModule = { module: "./pages/SellerLandings.tsx", export: "SellYourCompanyRoute" };
const raiseCapital: PageModule = { module: "./pages/SellerLandings.tsx", export: "RaiseCapitalRoute" };
const services: PageModule = { module: "../features/public-site/components/ServicesPage.tsx" };
const virtualCfo: PageModule = { module: "../features/public-site/components/VirtualCfoPage.tsx" };
const plans: PageModule = { module: "../features/public-site/components/PlansPage.tsx" };
const freeValuation: PageModule = { module: "../features/public-site/components/FreeValuationPage.tsx" };
const valuationTool: PageModule = { module: "../features/public-site/components/ValuationToolPage.tsx" };
const bot: PageModule = { module: "../features/public-site/components/BotPage.tsx" };
const faq: PageModule = { module: "../features/public-site/components/FaqPage.tsx" };
const terms: PageModule = { module: "../features/public-site/components/TermsPage.tsx" };
const privacy: PageModule = { module: "../features/public-site/components/PrivacyPage.tsx" };
const contact: PageModule = { module: "../features/public-site/components/ContactPage.tsx" };
const contactSuccess: PageModule = { module: "../features/public-site/components/ContactSuccessPage.tsx" };
const login: PageModule = { module: "../features/auth/components/LoginPage.tsx" };
const recoverPassword: PageModule = { module: "../features/auth/components/RecoverPasswordPage.tsx" };
const buyerOrSeller: PageModule = { module: "../features/auth/components/BuyerOrSellerPage.tsx" };
const buyerRegistration: PageModule = { module: "../features/auth/components/BuyerRegistrationPage.tsx" };
const thankYou: PageModule = { module: "../features/auth/components/ThankYouPage.tsx" };
const businessProfile: PageModule = { module: "./pages/BusinessProfileRoute.tsx" };
const myCompanies: PageModule = { module: "../features/companies/components/MyCompaniesPage.tsx" };
const myProfile: PageModule = { module: "../features/accounts/components/MyProfilePage.tsx" };
const createCompany: PageModule = { module: "../features/companies/components/CreateCompanyPage.tsx" };
const editCompany: PageModule = { module: "../features/companies/components/EditCompanyPage.tsx" };
const myCompany: PageModule = { module: "../features/companies/components/MyCompanyPage.tsx" };
const onboarding: PageModule = { module: "../features/companies/components/OnboardingPage.tsx" };
const onboardingCompleted: PageModule = { module: "../features/companies/components/OnboardingCompletedPage.tsx" };
const paymentSuccess: PageModule = { module: "../features/accounts/components/PaymentSuccessPage.tsx" };
const paymentError: PageModule = { module: "../features/accounts/components/PaymentErrorPage.tsx" };
const adminDashboard: PageModule = { module: "../features/admin/components/AdminDashboardPage.tsx" };
const adminBusiness: PageModule = { module: "../features/companies/components/AdminBusinessPage.tsx" };
const notFound: PageModule = { module: "../features/public-site/components/NotFoundPage.tsx" };

const plansDescription =
  "Planes Explora, Impulsa y Acelera para publicar tu empresa en Puente, con data room, visibilidad y asesoría en fusiones y adquisiciones.";

export const routeTable: readonly RouteEntry[] = [
  {
    path: "/",
    title: "Compra, vende o invierte en empresas en México",
    page: home,
    isPublic: true,
    description:
      "Compra, vende o levanta capital para empresas en México. Puente te conecta con compradores e inversionistas verificados, de forma directa y confidencial.",
  },
  { path: "/compra-una-empresa", title: "Compra una empresa", page: marketplace },
  {
    path: "/vende-tu-empresa",
    title: "Vende tu empresa",
    page: sellYourCompany,
    guard: "sellerLanding",
    isPublic: true,
    description:
      "Publica tu empresa en Puente, pasa la verificación KYC/KYB y recibe interés de compradores validados, siempre de forma directa y 1 a 1.",
  },
  {
    path: "/levanta-capital",
    title: "Levanta capital",
    page: raiseCapital,
    guard: "sellerLanding",
    isPublic: true,
    description:
      "Levanta capital para hacer crecer tu empresa: conecta con inversionistas verificados en México y negocia directamente con ellos.",
  },
  {
    path: "/servicios",
    title: "Servicios",
    page: services,
    isPublic: true,
    description:
      "CFO virtual, valuación simplificada o avanzada y asesoría para vender tu empresa en México. Precios en MXN más IVA.",
  },
  {
    path: "/cfo-virtual",
    title: "CFO virtual",
    page: virtualCfo,
    isPublic: true,
    description:
      "Un CFO virtual para tu empresa desde $12,000 MXN al mes más IVA: presupuestos, flujo de efectivo, análisis financiero y estrategia de crecimiento.",
  },
  { path: "/planes", title: "Planes", page: plans, isPublic: true, description: plansDescription },
  { path: "/Planes", title: "Planes", page: plans, isPublic: true, description: plansDescription },
  {
    path: "/valuacion-gratuita",
    title: "Valuación gratuita",
    page: freeValuation,
    isPublic: true,
    description:
      "¿Cuánto vale tu empresa? Obtén gratis una valuación estimada en cinco pasos con la herramienta de Puente.",
  },
  { path: "/valuacion-gratuita/herramienta", title: "Herramienta de valuación", page: valuationTool, hideChrome: true },
  {
    path: "/puente-bot",
    title: "Puente Bot",
    page: bot,
    isPublic: true,
    description:
      "Resuelve tus dudas sobre comprar, vender o invertir en empresas en México con Puente Bot, nuestro asistente virtual.",
  },
  {
    path: "/faq",
    title: "Preguntas frecuentes",
    page: faq,
    isPublic: true,
    description:
      "Respuestas claras sobre cómo comprar, vender o financiar una empresa en México con Puente: verificación, planes, costos y confidencialidad.",
  },
  {
    path: "/terminos-y-condiciones",
    title: "Términos y condiciones",
    page: terms,
    isPublic: true,
    description:
      "Términos y condiciones de uso de Puente, la plataforma que conecta a dueños de empresas con compradores e inversionistas en México.",
  },
  {
    path: "/politica-de-privacidad",
    title: "Política de privacidad",
    page: privacy,
    isPublic: true,
    description:
      "Aviso de privacidad de Puente conforme a la ley mexicana de protección de datos personales, y cómo ejercer tus derechos ARCO.",
  },
  {
    path: "/contacto",
    title: "Contacto",
    page: contact,
    isPublic: true,
    description:
      "Habla con uno de nuestros expertos en compraventa y financiamiento de empresas. Te respondemos en menos de 24 horas.",
  },
  { path: "/contacto-exito", title: "Mensaje enviado", page: contactSuccess, isPublic: true, noIndex: true },
  { path: "/iniciar-sesion", title: "Iniciar sesión", page: login, guard: "signedOut" },
  { path: "/login", title: "Iniciar sesión", page: login, guard: "signedOut" },
  { path: "/recuperar-contrasena", title: "Recuperar contraseña", page: recoverPassword, guard: "signedOut" },
  { path: "/comprador-o-vendedor", title: "Crea tu cuenta", page: buyerOrSeller, guard: "signedOut" },
  { path: "/registro", title: "Registro de comprador", page: buyerRegistration, guard: "signedOut" },
  { path: "/registro-exitoso", title: "Gracias por registrarte", page: thankYou },
  { path: "/gracias-comprador", title: "Gracias por registrarte", page: thankYou },
  { path: "/gracias-vendedor", title: "Gracias por registrarte", page: thankYou },
  { path: "/perfil-de-negocio/:id", title: "Perfil de negocio", page: businessProfile, guard: "signedIn" },
  { path: "/mis-empresas", title: "Mis empresas", page: myCompanies, guard: "signedIn" },
  { path: "/mi-perfil", title: "Mi perfil", page: myProfile, guard: "signedIn" },
  { path: "/crear-empresa", title: "Crear nueva empresa", page: createCompany, guard: "signedIn" },
  { path: "/editar-empresa/:id", title: "Editar empresa", page: editCompany, guard: "signedIn" },
  { path: "/mi-empresa/:id", title: "Mi empresa", page: myCompany, guard: "signedIn" },
  { path: "/onboarding/:id", title: "Onboarding", page: onboarding, guard: "signedIn", hideChrome: true },
  { path: "/onboarding-completado", title: "Onboarding completado", page: onboardingCompleted, guard: "signedIn" },
  { path: "/pago-exitoso", title: "Pago exitoso", page: paymentSuccess, isPublic: true, noIndex: true },
  { path: "/pago-error", title: "Error en el pago", page: paymentError, isPublic: true, noIndex: true },
  { path: "/admin/dashboard/:table", title: "Panel de administración", page: adminDashboard, guard: "admin" },
  { path: "/admin/business", title: "Registrar empresa", page: adminBusiness, guard: "admin" },
  { path: "/admin/business/:id", title: "Editar empresa", page: adminBusiness, guard: "admin" },
];

/** Any other path. */
export const notFoundEntry: RouteEntry = {
  path: "*",
  title: "Página no encontrada",
  page: notFound,
  isPublic: true,
  noIndex: true,
};

/** A path the server can match exactly (no `:param`, no wildcard). */
export function isStaticPath(path: string): boolean {
  return path.startsWith("/") && !path.includes(":") && !path.includes("*");
}
