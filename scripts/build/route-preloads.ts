import { resolve } from "node:path";
import type { Plugin } from "vite";
import { isStaticPath, type RouteEntry } from "../../src/app/route-table.ts";

/** What the preload builder needs of a chunk of the build. */
export interface BuildChunk {
  readonly fileName: string;
  readonly isEntry: boolean;
  /** The module the chunk stands for (a lazy import's target), if any. */
  readonly facadeModuleId: string | null;
  /** Chunks it imports statically. */
  readonly imports: ReadonlyArray<string>;
  readonly importedCss: ReadonlySet<string>;
}

export interface RoutePreloads {
  readonly js: string[];
  readonly css: string[];
}

/**
 * The page module file (absolute) of each route path the server can match
 * exactly; paths with parameters are left out. `srcApp` is the folder the
 * table's modules are relative to (src/app).
 */
export function routePageFiles(routes: ReadonlyArray<RouteEntry>, srcApp: string): Map<string, string> {
  return new Map(routes.filter((route) => isStaticPath(route.path)).map((route) => [route.path, resolve(srcApp, route.page)]));
}

/**
 * For each page route: the page chunk, its imports and its CSS that the
 * entry does not already load. A route whose module has no chunk of its own
 * gets nothing (the page still works, without preloads).
 */
export function buildRoutePreloads(
  chunks: ReadonlyArray<BuildChunk>,
  routes: ReadonlyArray<RouteEntry>,
  srcApp: string,
): Record<string, RoutePreloads> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: ReadonlyArray<string>): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const initial = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const preloads: Record<string, RoutePreloads> = {};
  for (const [path, module] of routePageFiles(routes, srcApp)) {
    const page = chunks.find((chunk) => chunk.facadeModuleId === module);
    if (page === undefined) continue;
    const files = [...closure([page.fileName])].filter((file) => !initial.has(file));
    const css = files.flatMap((file) => [...(byFile.get(file)?.importedCss ?? [])]);
    preloads[path] = { js: files.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
  }
  return preloads;
}

/**
 * Writes `route-preloads.json` from the route table (src/app/route-table.ts).
 * The server's history fallback (server/http/route-preloads.ts) puts each
 * route's files in the HTML as `modulepreload`/`preload` links, so the page's
 * code downloads alongside the entry instead of after it.
 */
export function routePreloads(routes: ReadonlyArray<RouteEntry>, srcApp: string): Plugin {
  return {
    name: "puente:route-preloads",
    apply: "build",
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
      const preloads = buildRoutePreloads(chunks, routes, srcApp);
      this.emitFile({ type: "asset", fileName: "route-preloads.json", source: JSON.stringify(preloads) });
    },
  };
}
