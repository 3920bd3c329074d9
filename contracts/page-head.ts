/**
 * What a page says about itself in its <head>: the server writes it as tags
 * (server/http/page-head.ts). Shared by the build's prerendered pages and the
 * pages the server renders on request from the app's server entry
 * (src/app/prerender.tsx; docs/decisions/043-server-rendered-marketplace.md).
 */
export interface PageHead {
  /** Before " | Puente". */
  readonly title: string;
  readonly description: string;
  /** The page's one URL, as a path (the origin is added by the server); null: none (the not-found page answers any path). */
  readonly canonicalPath: string | null;
  /** False: `noindex` (thank-you pages, search results, the not-found page). */
  readonly indexed: boolean;
  /** Open Graph type; "website" when absent. */
  readonly ogType?: string;
  /** schema.org data, written as JSON-LD; URLs in it are paths, made absolute by the server. */
  readonly jsonLd?: Readonly<Record<string, unknown>>;
}

/** The id of the JSON script holding a page's query data for hydration (written by server/http/page-head.ts, read by src/app/main.tsx). */
export const QUERY_DATA_ID = "puente-query-data";
