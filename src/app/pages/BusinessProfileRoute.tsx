import { lazy, Suspense } from "react";
import { AccessPanel } from "../../features/deal-room/components/AccessPanel.tsx";
import BusinessProfilePage from "../../features/marketplace/components/BusinessProfilePage.tsx";
import NotFoundPage from "../../features/public-site/components/NotFoundPage.tsx";

// Only a viewer the server shows the full profile to renders it: not a visitor's first load (decision 047).
const FullProfileSection = lazy(async () => ({ default: (await import("../../features/deal-room/components/FullProfileSection.tsx")).FullProfileSection }));

/**
 * The business profile, with the app's 404 page for an unknown or
 * unpublished company (spec section 8), and the deal room's parts: the
 * access panel beside the interest form and, when the answer carries it,
 * the full profile under the public facts.
 */
export default function BusinessProfileRoute() {
  return (
    <BusinessProfilePage
      notFound={<NotFoundPage />}
      renderAccess={(profile) => <AccessPanel company={profile} />}
      renderFullProfile={(profile) => 
        profile.confidential === null ? null : (
          <Suspense fallback={null}>
            <FullProfileSection companyId={profile.id} confidential={profile.confidential} />
          </Suspense>
        )
      }
    />
  );
}
