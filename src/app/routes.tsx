import { lazy, use, type ComponentType, type LazyExoticComponent } from "react";
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter, useSearch } from "wouter";
import { useRouteMeta } from "../hooks/useRouteMeta.ts";
import { useSession, useSessionLoad, useSessionReady } from "../lib/session.tsx";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeRedirect } from "../utils/safe-redirect.ts";
import { notFoundEntry, routeTable, type Guard, type RouteEntry } from "./route-table.ts";

/**
 * The router side of the route table (./route-table.ts, plain data that the
 * build reads too): every page is its own lazy chunk so public pages stay
 * small; guards and the hide-chrome flag are applied here.
 */

/**
 * The files a route may name as its page, each a lazy chunk. Excluded: pages
 * that a route module composes (they stay inside that route's chunk). A unit
 * test keeps this set equal to the route table's modules.
 */
export const pageModules = import.meta.glob<Record<string, unknown>>([
  "../features/*/components/*Page.tsx",
  "./pages/*.tsx",
  "!../features/marketplace/components/BusinessProfilePage.tsx",
  "!../features/deal-room/components/AccessRequestPage.tsx",
  "!../features/public-site/components/SellYourCompanyPage.tsx",
  "!../features/public-site/components/RaiseCapitalPage.tsx",
  "!../features/public-site/components/PlansPage.tsx",
  "!../features/accounts/components/MyProfilePage.tsx",
  "!../features/marketplace/components/MarketplacePage.tsx",
  "!../features/saved-searches/components/SavedSearchesPage.tsx",
]);

/** A lazy page; `preload` starts fetching its chunk without rendering it. */
type Page = LazyExoticComponent<ComponentType> & { readonly preload: () => Promise<unknown> };

export type AppRoute = Omit<RouteEntry, "page" | "pageExport"> & { readonly page: Page };

const lazyPages = new Map<string, Page>();

/**
 * One lazy component per page export, shared by the paths that show it. The
 * chunk is checked when it loads: a module the glob does not cover, or an
 * export that is not a component, fails that route with a clear error.
 */
function lazyPage(module: string, name = "default"): Page {
  const key = `${module}#${name}`;
  let page = lazyPages.get(key);
  if (page === undefined) {
    const load = async (): Promise<{ default: ComponentType }> => {
      const component: unknown = (await pageModules[module]?.())?.[name];
      if (typeof component !== "function") throw new Error(`Route table: no page ${key}`);
      return { default: component as ComponentType };
    };
    page = Object.assign(lazy(load), { preload: load });
    lazyPages.set(key, page);
  }
  return page;
}

const toAppRoute = ({ page, pageExport, ...route }: RouteEntry): AppRoute => ({ ...route, page: lazyPage(page, pageExport) });

export const routes: readonly AppRoute[] = routeTable.map(toAppRoute);

export const notFoundRoute: AppRoute = toAppRoute(notFoundEntry);

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
      // Decision 014: each role to where it adds a company.
      if (!session.isSignedIn) return null;
      if (session.isAdmin) return "/admin/business";
      return session.isSeller ? "/crear-empresa" : "/agrega-tu-empresa";
    case "admin":
      return session.isAdmin ? null : "/";
  }
}

function RoutePage({ route }: { readonly route: AppRoute }) {
  const ready = useSessionReady(route.isPublic !== true);
  const loadSession = useSessionLoad();
  const redirect = useGuardRedirect(route.guard);
  // A page rendered on request says its own title and URL from its data (decision 043).
  useRouteMeta(redirect === null && ready && route.rendersOnRequest !== true ? { ...route, isPublic: route.isPublic === true && route.noIndex !== true } : undefined);
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
