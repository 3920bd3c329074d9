import BusinessProfilePage from "../../features/marketplace/components/BusinessProfilePage.tsx";
import NotFoundPage from "../../features/public-site/components/NotFoundPage.tsx";

/** The business profile, with the app's 404 page for an unknown or unpublished company (spec section 8). */
export default function BusinessProfileRoute() {
  return <BusinessProfilePage notFound={<NotFoundPage />} />;
}
