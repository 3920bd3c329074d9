import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { QueryClientProvider, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { RouterProvider } from "react-aria-components";
import { useLocation } from "wouter";
import { Toasts } from "../components/ui/Toasts.tsx";
import { AppLayout } from "./layout/AppLayout.tsx";
import { createQueryClient } from "./query-client.ts";
import { AppRoutes } from "./routes.tsx";
import { SessionProvider, useOnSignedOut, useSession, useSessionReady } from "../lib/session.tsx";
import { companyKeys } from "../lib/api/company-keys.ts";
import { sellerAnalyticsKeys } from "../lib/api/seller-analytics-keys.ts";
import { emailVerificationKeys } from "../features/accounts/api/email-verification-keys.ts";
import { adminKeys } from "../features/admin/api/admin-keys.ts";
import { dealRoomKeys } from "../features/deal-room/api/deal-room-keys.ts";
import { savedSearchKeys } from "../features/saved-searches/api/saved-search-keys.ts";
import { subscriptionKeys } from "../features/subscriptions/api/subscription-keys.ts";

/** react-aria links and menu items navigate through wouter. */
function AriaRouter({ children }: { readonly children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(href) => navigate(href)}>{children}</RouterProvider>;
}

/**
 * What the signed-in user saw of their own data leaves the cache when the
 * session ends, so the next person to log in on this tab never sees it
 * (Historial's pages, Mis empresas, the admin's tables, the deal room's
 * requests, a full company profile, saved searches, a company's analytics or
 * the e-mail's status would otherwise be fresh for a minute).
 */
function ForgetUserDataOnSignOut() {
  const queryClient = useQueryClient();
  const forget = useCallback(() => {
    // Profiles too: since the deal room, one carries the viewer's access and, for some, the full profile.
    const userData = [
      subscriptionKeys.payments(),
      companyKeys.dashboards(),
      adminKeys.all,
      dealRoomKeys.requests(),
      companyKeys.details(),
      savedSearchKeys.all,
      sellerAnalyticsKeys.all,
      emailVerificationKeys.all,
    ];
    for (const queryKey of userData) queryClient.removeQueries({ queryKey });
  }, [queryClient]);
  useOnSignedOut(forget);
  return null;
}

// Loaded with the session's actor, never in the entry chunk (XState stays out of the first load).
const SignedInPlanSync = lazy(() => import("../features/subscriptions/components/PlanSync.tsx"));

/** Every open tab of a signed-in person follows their plan (the subscription's actor hangs off the loaded session). */
function PlanSync() {
  const ready = useSessionReady(true);
  const session = useSession();
  return ready && session.isSignedIn ? (
    <Suspense fallback={null}>
      <SignedInPlanSync />
    </Suspense>
  ) : null;
}

// Loaded once signed in: the stream's reader and the contracts it decodes with (Effect) stay out of the first load.
const SignedInLiveDealRoom = lazy(() => import("../features/deal-room/components/LiveDealRoom.tsx"));

/** One live stream per signed-in tab: the deal room's changes arrive within a second (decision 032); it closes on sign-out. */
function LiveUpdates() {
  const ready = useSessionReady(true);
  const session = useSession();
  return ready && session.isSignedIn ? (
    <Suspense fallback={null}>
      <SignedInLiveDealRoom />
    </Suspense>
  ) : null;
}

/** Query data a prerendered page was rendered with ([key, data] pairs), so hydration renders the same. */
export type InitialQueryData = ReadonlyArray<readonly [QueryKey, unknown]>;

export function App({ initialData = [] }: { readonly initialData?: InitialQueryData }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const [queryKey, data] of initialData) client.setQueryData(queryKey, data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ForgetUserDataOnSignOut />
        <PlanSync />
        <LiveUpdates />
        <AriaRouter>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
          <Toasts />
        </AriaRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
