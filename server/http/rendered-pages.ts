import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { PageHead } from "../../contracts/page-head.ts";
import { fillTemplate, headTagsFor } from "./page-head.ts";
import { ORIGIN_PLACEHOLDER, routePattern } from "./prerendered.ts";
import { EncodedHtml, type RouteHtml } from "./route-preloads.ts";

/**
 * Pages the server renders on each request with their data: the
 * marketplace and a business profile (docs/decisions/043-server-rendered-marketplace.md).
 * The build leaves the app's server entry in `dist/ssr/prerender.js` and a
 * template per route in `prerendered.json`; here the entry asks the API for
 * the page's data as an anonymous visitor (the public projection only), and
 * renders the page with it, its head tags and its query data for hydration.
 *
 * Rendering costs milliseconds, so a page is kept per URL with the data it
 * was rendered from: the next request asks the API again (cheap: listings
 * answer from the result cache, a profile is one lookup that also counts
 * the view, as the browser's request did before), and when the answers are
 * the same, the page is answered as it was. A write changes the answers,
 * so a page is never older than its data.
 */

type QueryData = ReadonlyArray<readonly [unknown, unknown]>;
type RouteData = { readonly status: 200; readonly head: PageHead; readonly initialData: QueryData } | { readonly status: 404 };
type AnonymousGet = (url: string) => Promise<{ readonly status: number; readonly body: unknown }>;

/** What dist/ssr/prerender.js exports (src/app/prerender.tsx). */
interface ServerEntry {
  readonly routeData: (path: string, search: string, get: AnonymousGet) => Promise<RouteData | null>;
  readonly renderRoute: (path: string, search: string, initialData: QueryData) => Promise<string>;
}

const isServerEntry = (value: unknown): value is ServerEntry =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "routeData") === "function" && typeof Reflect.get(value, "renderRoute") === "function";

/** A rendered page, compressed on first demand per encoding (brotli's quality 11 takes tens of milliseconds: 5 here, as a page lives until its data changes). */
class RenderedPage extends EncodedHtml {
  constructor(
    html: string,
    /** The answers the page was rendered from. */
    readonly dataKey: string,
  ) {
    super(html, { brotli: 5, gzip: 6 });
  }
}

/** What to answer for a path: a page (200), the not-found page (404), or null when it is not such a route. */
export type RenderedAnswer = { readonly status: 200 | 404; readonly page: RouteHtml } | null;

export interface RenderedPages {
  /** Whether `path` is a route the server renders on request. */
  readonly handles: (path: string) => boolean;
  /** The page for `path` and `search` (no "?"), its data asked for through `get`. Throws when rendering fails. */
  readonly answer: (path: string, search: string, get: AnonymousGet) => Promise<RenderedAnswer>;
  /** Loads the server entry now (once ready), so the first visitor does not wait for it. */
  readonly warm: () => Promise<void>;
}

/** Pages kept (per URL; a few hundred KB each with their compressed forms). */
const MAX_PAGES = 200;

/**
 * Reads the templates from the build; null when the build has none (an older
 * build, or none at all: those routes then render in the browser, as
 * before). The server entry (the app's code and React's server renderer)
 * loads on the first render or `warm()`, not before the process is ready:
 * compiling it was ~0.4 s of the start (docs/performance/start.md).
 */
export async function loadRenderedPages(distDir: string, appUrl: string, notFound: RouteHtml, log: FastifyBaseLogger): Promise<RenderedPages | null> {
  const bundle = join(distDir, "ssr", "prerender.js");
  const manifest = join(distDir, "prerendered.json");
  if (!existsSync(bundle) || !existsSync(manifest)) return null;
  const templatesValue: unknown = Reflect.get(JSON.parse(readFileSync(manifest, "utf8")) as object, "templates");
  if (typeof templatesValue !== "object" || templatesValue === null) return null;
  const templates = Object.entries(templatesValue)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([route, html]) => ({ pattern: routePattern(route), html: html.replaceAll(ORIGIN_PLACEHOLDER, () => appUrl) }));
  if (templates.length === 0) return null;
  let loading: Promise<ServerEntry | null> | null = null;
  const serverEntry = () =>
    (loading ??= import(pathToFileURL(bundle).href).then((entry: unknown) => {
      if (isServerEntry(entry)) return entry;
      log.warn({ bundle }, "server entry without routeData/renderRoute: pages render in the browser");
      return null;
    }));
  const pages = new Map<string, RenderedPage>();
  const templateFor = (path: string) => templates.find((template) => template.pattern.test(path));

  return {
    handles: (path) => templateFor(path) !== undefined,
    async warm() {
      await serverEntry();
    },
    async answer(path, search, get) {
      const template = templateFor(path);
      if (template === undefined) return null;
      const entry = await serverEntry();
      if (entry === null) return null;
      const data = await entry.routeData(path, search, get);
      if (data === null) return null;
      if (data.status === 404) return { status: 404, page: notFound };
      const url = `${path}?${search}`;
      const dataKey = JSON.stringify([data.head, data.initialData]);
      const kept = pages.get(url);
      if (kept !== undefined && kept.dataKey === dataKey) {
        // Refresh its place in the LRU order.
        pages.delete(url);
        pages.set(url, kept);
        return { status: 200, page: kept };
      }
      const markup = await entry.renderRoute(path, search, data.initialData);
      const page = new RenderedPage(fillTemplate(template.html, headTagsFor(data.head, appUrl), markup, data.initialData), dataKey);
      pages.delete(url);
      pages.set(url, page);
      if (pages.size > MAX_PAGES) {
        const oldest = pages.keys().next();
        if (oldest.done !== true) pages.delete(oldest.value);
      }
      return { status: 200, page };
    },
  };
}
