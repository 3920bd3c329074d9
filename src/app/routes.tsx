import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter, useSearch } from "wouter";
import { useDocumentTitle } from "../hooks/useDocumentTitle.ts";
import { useSession } from "../lib/session.tsx";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeRedirect } from "../utils/safe-redirect.ts";

/**
 * The whole route table (spec section 2). Every page is its own lazy chunk so
 * public pages stay small; guards and the hide-chrome flag live here.
 */

type Page = LazyExoticComponent<ComponentType>;

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
}

const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const Home = page(() => import("../features/public-site/components/HomePage.tsx"));
const Marketplace = page(() => import("../features/marketplace/components/MarketplacePage.tsx"));
const SellYourCompany = page(() => import("../features/public-site/components/SellYourCompanyPage.tsx"));
const RaiseCapital = page(() => import("../features/public-site/components/RaiseCapitalPage.tsx"));
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
const BusinessProfile = page(() => import("../features/marketplace/components/BusinessProfilePage.tsx"));
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
  { path: "/", title: "Compra, vende o invierte en empresas en México", page: Home },
  { path: "/compra-una-empresa", title: "Compra una empresa", page: Marketplace },
  { path: "/vende-tu-empresa", title: "Vende tu empresa", page: SellYourCompany, guard: "sellerLanding" },
  { path: "/levanta-capital", title: "Levanta capital", page: RaiseCapital, guard: "sellerLanding" },
  { path: "/servicios", title: "Servicios", page: Services },
  { path: "/cfo-virtual", title: "CFO virtual", page: VirtualCfo },
  { path: "/planes", title: "Planes", page: Plans },
  { path: "/Planes", title: "Planes", page: Plans },
  { path: "/valuacion-gratuita", title: "Valuación gratuita", page: FreeValuation },
  { path: "/valuacion-gratuita/herramienta", title: "Herramienta de valuación", page: ValuationTool, hideChrome: true },
  { path: "/puente-bot", title: "Puente Bot", page: Bot },
  { path: "/faq", title: "Preguntas frecuentes", page: Faq },
  { path: "/terminos-y-condiciones", title: "Términos y condiciones", page: Terms },
  { path: "/politica-de-privacidad", title: "Política de privacidad", page: Privacy },
  { path: "/contacto", title: "Contacto", page: Contact },
  { path: "/contacto-exito", title: "Mensaje enviado", page: ContactSuccess },
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
  { path: "/pago-exitoso", title: "Pago exitoso", page: PaymentSuccess },
  { path: "/pago-error", title: "Error en el pago", page: PaymentError },
  { path: "/admin/dashboard/:table", title: "Panel de administración", page: AdminDashboard, guard: "admin" },
  { path: "/admin/business", title: "Registrar empresa", page: AdminBusiness, guard: "admin" },
  { path: "/admin/business/:id", title: "Editar empresa", page: AdminBusiness, guard: "admin" },
];

export const notFoundRoute: AppRoute = { path: "*", title: "Página no encontrada", page: NotFound };

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
  const redirect = useGuardRedirect(route.guard);
  useDocumentTitle(redirect === null ? route.title : undefined);
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
