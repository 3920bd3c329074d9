import MarketplacePage from "../../features/marketplace/components/MarketplacePage.tsx";
import { SaveSearchButton } from "../../features/saved-searches/components/SaveSearchButton.tsx";

/** /compra-una-empresa: the marketplace, with the saved searches' 'Guardar búsqueda' beside its filters. */
export default function MarketplaceRoute() {
  return <MarketplacePage searchAction={(criteria) => <SaveSearchButton criteria={criteria} />} />;
}
