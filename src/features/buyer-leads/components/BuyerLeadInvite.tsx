import type { FilterKey } from "../../../../contracts/marketplace-constants.ts";
import { Link } from "../../../components/ui/Link.tsx";
import { buyerLeadHref } from "./buyer-lead-link.ts";
import * as styles from "./BuyerLeadPage.css.ts";

/**
 * The marketplace's empty state's way on (composed in by
 * src/app/pages/MarketplaceRoute.tsx): no listing matches yet, so the buyer
 * tells us what they look for, starting from the filters they chose.
 */
export function BuyerLeadInvite({ filters }: { readonly filters: Readonly<Partial<Record<FilterKey, number>>> }) {
  return (
    <aside className={styles.invite} aria-labelledby="invitacion-mandato">
      <h2 id="invitacion-mandato" className={styles.inviteTitle}>
        ¿No encuentras la empresa que buscas?
      </h2>
      <p>Cuéntanos qué buscas y te avisamos por correo en cuanto se publique una empresa que coincida.</p>
      <Link href={buyerLeadHref(filters)} variant="primary">
        Dime qué empresa buscas
      </Link>
    </aside>
  );
}
