import type { RouteEntry } from "../../src/app/route-table.ts";
import { ORIGIN_PLACEHOLDER } from "../../server/http/prerendered.ts";
import { fillTemplate, HEAD_MARK, headTagsFor, ROOT_MARK, SHARE_IMAGE } from "../../server/http/page-head.ts";
import type { RoutePreloads } from "./route-preloads.ts";

/**
 * The HTML of a prerendered page (./prerender.ts renders the markup): pure
 * string work, shared with the tests.
 */

export { SHARE_IMAGE };

/** What the server reads: `dist/prerendered.json`. */
export const PRERENDERED_FILE = "prerendered.json";
/** Spec section 9 (the same text as src/hooks/useRouteMeta.ts, checked by tests/unit/prerender-html.test.ts). */
export const DEFAULT_DESCRIPTION =
  "Puente conecta a dueños de empresas en México con compradores e inversionistas verificados. Vende tu empresa, levanta capital o encuentra tu próxima inversión.";

export interface Prerendered {
  /** Exact path → the page's HTML (origin placeholder inside). */
  readonly pages: Record<string, string>;
  /** Any path no route matches; answered with 404. */
  readonly notFound: string;
  /** Every route pattern of the app (`:param`s included): paths the client renders itself. */
  readonly clientRoutes: string[];
  /**
   * Route pattern → the page without its head tags and markup (HEAD_MARK,
   * ROOT_MARK): the routes the server renders on request (decision 043).
   */
  readonly templates: Record<string, string>;
  /** The paths of the indexed public pages that do not depend on data, for sitemap.xml. */
  readonly indexedPaths: string[];
}

/** The head tags of one page: title, description, robots, canonical, Open Graph and Twitter. */
export function headTags(entry: RouteEntry, isNotFound: boolean): string {
  return headTagsFor(
    {
      title: entry.title,
      description: entry.description ?? DEFAULT_DESCRIPTION,
      indexed: entry.noIndex !== true,
      // Paths that differ only in case (/Planes, /planes) are one page to search engines: the lowercase one.
      // The not-found page answers any path: it has no URL of its own.
      canonicalPath: isNotFound ? null : entry.path.toLowerCase(),
    },
    ORIGIN_PLACEHOLDER,
  );
}

// index.html's generic tags, replaced by the page's own.
const GENERIC_HEAD = /<title>[\s\S]*?<\/title>\s*|<meta\s+(?:name|property)="(?:description|robots|og:[\w:]+|twitter:[\w:]+)"[^>]*>\s*/g;
// The boot navbar and the no-JavaScript notice, replaced by the page.
const BOOT_ROOT = /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;

/**
 * A page without its head tags and markup: index.html with its generic tags
 * and boot navbar replaced by HEAD_MARK and ROOT_MARK, and the page's chunks
 * and stylesheets linked.
 */
export function pageTemplate(indexHtml: string, preloads: RoutePreloads): string {
  if (!BOOT_ROOT.test(indexHtml) || !indexHtml.includes('<meta name="viewport"')) throw new Error("prerender: index.html has no #root or viewport meta");
  // Stylesheets, not preloads: the page must paint styled before any script runs (no FOUC, no shift).
  const links = [
    ...preloads.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...preloads.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join("\n    ");
  return indexHtml
    .replace(GENERIC_HEAD, "")
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}\n    ${HEAD_MARK}`)
    .replace("</head>", () => `  ${links}\n  </head>`)
    .replace(BOOT_ROOT, () => ROOT_MARK);
}

/** One prerendered page: index.html with the page's head tags, its chunks and stylesheets, and its markup in #root. */
export function pageHtml(
  indexHtml: string,
  entry: RouteEntry,
  markup: string,
  preloads: RoutePreloads,
  isNotFound = false,
  initialData: ReadonlyArray<readonly [unknown, unknown]> = [],
): string {
  return fillTemplate(pageTemplate(indexHtml, preloads), headTags(entry, isNotFound), markup, initialData);
}

/** The public routes the build prerenders: every `isPublic` entry with a static path. */
export const prerenderedRoutes = (routes: ReadonlyArray<RouteEntry>): RouteEntry[] =>
  routes.filter((route) => route.isPublic === true && route.rendersOnRequest !== true && !route.path.includes(":"));

/** The routes the server renders on each request with their data (decision 043). */
export const requestRenderedRoutes = (routes: ReadonlyArray<RouteEntry>): RouteEntry[] => routes.filter((route) => route.rendersOnRequest === true);

/** For sitemap.xml: the indexed public pages with a static path, lowercase, once each. */
export const indexedPaths = (routes: ReadonlyArray<RouteEntry>): string[] => [
  ...new Set(routes.filter((route) => route.isPublic === true && route.noIndex !== true && !route.path.includes(":")).map((route) => route.path.toLowerCase())),
];

