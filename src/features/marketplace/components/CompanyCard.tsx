import type { CompanyCard as CompanyCardData } from "../../../../contracts/marketplace.ts";
import { Link } from "../../../components/ui/Link.tsx";
import placeholder from "../assets/company-placeholder.svg";
import * as styles from "./CompanyCard.css.ts";

export const NOT_AVAILABLE = "No disponible";

/** One listing (spec section 2): picture, human_id, verification level, description and key facts. */
export function CompanyCard({ company }: { readonly company: CompanyCardData }) {
  const facts: ReadonlyArray<readonly [string, string]> = [
    ["Tipo de empresa", company.company_type?.name ?? NOT_AVAILABLE],
    ["Ubicación", company.state?.name ?? NOT_AVAILABLE],
    ["Ventas anuales", company.yearly_sales_range?.name ?? NOT_AVAILABLE],
    ["EBITDA", company.ebitda_range?.name ?? NOT_AVAILABLE],
    ["Interés", company.interests.length > 0 ? company.interests.map((interest) => interest.name).join(", ") : NOT_AVAILABLE],
  ];
  return (
    <article className={styles.card} aria-labelledby={`company-${company.id}`}>
      <img
        className={styles.picture}
        src={company.picture_url ?? placeholder}
        alt={company.picture_url === null ? "" : `Imagen de la empresa ${company.human_id}`}
        loading="lazy"
        width={320}
        height={180}
      />
      <div className={styles.body}>
        <div className={styles.header}>
          <h3 id={`company-${company.id}`} className={styles.humanId}>
            {company.human_id}
          </h3>
          <span className={styles.badge}>Verificación: {company.verification_level.name}</span>
        </div>
        <p className={styles.description}>{company.short_description ?? NOT_AVAILABLE}</p>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.row}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.footer}>
          <Link href={`/perfil-de-negocio/${company.id}`} variant="primary" aria-label={`Ver más de ${company.human_id}`}>
            Ver más
          </Link>
        </div>
      </div>
    </article>
  );
}
