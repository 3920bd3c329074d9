import { lazy, use, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter, useSearch } from "wouter";
import { useRouteMeta } from "../hooks/useRouteMeta.ts";
import { useSession, useSessionLoad, useSessionReady } from "../lib/session.tsx";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeRedirect } from "../utils/safe-redirect.ts";

/**
 * The whole route table (spec section 2). Every page is its own lazy chunk so
 * public pages stay small; guards and the hide-chrome flag live here.
 */

/** A lazy page; `preload` starts fetching its chunk without rendering it. */
type Page = LazyExoticComponent<ComponentType> & { readonly preload: () => Promise<unknown> };

/**
 * - `signedIn`: needs a token, else /iniciar-sesion?redirect={path+search}.
 * - `signedOut`: login, register, recover: a signed-in user goes to the
 *   redirect parameter (when safe) or /compra-una-empresa.
 * - `sellerLanding`: a signed-in user goes to /admin/business.
 * - `admin`: a non-admin goes to /.
 */
export type Guard = "signedIn" | "signedOut" | "sellerLanding" | "admin";

export interface AppRoute {
  readonly path: string;
  /** `document.title` (Spanish), before " | Puente". */
  readonly title: string;
  readonly page: Page;
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

const page = (load: () => Promise<{ default: ComponentType }>): Page => Object.assign(lazy(load), { preload: load });

const Home = page(() => import("../features/public-site/components/HomePage.tsx"));
const Marketplace = page(() => import("../features/marketplace/components/MarketplacePage.tsx"));
const SellYourCompany = page(() => import("./pages/SellerLandings.tsx").then((module) => ({ default: module.SellYourCompanyRoute })));
const RaiseCapital = page(() => import("./pages/SellerLandings.tsx").then((module) => ({ default: module.RaiseCapitalRoute })));
const Services = page(() => import("../features/public-site/components/ServicesPage.tsx"));
const VirtualCfo = page(() => import("../features/public-site/components/VirtualCfoPage.tsx"));
const Plans = page(() => import("../features/public-site/components/PlansPage.tsx"));
const FreeValuation = page(() => import("../features/public-site/components/FreeValuationPage.tsx"));
const ValuationTool = page(() => import("../features/public-site/components/ValuationToolPage.tsx"));
const Bot = page(() => import("../features/public-site/components/BotPage.tsx"));
const Faq = page(() => import("../features/public-site/components/FaqPage.tsx"));
const Terms = page(() => import("../features/public-site/components/TermsPage.tsx"));
const Privacy = page(() => import("../features/public-site/components/PrivacyPage.tsx"));
const Contact = page(() => import("../features/public-site/components/ContactPage.tsx"));
const ContactSuccess = page(() => import("../features/public-site/components/ContactSuccessPage.tsx"));
const Login = page(() => import("../features/auth/components/LoginPage.tsx"));
const RecoverPassword = page(() => import("../features/auth/components/RecoverPasswordPage.tsx"));
const BuyerOrSeller = page(() => import("../features/auth/components/BuyerOrSellerPage.tsx"));
const BuyerRegistration = page(() => import("../features/auth/components/BuyerRegistrationPage.tsx"));
const ThankYou = page(() => import("../features/auth/components/ThankYouPage.tsx"));
const BusinessProfile = page(() => import("./pages/BusinessProfileRoute.tsx"));
const MyCompanies = page(() => import("../features/companies/components/MyCompaniesPage.tsx"));
const MyProfile = page(() => import("../features/accounts/components/MyProfilePage.tsx"));
const CreateCompany = page(() => import("../features/companies/components/CreateCompanyPage.tsx"));
const EditCompany = page(() => import("../features/companies/components/EditCompanyPage.tsx"));
const MyCompany = page(() => import("../features/companies/components/MyCompanyPage.tsx"));
const Onboarding = page(() => import("../features/companies/components/OnboardingPage.tsx"));
const OnboardingCompleted = page(() => import("../features/companies/components/OnboardingCompletedPage.tsx"));
const PaymentSuccess = page(() => import("../features/accounts/components/PaymentSuccessPage.tsx"));
const PaymentError = page(() => import("../features/accounts/components/PaymentErrorPage.tsx"));
const AdminDashboard = page(() => import("../features/admin/components/AdminDashboardPage.tsx"));
const AdminBusiness = page(() => import("../features/companies/components/AdminBusinessPage.tsx"));
const NotFound = page(() => import("../features/public-site/components/NotFoundPage.tsx"));

export const routes: readonly AppRoute[] = [
  { path: "/", title: "Compra, vende o invierte en empresas en México", page: Home, isPublic: true, description: "Compra, vende o levanta capital para empresas en México. Puente te conecta con compradores e inversionistas verificados, de forma directa y confidencial." },
  { path: "/compra-una-empresa", title: "Compra una empresa", page: Marketplace },
  { path: "/vende-tu-empresa", title: "Vende tu empresa", page: SellYourCompany, guard: "sellerLanding", isPublic: true, description: "Publica tu empresa en Puente, pasa la verificación KYC/KYB y recibe interés de compradores validados, siempre de forma directa y 1 a 1." },
  { path: "/levanta-capital", title: "Levanta capital", page: RaiseCapital, guard: "sellerLanding", isPublic: true, description: "Levanta capital para hacer crecer tu empresa: conecta con inversionistas verificados en México y negocia directamente con ellos." },
  { path: "/servicios", title: "Servicios", page: Services, isPublic: true, description: "CFO virtual, valuación simplificada o avanzada y asesoría para vender tu empresa en México. Precios en MXN más IVA." },
  { path: "/cfo-virtual", title: "CFO virtual", page: VirtualCfo, isPublic: true, description: "Un CFO virtual para tu empresa desde $12,000 MXN al mes más IVA: presupuestos, flujo de efectivo, análisis financiero y estrategia de crecimiento." },
  { path: "/planes", title: "Planes", page: Plans, isPublic: true, description: "Planes Explora, Impulsa y Acelera para publicar tu empresa en Puente, con data room, visibilidad y asesoría en fusiones y adquisiciones." },
  { path: "/Planes", title: "Planes", page: Plans, isPublic: true, description: "Planes Explora, Impulsa y Acelera para publicar tu empresa en Puente, con data room, visibilidad y asesoría en fusiones y adquisiciones." },
  { path: "/valuacion-gratuita", title: "Valuación gratuita", page: FreeValuation, isPublic: true, description: "¿Cuánto vale tu empresa? Obtén gratis una valuación estimada en cinco pasos con la herramienta de Puente." },
  { path: "/valuacion-gratuita/herramienta", title: "Herramienta de valuación", page: ValuationTool, hideChrome: true },
  { path: "/puente-bot", title: "Puente Bot", page: Bot, isPublic: true, description: "Resuelve tus dudas sobre comprar, vender o invertir en empresas en México con Puente Bot, nuestro asistente virtual." },
  { path: "/faq", title: "Preguntas frecuentes", page: Faq, isPublic: true, description: "Respuestas claras sobre cómo comprar, vender o financiar una empresa en México con Puente: verificación, planes, costos y confidencialidad." },
  { path: "/terminos-y-condiciones", title: "Términos y condiciones", page: Terms, isPublic: true, description: "Términos y condiciones de uso de Puente, la plataforma que conecta a dueños de empresas con compradores e inversionistas en México." },
  { path: "/politica-de-privacidad", title: "Política de privacidad", page: Privacy, isPublic: true, description: "Aviso de privacidad de Puente conforme a la ley mexicana de protección de datos personales, y cómo ejercer tus derechos ARCO." },
  { path: "/contacto", title: "Contacto", page: Contact, isPublic: true, description: "Habla con uno de nuestros expertos en compraventa y financiamiento de empresas. Te respondemos en menos de 24 horas." },
  { path: "/contacto-exito", title: "Mensaje enviado", page: ContactSuccess, isPublic: true, noIndex: true },
  { path: "/iniciar-sesion", title: "Iniciar sesión", page: Login, guard: "signedOut" },
  { path: "/login", title: "Iniciar sesión", page: Login, guard: "signedOut" },
  { path: "/recuperar-contrasena", title: "Recuperar contraseña", page: RecoverPassword, guard: "signedOut" },
  { path: "/comprador-o-vendedor", title: "Crea tu cuenta", page: BuyerOrSeller, guard: "signedOut" },
  { path: "/registro", title: "Registro de comprador", page: BuyerRegistration, guard: "signedOut" },
  { path: "/registro-exitoso", title: "Gracias por registrarte", page: ThankYou },
  { path: "/gracias-comprador", title: "Gracias por registrarte", page: ThankYou },
  { path: "/gracias-vendedor", title: "Gracias por registrarte", page: ThankYou },
  { path: "/perfil-de-negocio/:id", title: "Perfil de negocio", page: BusinessProfile, guard: "signedIn" },
  { path: "/mis-empresas", title: "Mis empresas", page: MyCompanies, guard: "signedIn" },
  { path: "/mi-perfil", title: "Mi perfil", page: MyProfile, guard: "signedIn" },
  { path: "/crear-empresa", title: "Crear nueva empresa", page: CreateCompany, guard: "signedIn" },
  { path: "/editar-empresa/:id", title: "Editar empresa", page: EditCompany, guard: "signedIn" },
  { path: "/mi-empresa/:id", title: "Mi empresa", page: MyCompany, guard: "signedIn" },
  { path: "/onboarding/:id", title: "Onboarding", page: Onboarding, guard: "signedIn", hideChrome: true },
  { path: "/onboarding-completado", title: "Onboarding completado", page: OnboardingCompleted, guard: "signedIn" },
  { path: "/pago-exitoso", title: "Pago exitoso", page: PaymentSuccess, isPublic: true, noIndex: true },
  { path: "/pago-error", title: "Error en el pago", page: PaymentError, isPublic: true, noIndex: true },
  { path: "/admin/dashboard/:table", title: "Panel de administración", page: AdminDashboard, guard: "admin" },
  { path: "/admin/business", title: "Registrar empresa", page: AdminBusiness, guard: "admin" },
  { path: "/admin/business/:id", title: "Editar empresa", page: AdminBusiness, guard: "admin" },
];

export const notFoundRoute: AppRoute = { path: "*", title: "Página no encontrada", page: NotFound, isPublic: true, noIndex: true };

/** Whether the current location's route hides the navbar and footer. */
export function useHideChrome(): boolean {
  const [location] = useLocation();
  const { parser } = useRouter();
  return routes.some((route) => route.hideChrome === true && matchRoute(parser, route.path, location)[0]);
}

/** Where the guard sends this user instead, or null to show the page. */
function useGuardRedirect(guard: Guard | undefined): string | null {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  switch (guard) {
    case undefined:
      return null;
    case "signedIn":
      return session.isSignedIn ? null : loginPathFor(search === "" ? location : `${location}?${search}`);
    case "signedOut":
      return session.isSignedIn ? (safeRedirect(search) ?? DEFAULT_AFTER_LOGIN) : null;
    case "sellerLanding":
      return session.isSignedIn ? "/admin/business" : null;
    case "admin":
      return session.isAdmin ? null : "/";
  }
}

function RoutePage({ route }: { readonly route: AppRoute }) {
  const ready = useSessionReady(route.isPublic !== true);
  const loadSession = useSessionLoad();
  const redirect = useGuardRedirect(route.guard);
  useRouteMeta(redirect === null && ready ? { ...route, isPublic: route.isPublic === true && route.noIndex !== true } : undefined);
  if (!ready) {
    // Fetch the page's chunk alongside the session's, then suspend (the
    // layout's spinner) until the session is there.
    void route.page.preload();
    use(loadSession());
  }
  if (redirect !== null) return <Redirect to={redirect} replace />;
  const PageComponent = route.page;
  return <PageComponent />;
}

export function AppRoutes() {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          <RoutePage route={route} />
        </Route>
      ))}
      <Route>
        <RoutePage route={notFoundRoute} />
      </Route>
    </Switch>
  );
}
