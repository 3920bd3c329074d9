import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { build, type Plugin } from "vite";
import { PLANS } from "../../server/payments/plans.ts";
import { notFoundEntry, routeTable, type RouteEntry } from "../../src/app/route-table.ts";
import { subscriptionKeys } from "../../src/features/subscriptions/api/subscription-keys.ts";
import { indexedPaths, pageHtml, pageTemplate, prerenderedRoutes, PRERENDERED_FILE, requestRenderedRoutes, type Prerendered } from "./prerender-html.ts";
import { buildRoutePreloads, type BuildChunk, type RoutePreloads } from "./route-preloads.ts";

/**
 * Prerendered public pages (docs/decisions/025-prerendered-public-pages.md).
 * After the client build, the same app is bundled for Node
 * (src/app/prerender.tsx) and rendered once per public route with React's
 * `prerender`; each page becomes the built index.html with that markup in
 * #root, the page's own title, description, canonical URL, Open Graph and
 * Twitter tags, and its chunks and stylesheets linked so it paints without
 * JavaScript. The server (server/http/prerendered.ts) answers them.
 *
 * Routes that render on request with their data (the marketplace and a
 * business profile; docs/decisions/043-server-rendered-marketplace.md) get a
 * template instead, and the server bundle stays in the build
 * (`dist/ssr/prerender.js`, never served) for the server to render them.
 */

/** The server bundle's directory inside the build (server/http/rendered-pages.ts loads it; @fastify/static never serves it). */
export const SERVER_BUNDLE_DIR = "ssr";

/** A route's key among the route preloads: a pattern's `:param` would make it skipped there as a non-static path. */
const preloadKey = (path: string): string => path.replaceAll(":", "__");

/** The not-found page's key among the route preloads (no path matches it). */
const NOT_FOUND_KEY = "/__not-found";

interface ServerEntry {
  readonly renderPage: (path: string, initialData: ReadonlyArray<readonly [unknown, unknown]>) => Promise<string>;
}

/**
 * Query data a page is prerendered with, written into it for hydration.
 * Only data the build has without fetching: the plan table is code
 * (server/payments/plans.ts, what GET /api/plans answers) and the plans
 * query keeps it for the visit, so /planes shows its prices without
 * JavaScript, never shifts when they arrive, and does not load the API
 * client on arrival.
 */
function pageData(path: string): ReadonlyArray<readonly [unknown, unknown]> {
  return path.toLowerCase() === "/planes" ? [[subscriptionKeys.plans(), PLANS]] : [];
}

/**
 * Bundles src/app/prerender.tsx for Node into the build (`<outDir>/ssr`; a
 * build inside the repo, so its imports resolve to node_modules) and loads it.
 */
async function loadServerEntry(root: string, clientOutDir: string): Promise<ServerEntry> {
  const outDir = join(clientOutDir, SERVER_BUNDLE_DIR);
  try {
    await build({
      configFile: false,
      root,
      mode: "production",
      logLevel: "warn",
      plugins: [react(), vanillaExtractPlugin()],
      build: {
        ssr: "src/app/prerender.tsx",
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: "prerender.js" } },
      },
    });
    return (await import(pathToFileURL(join(outDir, "prerender.js")).href)) as ServerEntry;
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}

/** The client build's scripts and stylesheets, as one text. */
async function clientAssets(outDir: string): Promise<string> {
  const assets = join(outDir, "assets");
  const files = (await readdir(assets)).filter((file) => file.endsWith(".css") || file.endsWith(".js"));
  return (await Promise.all(files.map((file) => readFile(join(assets, file), "utf8")))).join("\n");
}

/**
 * The server bundle must name vanilla-extract's classes as the client bundle
 * does, or the page paints unstyled and hydration keeps the wrong names (React
 * does not patch attributes): every class of a page must be in the client's
 * scripts or stylesheets (a class with no declarations is only in a script).
 */
function assertSameClasses(path: string, markup: string, client: string): void {
  const used = [...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] ?? "").split(/\s+/)).filter((name) => name !== "");
  const missing = [...new Set(used)].filter((name) => !client.includes(name));
  if (missing.length > 0) throw new Error(`prerender: ${path} uses classes the client build does not have: ${missing.slice(0, 10).join(", ")}`);
}

/**
 * Only files the build wrote: Vite drops the chunks of CSS-only modules
 * (`Page.css.ts.vanilla-*.js`) after the bundle lists them, and a preload of
 * one is a 404 in the console.
 */
function existing(outDir: string, preloads: RoutePreloads): RoutePreloads {
  const written = (href: string) => existsSync(join(outDir, href));
  return { js: preloads.js.filter(written), css: preloads.css.filter(written) };
}

/** The Vite plugin: after the client build, writes `prerendered.json` next to index.html. */
export function prerenderPages(srcApp: string): Plugin {
  let root = process.cwd();
  let outDir = "dist";
  let preloads: Record<string, RoutePreloads> = {};
  const pages = prerenderedRoutes(routeTable);
  const onRequest = requestRenderedRoutes(routeTable);
  return {
    name: "puente:prerender",
    // The client build only (the server bundle it starts is an SSR build).
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const chunks: BuildChunk[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          imports: item.imports,
          importedCss: item.viteMetadata?.importedCss ?? new Set(),
        });
      }
      preloads = buildRoutePreloads(chunks, [...pages, ...onRequest.map((route) => ({ ...route, path: preloadKey(route.path) })), { ...notFoundEntry, path: NOT_FOUND_KEY }], srcApp);
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        const out = resolve(root, outDir);
        const indexHtml = await readFile(join(out, "index.html"), "utf8");
        const client = await clientAssets(out);
        const entry = await loadServerEntry(root, out);
        const render = async (route: RouteEntry, renderPath: string, key: string, isNotFound: boolean): Promise<string> => {
          const data = pageData(renderPath);
          const markup = await entry.renderPage(renderPath, data);
          assertSameClasses(route.path, markup, client);
          return pageHtml(indexHtml, route, markup, existing(out, preloads[key] ?? { js: [], css: [] }), isNotFound, data);
        };
        const rendered: Record<string, string> = {};
        for (const route of pages) rendered[route.path] = await render(route, route.path, route.path, false);
        const templates: Record<string, string> = {};
        for (const route of onRequest) {
          // Stylesheets only: these pages' chunks are ~100 KB more than a marketing page's, and preloaded in the head
          // they shared the phone's bandwidth with the stylesheets, delaying the first paint (LCP 2.6–2.9 s in
          // bench:web, ~2.1 s without). The entry asks for the page's chunk and its imports at once before hydrating.
          const { css } = existing(out, preloads[preloadKey(route.path)] ?? { js: [], css: [] });
          templates[route.path] = pageTemplate(indexHtml, { js: [], css });
        }
        const result: Prerendered = {
          pages: rendered,
          notFound: await render(notFoundEntry, NOT_FOUND_KEY, NOT_FOUND_KEY, true),
          clientRoutes: routeTable.map((route) => route.path),
          templates,
          indexedPaths: indexedPaths(routeTable),
        };
        await writeFile(join(out, PRERENDERED_FILE), JSON.stringify(result));
      },
    },
  };
}
