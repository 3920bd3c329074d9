import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { encodeHtml, type RouteHtml } from "./route-preloads.ts";

/**
 * The public pages the build prerendered (scripts/build/prerender.ts writes
 * `prerendered.json`; docs/decisions/025-prerendered-public-pages.md). The
 * build cannot know the public origin, so the pages carry a placeholder in
 * their canonical, og:url and og:image URLs; it becomes APP_URL here, before
 * the pages are compressed.
 */

/** In the built pages' URLs where the origin goes (scripts/build/prerender.ts writes it). */
export const ORIGIN_PLACEHOLDER = "__PUENTE_ORIGIN__";

export interface PrerenderedPages {
  /** Exact path → its page (200). */
  readonly pages: ReadonlyMap<string, RouteHtml>;
  /** For paths no route of the app matches (404). */
  readonly notFound: RouteHtml;
  /**
   * The not-found page for a path a route matches (a company that is not
   * published): not hydrated, the browser renders that route itself (it
   * would not match the not-found page's markup).
   */
  readonly notFoundOfRoute: RouteHtml;
  /** The indexed public pages that do not depend on data (for sitemap.xml). */
  readonly indexedPaths: ReadonlyArray<string>;
  /** Whether the app has a route for `path` (client-rendered pages get index.html). */
  readonly isAppRoute: (path: string) => boolean;
}

/**
 * A route pattern as the client's router matches it (wouter's regexparam):
 * `:name` is one segment, case-insensitive, an optional trailing slash.
 */
export function routePattern(route: string): RegExp {
  const source = route
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source === "/" ? "" : source}/?$`, "i");
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every((item) => typeof item === "string");

/** Reads `prerendered.json` from the build; null when the build has none (or an unreadable one). */
export function loadPrerendered(distDir: string, appUrl: string): PrerenderedPages | null {
  const file = join(distDir, "prerendered.json");
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null) return null;
  const pages: unknown = Reflect.get(parsed, "pages");
  const notFound: unknown = Reflect.get(parsed, "notFound");
  const clientRoutes: unknown = Reflect.get(parsed, "clientRoutes");
  if (!isStringRecord(pages) || typeof notFound !== "string" || !Array.isArray(clientRoutes)) return null;
  const withOrigin = (html: string) => encodeHtml(html.replaceAll(ORIGIN_PLACEHOLDER, () => appUrl));
  const patterns = clientRoutes.filter((route): route is string => typeof route === "string").map(routePattern);
  const indexedPaths: unknown = Reflect.get(parsed, "indexedPaths");
  return {
    pages: new Map(Object.entries(pages).map(([path, html]) => [path, withOrigin(html)])),
    notFound: withOrigin(notFound),
    notFoundOfRoute: withOrigin(notFound.replace('<div id="root" data-prerendered>', '<div id="root">')),
    indexedPaths: Array.isArray(indexedPaths) ? indexedPaths.filter((path): path is string => typeof path === "string" && path.startsWith("/")) : [],
    isAppRoute: (path) => patterns.some((pattern) => pattern.test(path)),
  };
}
