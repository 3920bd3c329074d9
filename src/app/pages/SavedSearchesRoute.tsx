import { MARKETPLACE_PATH, marketplaceHref } from "../../features/marketplace/marketplace-url.ts";
import SavedSearchesPage from "../../features/saved-searches/components/SavedSearchesPage.tsx";

/** /busquedas-guardadas: the saved searches, each 'Ver resultados' opening the marketplace's own URL for its filters and text. */
export default function SavedSearchesRoute() {
  return <SavedSearchesPage resultsHref={({ filters, q }) => marketplaceHref({ ...filters, ...(q === undefined ? {} : { q }) })} marketplaceHref={MARKETPLACE_PATH} />;
}
