import { useCompanyBuyerLeadMatches } from "../api/get-company-buyer-lead-matches.ts";
import * as styles from "./BuyerLeadPage.css.ts";
import { buyersSentence, type MatchesAudience } from "./matches-text.ts";

/**
 * The owner's view of a company (composed in by src/app/pages/CompanyFormRoutes.tsx):
 * how many active buyer mandates its profile meets. Counts only: who they are
 * is never shown (decision 033). Quiet while loading or when the count cannot
 * be read: it is a hint, the page works without it.
 */
export function CompanyBuyerLeadMatches({ companyId, audience }: { readonly companyId: number; readonly audience: MatchesAudience }) {
  const matches = useCompanyBuyerLeadMatches(companyId);
  if (matches.data === undefined) return null;
  const sentence = buyersSentence(matches.data.matching, audience);
  return (
    <section className={styles.buyers} aria-labelledby="compradores-buscando">
      <h2 id="compradores-buscando" className={styles.buyersTitle}>
        Compradores que buscan una empresa así
      </h2>
      <p>
        {sentence.count === null ? null : <strong className={styles.buyersCount}>{sentence.count}</strong>} {sentence.text}
      </p>
      <p className={styles.note}>
        Son búsquedas activas que compradores e inversionistas nos dejaron (sector, estado, tamaño y tipo de operación) y que coinciden con el perfil{" "}
        {audience === "owner" ? "de tu empresa" : "de la empresa"}. Por confidencialidad no mostramos quiénes son. Cuando una empresa que coincide se publica,
        les avisamos por correo sin revelar su nombre ni sus datos de contacto.
      </p>
    </section>
  );
}
