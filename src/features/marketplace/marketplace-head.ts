import type { CatalogueList } from "../../../contracts/catalogues.ts";
import type { CompanyListResponse } from "../../../contracts/marketplace.ts";
import type { PublicCompanyProfile } from "../../../contracts/companies.ts";
import type { PageHead } from "../../../contracts/page-head.ts";
import type { CompanyFilters } from "./api/get-companies.ts";
import { MARKETPLACE_PATH, marketplaceHref } from "./marketplace-url.ts";

/**
 * What the marketplace and a business profile say about themselves (title,
 * description, canonical URL, schema.org data): the server writes it into
 * the page it renders (src/app/prerender.tsx), the browser sets the same on
 * navigation. Only the anonymous projection goes in: a profile has no name
 * (docs/decisions/043-server-rendered-marketplace.md).
 */

export const MARKETPLACE_TITLE = "Compra una empresa";
export const MARKETPLACE_DESCRIPTION =
  "Empresas en venta y buscando inversión en México, verificadas por Puente. Filtra por industria, tipo de transacción, tamaño y EBITDA, y contacta al dueño de forma confidencial.";
export const PROFILE_TITLE = "Perfil de negocio";

/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

const profilePath = (id: number): string => `/perfil-de-negocio/${id}`;

/** The filters' names (industry, transaction type), as words for the title. */
function filterWords(filters: CompanyFilters, industries: CatalogueList | undefined, interests: CatalogueList | undefined): string {
  const industry = industries?.find((item) => item.id === filters.industry_id)?.name;
  const interest = interests?.find((item) => item.id === filters.interest_id)?.name;
  return [industry === undefined ? null : `de ${industry}`, interest === undefined ? null : `(${interest})`].filter((word) => word !== null).join(" ");
}

/**
 * /compra-una-empresa: each filtered or paged listing is its own page (its
 * canonical URL keeps the filters and the page, in a stable order); a text
 * search is not indexed (endless, thin pages), though its links are followed.
 */
export function marketplaceHead(
  filters: CompanyFilters,
  list: CompanyListResponse | undefined,
  catalogues: { readonly industries?: CatalogueList | undefined; readonly interests?: CatalogueList | undefined } = {},
): PageHead {
  const words = filterWords(filters, catalogues.industries, catalogues.interests);
  const page = filters.page ?? 1;
  const title = `${MARKETPLACE_TITLE}${words === "" ? "" : ` ${words}`}${page > 1 ? `, página ${page}` : ""}`;
  const count = list === undefined || list.total === 0 ? "" : list.total_capped ? "" : `${list.total.toLocaleString("es-MX")} ${list.total === 1 ? "empresa" : "empresas"} ${words}`.trim();
  return {
    title,
    description: count === "" ? MARKETPLACE_DESCRIPTION : clip(`${count}. ${MARKETPLACE_DESCRIPTION}`),
    canonicalPath: marketplaceHref(filters),
    indexed: filters.q === undefined,
    ...(list === undefined
      ? {}
      : {
          jsonLd: {
            "@context": "https://schema.org",
            "@type": "CollectionPage",
            name: title,
            url: marketplaceHref(filters),
            isPartOf: { "@type": "WebSite", name: "Puente", url: "/" },
            mainEntity: {
              "@type": "ItemList",
              numberOfItems: list.items.length,
              itemListElement: list.items.map((card, index) => ({
                "@type": "ListItem",
                position: (list.page - 1) * list.per_page + index + 1,
                url: profilePath(card.id),
                name: `Empresa ${card.human_id}`,
              })),
            },
          },
        }),
  };
}

const names = (items: ReadonlyArray<{ readonly name: string }>): string => items.map((item) => item.name).join(", ");

/**
 * A business profile: "Empresa PUE-… · industry in state", the public
 * (masked) description, and schema.org data about the business without who
 * it is: an Organization with no name, address line, contact, tax id or
 * website, only what the page itself shows.
 */
export function profileHead(profile: PublicCompanyProfile): PageHead {
  const industries = names(profile.industries);
  const where = [profile.state?.name, profile.country?.name].filter((part) => part !== undefined).join(", ");
  const title = [`Empresa ${profile.human_id}`, [industries, where === "" ? "" : `en ${where}`].filter((part) => part !== "").join(" ")]
    .filter((part) => part !== "")
    .join(": ");
  const transaction = names(profile.interests);
  const about = profile.short_description ?? profile.long_description ?? "";
  const description = clip([transaction === "" ? "" : `${transaction}.`, about, about === "" ? "Empresa verificada por Puente." : ""].filter((part) => part !== "").join(" "));
  const organization: Record<string, unknown> = {
    "@type": "Organization",
    identifier: profile.human_id,
    description: about === "" ? description : about,
    ...(profile.foundation_date === null ? {} : { foundingDate: String(profile.foundation_date) }),
    ...(profile.headcount === null ? {} : { numberOfEmployees: { "@type": "QuantitativeValue", value: profile.headcount } }),
    ...(profile.state === null && profile.country === null
      ? {}
      : {
          address: {
            "@type": "PostalAddress",
            ...(profile.state === null ? {} : { addressRegion: profile.state.name }),
            ...(profile.country === null ? {} : { addressCountry: profile.country.name }),
          },
        }),
    ...(profile.industries.length === 0 ? {} : { knowsAbout: profile.industries.map((item) => item.name) }),
  };
  return {
    title,
    description,
    canonicalPath: profilePath(profile.id),
    indexed: true,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ItemPage",
      name: title,
      url: profilePath(profile.id),
      isPartOf: { "@type": "WebSite", name: "Puente", url: "/" },
      breadcrumb: {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: MARKETPLACE_TITLE, item: MARKETPLACE_PATH },
          { "@type": "ListItem", position: 2, name: `Empresa ${profile.human_id}`, item: profilePath(profile.id) },
        ],
      },
      mainEntity: organization,
    },
  };
}
