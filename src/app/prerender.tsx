import { prerender } from "react-dom/static";
import type { QueryKey } from "@tanstack/react-query";
import { Schema } from "effect";
import "../styles/global.css.ts";
import { CatalogueList, type CataloguePath } from "../../contracts/catalogues.ts";
import { CompanyListResponse, CompanyProfileView } from "../../contracts/marketplace.ts";
import type { PageHead } from "../../contracts/page-head.ts";
import { catalogueKeys } from "../lib/api/catalogue-keys.ts";
import { companyKeys } from "../lib/api/company-keys.ts";
import { MARKETPLACE_DESCRIPTION, marketplaceHead, PROFILE_TITLE, profileHead } from "../features/marketplace/marketplace-head.ts";
import { parseMarketplaceSearch } from "../features/marketplace/marketplace-url.ts";
import type { InitialQueryData } from "./App.tsx";
import { Root } from "./Root.tsx";

/**
 * The app's server entry. scripts/build/prerender.ts bundles it with
 * `vite build --ssr` into the build (dist/ssr/, never served as a file) and:
 * - the build calls `renderPage` once per public route: rendered signed out
 *   and without data (nothing is fetched at build time; queries render their
 *   loading state, unless the build passes their data in `initialData`,
 *   which the page then carries for hydration);
 * - the server (server/http/rendered-pages.ts) calls `routeData` and
 *   `renderRoute` on each request for the routes that render on request
 *   (the marketplace and a business profile; decision 043): their data as
 *   an anonymous visitor gets it from the API, and the page with it.
 * `prerender` waits for the lazy page chunk, so the HTML holds the page,
 * never the spinner.
 */
export async function renderPage(path: string, initialData: InitialQueryData = [], search?: string): Promise<string> {
  // A page that fails to render fails the build (or the request), rather than shipping its error boundary's HTML.
  const errors: unknown[] = [];
  const { prelude } = await prerender(<Root ssrPath={path} {...(search === undefined ? {} : { ssrSearch: search })} initialData={initialData} />, {
    onError: (error) => void errors.push(error),
    // Never outline a large Suspense boundary (the page) behind an inline
    // script: the HTML must show the page without JavaScript.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`Prerender of ${path} failed`, { cause: errors[0] });
  return html;
}

/** GET of an API path as an anonymous visitor: the status and the JSON body. */
export type AnonymousGet = (url: string) => Promise<{ readonly status: number; readonly body: unknown }>;

/** What a page rendered on request needs: its head and its query data (200), or the not-found page (404). */
export type RouteData =
  | { readonly status: 200; readonly head: PageHead; readonly initialData: InitialQueryData }
  | { readonly status: 404 };

const MARKETPLACE = /^\/compra-una-empresa\/?$/i;
const PROFILE = /^\/perfil-de-negocio\/([^/]+)\/?$/i;
// The marketplace's filter dropdowns and side panel (src/features/marketplace/components/MarketplacePage.tsx).
const FILTER_CATALOGUES: ReadonlyArray<CataloguePath> = ["industries", "interests", "company_types", "ebitda_ranges"];

/** A 200's body when it decodes as `schema` (what the browser's fetcher would have cached), else undefined. */
function decoded<A, I>(schema: Schema.Schema<A, I>, answer: { readonly status: number; readonly body: unknown }): A | undefined {
  if (answer.status !== 200) return undefined;
  const result = Schema.decodeUnknownEither(schema)(answer.body);
  return result._tag === "Right" ? result.right : undefined;
}

/** The API query of a marketplace URL, as the browser's fetcher sends it. */
function listingUrl(filters: ReturnType<typeof parseMarketplaceSearch>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  const query = params.toString();
  return query === "" ? "/api/companies" : `/api/companies?${query}`;
}

/**
 * The data a page that renders on request needs, asked for as an anonymous
 * visitor (never a confidential field: the API's public projection), keyed
 * as the page's queries key it; null for a path that is not such a page. A
 * query whose answer is not a 200 is left out: the page shows its loading
 * state and the browser asks again (and shows the error, as before).
 */
export async function routeData(path: string, search: string, get: AnonymousGet): Promise<RouteData | null> {
  if (MARKETPLACE.test(path)) {
    const filters = parseMarketplaceSearch(search);
    const [list, ...catalogues] = await Promise.all([
      get(listingUrl(filters)).then((body) => decoded(CompanyListResponse, body)),
      ...FILTER_CATALOGUES.map((name) => get(`/api/${name}`).then((body) => decoded(CatalogueList, body))),
    ]);
    const initialData: Array<readonly [QueryKey, unknown]> = [];
    if (list !== undefined) initialData.push([companyKeys.list(filters), list]);
    FILTER_CATALOGUES.forEach((name, index) => {
      const items = catalogues[index];
      if (items !== undefined) initialData.push([catalogueKeys.detail(name), items]);
    });
    const head = marketplaceHead(filters, list, { industries: catalogues[0], interests: catalogues[1] });
    return { status: 200, head, initialData };
  }
  const profile = PROFILE.exec(path);
  if (profile !== null) {
    // The page's own rule (BusinessProfilePage): anything but a positive integer is no company.
    const raw = profile[1] ?? "";
    if (!/^[1-9]\d{0,9}$/.test(raw)) return { status: 404 };
    const id = Number(raw);
    const answer = await get(`/api/companies/${id}`);
    // Unknown, unpublished or inactive (the API's 404), or an id out of range (its 400).
    if (answer.status === 404 || answer.status === 400) return { status: 404 };
    const company = decoded(CompanyProfileView, answer);
    // Any other failure: the page's loading state, and the browser asks (and says what went wrong).
    if (company === undefined) return { status: 200, head: { title: PROFILE_TITLE, description: MARKETPLACE_DESCRIPTION, canonicalPath: path.toLowerCase(), indexed: false }, initialData: [] };
    return { status: 200, head: profileHead(company), initialData: [[companyKeys.detail(id), company]] };
  }
  return null;
}

/** The markup of a page that renders on request, with the data `routeData` gave. */
export const renderRoute = (path: string, search: string, initialData: InitialQueryData): Promise<string> => renderPage(path, initialData, search);
