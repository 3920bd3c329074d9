import { useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-aria-components";
import { useLocation } from "wouter";
import { Toasts } from "../components/ui/Toasts.tsx";
import { AppLayout } from "./layout/AppLayout.tsx";
import { createQueryClient } from "./query-client.ts";
import { AppRoutes } from "./routes.tsx";
import { SessionProvider } from "../lib/session.tsx";

/** react-aria links and menu items navigate through wouter. */
function AriaRouter({ children }: { readonly children: ReactNode }) {
  const [, navigate] = useLocation();
  return <RouterProvider navigate={(href) => navigate(href)}>{children}</RouterProvider>;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
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
