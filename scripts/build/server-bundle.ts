import { join } from "node:path";
import { build } from "esbuild";
import { REPO_ROOT } from "../../server/db/paths.ts";

/**
 * Bundle the server (server/main.ts) into `outdir` with esbuild (decision
 * 041): one ES module plus the chunks loaded on demand, packages left to
 * node_modules (the one source of packages), so `node <outdir>/main.js`
 * starts without a TypeScript loader. `npm run build` writes it to
 * .build/server; a test bundles it the same way to start it.
 */
export async function bundleServer(outdir: string): Promise<void> {
  await build({
    entryPoints: { main: join(REPO_ROOT, "server", "main.ts") },
    outdir,
    bundle: true,
    // Dynamic imports stay separate chunks: the AWS SDK loads only when S3 is configured.
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    chunkNames: "chunks/[name]-[hash]",
    sourcemap: "linked",
    logLevel: "warning",
  });
}
