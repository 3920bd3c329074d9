import { Suspense, type ReactNode } from "react";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { useHideChrome } from "../routes.tsx";
import { Footer } from "./Footer.tsx";
import { IncognitoBanner } from "./IncognitoBanner.tsx";
import { Navbar } from "./Navbar.tsx";
import { ScrollToTop } from "./ScrollToTop.tsx";
import * as styles from "./AppLayout.css.ts";

export const MAIN_ID = "contenido";

/** Skip link, navbar, the page in `<main>`, footer; chrome hidden on full-screen flows. */
export function AppLayout({ children }: { readonly children: ReactNode }) {
  const hideChrome = useHideChrome();
  return (
    <div className={styles.shell}>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        Saltar al contenido
      </a>
      <ScrollToTop />
      {/* On every page, full-screen flows included: an admin should never forget it is on. */}
      <IncognitoBanner />
      {hideChrome ? null : <Navbar />}
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Suspense
          fallback={
            <div className={styles.loader}>
              <Spinner size="large" label="Cargando" />
            </div>
          }
        >
          {children}
        </Suspense>
      </main>
      {hideChrome ? null : <Footer />}
    </div>
  );
}
