import { BuyerLeadInvite } from "../../features/buyer-leads/components/BuyerLeadInvite.tsx";
import MarketplacePage from "../../features/marketplace/components/MarketplacePage.tsx";
import { SaveSearchButton } from "../../features/saved-searches/components/SaveSearchButton.tsx";

/**
 * /compra-una-empresa: the marketplace, with the saved searches' 'Guardar búsqueda' beside its filters
 * and, when nothing matches, the buyer mandates' 'Dime qué empresa buscas' with the chosen filters.
 */
export default function MarketplaceRoute() {
  return (
    <MarketplacePage
      searchAction={(criteria) => <SaveSearchButton criteria={criteria} />}
      emptyAction={(criteria) => <BuyerLeadInvite filters={criteria.filters} />}
    />
  );
}
