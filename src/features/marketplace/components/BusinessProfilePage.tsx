import { useRef, type ReactNode } from "react";
import { useParams } from "wouter";
import type { CatalogueItem } from "../../../../contracts/catalogues.ts";
import type { CompanyProfileView } from "../../../../contracts/marketplace.ts";
import type { PublicCompanyProfile } from "../../../../contracts/companies.ts";
import { LoadError, useLoadError } from "../../../components/LoadError.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { isApiError } from "../../../lib/api-error.ts";
import { HIDDEN_NAME } from "../../../lib/incognito.ts";
import { useSession } from "../../../lib/session.tsx";
import placeholder from "../assets/company-placeholder.svg";
import { usePageHead } from "../../../hooks/useRouteMeta.ts";
import { useCompany } from "../api/get-company.ts";
import { MARKETPLACE_DESCRIPTION, PROFILE_TITLE, profileHead } from "../marketplace-head.ts";
import { NOT_AVAILABLE } from "./CompanyCard.tsx";
import { InterestMessageForm } from "./InterestMessageForm.tsx";
import * as cardStyles from "./CompanyCard.css.ts";
import * as styles from "./BusinessProfilePage.css.ts";

// Spec section 9: MXN, es-MX; the funding round is labelled USD but uses the same formatter.
const money = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 });

const orNotAvailable = (value: string | null | undefined): string => (value === null || value === undefined || value === "" ? NOT_AVAILABLE : value);
const names = (items: ReadonlyArray<CatalogueItem>): string => orNotAvailable(items.map((item) => item.name).join(", "));

function facts(company: PublicCompanyProfile): ReadonlyArray<readonly [string, string]> {
  return [
    ["Tipo de empresa", orNotAvailable(company.company_type?.name)],
    ["Año de fundación", orNotAvailable(company.foundation_date?.toString())],
    ["Ubicación", orNotAvailable([company.state?.name, company.country?.name].filter(Boolean).join(", "))],
    ["Colaboradores", orNotAvailable(company.headcount?.toLocaleString("es-MX"))],
    ["Ventas anuales", company.yearly_sales === null ? orNotAvailable(company.yearly_sales_range?.name) : money.format(company.yearly_sales)],
    ["Rango de EBITDA", orNotAvailable(company.ebitda_range?.name)],
    ["Margen EBITDA", company.ebitda_margin === null ? NOT_AVAILABLE : `${percent.format(company.ebitda_margin)}%`],
    [
      "Crecimiento anual promedio (3 años)",
      company.average_yearly_growth === null ? NOT_AVAILABLE : `${percent.format(company.average_yearly_growth)}%`,
    ],
    ["Ronda de inversión (USD)", company.funding_round === null ? NOT_AVAILABLE : money.format(company.funding_round)],
    ["Rol del propietario", orNotAvailable(company.company_role?.name)],
    ["Industrias", names(company.industries)],
    ["Tipo de transacción", names(company.interests)],
  ];
}

/**
 * The company's name, for those the server sends it to (`confidential`: the
 * owner, admins, and a buyer whose access request is approved with the NDA
 * in force; decision 023). An admin in Incognito (demo) mode sees asterisks
 * (spec sections 2 and 6); everyone else gets nothing: the public profile
 * has no name.
 */
function CompanyName({ name }: { readonly name: string | undefined }) {
  const session = useSession();
  if (name === undefined) return null;
  return (
    <p className={styles.name}>
      Nombre: <span>{session.isAdmin && session.demoMode ? HIDDEN_NAME : name}</span>
    </p>
  );
}

/** Until the profile is there (never indexed: the server renders a published company with its data). */
const LOADING_HEAD = { title: PROFILE_TITLE, description: MARKETPLACE_DESCRIPTION, canonicalPath: null, indexed: false } as const;

export interface BusinessProfilePageProps {
  /** The app's 404 page, shown for an unknown or unpublished company (composed in src/app). */
  readonly notFound?: ReactNode;
  /** Beside the interest form: what the viewer may do about the full profile (the deal room, composed in src/app). */
  readonly renderAccess?: (profile: CompanyProfileView) => ReactNode;
  /** Under the public facts: the full profile, when the answer carries it (the deal room, composed in src/app). */
  readonly renderFullProfile?: (profile: CompanyProfileView) => ReactNode;
}

/** /perfil-de-negocio/{id}: the public profile, the viewer's access to the full one, and the interest message form. */
export default function BusinessProfilePage({ notFound = null, renderAccess, renderFullProfile }: BusinessProfilePageProps) {
  const params = useParams<{ id: string }>();
  const session = useSession();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const company = useCompany(id);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loadError = useLoadError([company]);
  usePageHead(company.data === undefined ? LOADING_HEAD : profileHead(company.data));

  if (id === null || (company.isError && isApiError(company.error) && (company.error.status === 404 || company.error.status === 400))) {
    return <>{notFound}</>;
  }
  if (loadError.show) {
    return (
      <div className={styles.page}>
        <Link href="/compra-una-empresa">← Volver a Compra una empresa</Link>
        <h1 className={styles.title}>Perfil de negocio</h1>
        <LoadError onRetry={loadError.retry} isRetrying={loadError.isRetrying} focusAfterRetry={titleRef} />
      </div>
    );
  }
  if (company.isPending || company.isError) {
    return (
      <div className={styles.loading}>
        <Spinner size="large" label="Cargando empresa" />
      </div>
    );
  }
  const profile = company.data;
  // The text as the seller wrote it for those the server sends it to, unless an admin shows the product (Incognito);
  // everyone else reads it with names and contact details masked (docs/decisions/030).
  const asWritten = profile.confidential !== null && !(session.isAdmin && session.demoMode) ? profile.confidential : null;
  const about = asWritten === null ? (profile.long_description ?? profile.short_description) : (asWritten.long_description ?? asWritten.short_description);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link href="/compra-una-empresa">← Volver a Compra una empresa</Link>
        <h1 ref={titleRef} tabIndex={-1} className={styles.title}>
          Empresa {profile.human_id}
        </h1>
        <CompanyName name={profile.confidential?.name} />
        <div className={styles.badges}>
          <span className={cardStyles.badge}>Verificación: {profile.verification_level.name}</span>
          {profile.industries.map((industry) => (
            <span key={industry.id} className={cardStyles.badge}>
              {industry.name}
            </span>
          ))}
        </div>
      </header>
      <div className={styles.layout}>
        <div className={styles.column}>
          <img
            className={styles.picture}
            src={profile.picture_url ?? placeholder}
            alt={profile.picture_url === null ? "" : `Imagen de la empresa ${profile.human_id}`}
            width={640}
            height={360}
          />
          <section aria-labelledby="about-title">
            <h2 id="about-title" className={styles.sectionTitle}>
              Acerca de la empresa
            </h2>
            <p className={styles.longDescription}>{orNotAvailable(about)}</p>
          </section>
          <section aria-labelledby="facts-title">
            <h2 id="facts-title" className={styles.sectionTitle}>
              Datos clave
            </h2>
            <dl className={styles.facts}>
              {facts(profile).map(([term, value]) => (
                <div key={term} className={styles.fact}>
                  <dt className={styles.term}>{term}</dt>
                  <dd className={styles.value}>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {renderFullProfile?.(profile)}
        </div>
        <div className={styles.aside}>
          {renderAccess?.(profile)}
          <InterestMessageForm companyId={profile.id} humanId={profile.human_id} />
        </div>
      </div>
    </div>
  );
}
