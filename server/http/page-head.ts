import { QUERY_DATA_ID, type PageHead } from "../../contracts/page-head.ts";

/**
 * A page's head tags and hydration data as HTML: the build's prerendered
 * pages (scripts/build/prerender-html.ts) and the pages rendered on request
 * (./rendered-pages.ts) write them the same way.
 */

const SITE_NAME = "Puente";
/** The share image (scripts/build/og-image.ts writes it into public/). */
export const SHARE_IMAGE = { path: "/og/puente.png", width: 1200, height: 630, alt: "Puente: compra, vende o invierte en empresas en México" };

export const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** JSON that cannot close the script holding it ("<" escaped; U+2028/9 are fine in JSON and in scripts since ES2019). */
const scriptJson = (value: unknown): string => JSON.stringify(value).replaceAll("<", "\\u003c");

/** schema.org data with its paths (strings starting with one "/") made absolute. */
function absolute(value: unknown, origin: string): unknown {
  if (typeof value === "string") return /^\/(?!\/)/.test(value) ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => absolute(item, origin));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absolute(item, origin)]));
  return value;
}

/** The head tags of one page: title, description, robots, canonical, Open Graph, Twitter and JSON-LD. */
export function headTagsFor(head: PageHead, origin: string): string {
  const title = escapeHtml(`${head.title} | ${SITE_NAME}`);
  const description = escapeHtml(head.description);
  const url = head.canonicalPath === null ? null : `${origin}${escapeHtml(head.canonicalPath)}`;
  const image = `${origin}${SHARE_IMAGE.path}`;
  const alt = escapeHtml(SHARE_IMAGE.alt);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta name="robots" content="${head.indexed ? "index, follow" : "noindex, nofollow"}">`,
    ...(url === null ? [] : [`<link rel="canonical" href="${url}">`, `<meta property="og:url" content="${url}">`]),
    `<meta property="og:type" content="${escapeHtml(head.ogType ?? "website")}">`,
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
    ...(head.jsonLd === undefined ? [] : [`<script type="application/ld+json">${scriptJson(absolute(head.jsonLd, origin))}</script>`]),
  ].join("\n    ");
}

/** The page's query data for hydration ([key, data] pairs), or nothing. */
export function queryDataScript(initialData: ReadonlyArray<readonly [unknown, unknown]>): string {
  if (initialData.length === 0) return "";
  return `<script type="application/json" id="${QUERY_DATA_ID}">${scriptJson(initialData)}</script>`;
}

/** In a page template (scripts/build/prerender-html.ts `pageTemplate`): where the head tags go. */
export const HEAD_MARK = "<!--puente:head-->";
/** In a page template: where #root (with the markup) and the query data go. */
export const ROOT_MARK = "<!--puente:root-->";

/** A page from its template: the head tags, the markup in #root (hydrated: data-prerendered) and its query data. */
export function fillTemplate(template: string, headTags: string, markup: string, initialData: ReadonlyArray<readonly [unknown, unknown]>): string {
  // Replacer functions, not strings: page text may hold "$1" or "$&" ("$12,000 MXN").
  return template
    .replace(HEAD_MARK, () => headTags)
    .replace(ROOT_MARK, () => `<div id="root" data-prerendered>${markup}</div>${queryDataScript(initialData)}`);
}
