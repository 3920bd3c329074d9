import AccessRequestPage from "../../features/deal-room/components/AccessRequestPage.tsx";
import NotFoundPage from "../../features/public-site/components/NotFoundPage.tsx";

/** One access request, with the app's 404 page for an unknown request or one the viewer is no party to. */
export default function AccessRequestRoute() {
  return <AccessRequestPage notFound={<NotFoundPage />} />;
}
