import { AccessPanel } from "../../features/deal-room/components/AccessPanel.tsx";
import { FullProfileSection } from "../../features/deal-room/components/FullProfileSection.tsx";
import BusinessProfilePage from "../../features/marketplace/components/BusinessProfilePage.tsx";
import NotFoundPage from "../../features/public-site/components/NotFoundPage.tsx";

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
      renderFullProfile={(profile) => (profile.confidential === null ? null : <FullProfileSection companyId={profile.id} confidential={profile.confidential} />)}
    />
  );
}
