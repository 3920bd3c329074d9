import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { prerenderPages } from "./scripts/build/prerender.ts";
import { routePreloads } from "./scripts/build/route-preloads.ts";
import { routeTable } from "./src/app/route-table.ts";

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

// React, ReactDOM and the router are on every page and change rarely: one
// long-cached chunk. Everything else is split by Rolldown along the lazy
// routes, so heavy libraries (Effect, XState, react-aria's Select, Menu and
// Modal, react-toastify) load only with the pages or actions that use them.
const VENDOR_CORE = /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/;

// The API runs as its own Fastify process in development (npm run dev:api);
// in production the same Fastify process serves the built app and /api.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), routePreloads(routeTable, resolve(import.meta.dirname, "src/app")), precompress(), prerenderPages(resolve(import.meta.dirname, "src/app"))],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    // No source maps in the served build: they would publish the whole of src/ (the server refuses *.map too).
    sourcemap: false,
    rolldownOptions: {
      // Prerendering the public pages runs after the bundle (closeBundle, a few seconds): expected, not a warning.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [{ name: "vendor-react", test: VENDOR_CORE, priority: 10 }],
        },
      },
    },
  },
});
