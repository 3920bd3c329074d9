import type { RouteEntry } from "../../src/app/route-table.ts";
import { ORIGIN_PLACEHOLDER } from "../../server/http/prerendered.ts";
import { QUERY_DATA_ID } from "../../src/app/prerender-ids.ts";
import type { RoutePreloads } from "./route-preloads.ts";

/**
 * The HTML of a prerendered page (./prerender.ts renders the markup): pure
 * string work, shared with the tests.
 */

/** What the server reads: `dist/prerendered.json`. */
export const PRERENDERED_FILE = "prerendered.json";
/** The share image (scripts/build/og-image.ts writes it into public/). */
export const SHARE_IMAGE = { path: "/og/puente.png", width: 1200, height: 630, alt: "Puente: compra, vende o invierte en empresas en México" };
const SITE_NAME = "Puente";
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
}

const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The head tags of one page: title, description, robots, canonical, Open Graph and Twitter. */
export function headTags(entry: RouteEntry, isNotFound: boolean): string {
  const title = escapeHtml(`${entry.title} | ${SITE_NAME}`);
  const description = escapeHtml(entry.description ?? DEFAULT_DESCRIPTION);
  const indexed = entry.noIndex !== true;
  // Paths that differ only in case (/Planes, /planes) are one page to search engines: the lowercase one.
  const url = `${ORIGIN_PLACEHOLDER}${entry.path.toLowerCase()}`;
  const image = `${ORIGIN_PLACEHOLDER}${SHARE_IMAGE.path}`;
  const alt = escapeHtml(SHARE_IMAGE.alt);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta name="robots" content="${indexed ? "index, follow" : "noindex, nofollow"}">`,
    // The not-found page answers any path: it has no URL of its own.
    ...(isNotFound ? [] : [`<link rel="canonical" href="${url}">`, `<meta property="og:url" content="${url}">`]),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="es_MX">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${image}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="${SHARE_IMAGE.width}">`,
    `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`,
    `<meta property="og:image:alt" content="${alt}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
    `<meta name="twitter:image:alt" content="${alt}">`,
  ].join("\n    ");
}

// index.html's generic tags, replaced by the page's own.
const GENERIC_HEAD = /<title>[\s\S]*?<\/title>\s*|<meta\s+(?:name|property)="(?:description|robots|og:[\w:]+|twitter:[\w:]+)"[^>]*>\s*/g;
// The boot navbar and the no-JavaScript notice, replaced by the page.
const BOOT_ROOT = /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;

/** One prerendered page: index.html with the page's head tags, its chunks and stylesheets, and its markup in #root. */
export function pageHtml(
  indexHtml: string,
  entry: RouteEntry,
  markup: string,
  preloads: RoutePreloads,
  isNotFound = false,
  initialData: ReadonlyArray<readonly [unknown, unknown]> = [],
): string {
  if (!BOOT_ROOT.test(indexHtml) || !indexHtml.includes('<meta name="viewport"')) throw new Error("prerender: index.html has no #root or viewport meta");
  // Stylesheets, not preloads: the page must paint styled before any script runs (no FOUC, no shift).
  const links = [
    ...preloads.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...preloads.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join("\n    ");
  // Replacer functions, not strings: page text may hold "$1" or "$&" ("$12,000 MXN").
  return indexHtml
    .replace(GENERIC_HEAD, "")
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}\n    ${headTags(entry, isNotFound)}`)
    .replace("</head>", () => `  ${links}\n  </head>`)
    .replace(BOOT_ROOT, () => `<div id="root" data-prerendered>${markup}</div>${queryDataScript(initialData)}`);
}

/** The page's query data for hydration, as JSON that cannot close its script ("<" escaped). */
function queryDataScript(initialData: ReadonlyArray<readonly [unknown, unknown]>): string {
  if (initialData.length === 0) return "";
  return `<script type="application/json" id="${QUERY_DATA_ID}">${JSON.stringify(initialData).replaceAll("<", "\\u003c")}</script>`;
}

/** The public routes the build prerenders: every `isPublic` entry with a static path. */
export const prerenderedRoutes = (routes: ReadonlyArray<RouteEntry>): RouteEntry[] =>
  routes.filter((route) => route.isPublic === true && !route.path.includes(":"));

