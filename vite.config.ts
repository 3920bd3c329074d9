import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|map)$/;

/**
 * Writes `file.br` and `file.gz` next to every text asset of the build, so
 * the server (@fastify/static with `preCompressed`) answers compressed files
 * without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "puente:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const entries = await readdir(dir, { withFileTypes: true });
        const nested = await Promise.all(
          entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
        );
        return nested.flat();
      };
      const files = (await walk(outDir)).filter((file) => COMPRESSIBLE.test(file) && !file.endsWith(".map"));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 512) return;
          const content = await readFile(file);
          const [gz, br] = await Promise.all([
            gzipAsync(content, { level: 9 }),
            brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

const ROUTES_FILE = resolve(import.meta.dirname, "src/app/routes.tsx");

/**
 * The page modules of the route table, by path: `const Home = page(() =>
 * import("…"))` and `{ path: "/", … page: Home, … }` in src/app/routes.tsx.
 * Paths with parameters are left out (the server matches paths exactly).
 */
export function routeModules(source: string, routesFile: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+) = page\(\(\) => import\("([^"]+)"\)/g)) {
    const [, name, specifier] = match;
    if (name !== undefined && specifier !== undefined) modules.set(name, resolve(dirname(routesFile), specifier));
  }
  const byPath = new Map<string, string>();
  for (const match of source.matchAll(/\{ path: "([^"]+)",[^\n]*?\bpage: (\w+)/g)) {
    const [, path, name] = match;
    const module = name === undefined ? undefined : modules.get(name);
    if (path !== undefined && module !== undefined && !path.includes(":")) byPath.set(path, module);
  }
  return byPath;
}

/**
 * Writes `route-preloads.json`: for each page route, the page chunk, its
 * imports and its CSS that the entry does not already load. The server's
 * history fallback puts them in the HTML as `modulepreload`/`preload` links,
 * so the page's code downloads alongside the entry instead of after it.
 */
function routePreloads(): Plugin {
  return {
    name: "puente:route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === "chunk");
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
      const preloads: Record<string, { js: string[]; css: string[] }> = {};
      for (const [path, module] of routeModules(readFileSync(ROUTES_FILE, "utf8"), ROUTES_FILE)) {
        const page = chunks.find((chunk) => chunk.facadeModuleId === module);
        if (page === undefined) continue;
        const files = [...closure([page.fileName])].filter((file) => !initial.has(file));
        const css = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        preloads[path] = { js: files.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
      }
      this.emitFile({ type: "asset", fileName: "route-preloads.json", source: JSON.stringify(preloads) });
    },
  };
}

// React, ReactDOM and the router are on every page and change rarely: one
// long-cached chunk. Everything else is split by Rolldown along the lazy
// routes, so heavy libraries (Effect, XState, react-aria's Select, Menu and
// Modal, react-toastify) load only with the pages or actions that use them.
const VENDOR_CORE = /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/;

// The API runs as its own Fastify process in development (npm run dev:api);
// in production the same Fastify process serves the built app and /api.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), routePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "vendor-react", test: VENDOR_CORE, priority: 10 }],
        },
      },
    },
  },
});
