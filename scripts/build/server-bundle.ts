import { join } from "node:path";
import { build } from "esbuild";
import { REPO_ROOT } from "../../server/db/paths.ts";

/**
 * Bundle the server (server/main.ts) into `outdir` with esbuild (decision
 * 041): one ES module plus the chunks loaded on demand (and the code it
 * shares with the image worker), packages left to
 * node_modules (the one source of packages), so `node <outdir>/main.js`
 * starts without a TypeScript loader. The image pool's worker thread
 * (server/data-room/image-worker.ts) is an entry of its own,
 * `<outdir>/image-worker.js`, beside main.js, where the pool looks for it
 * (decision 048). `npm run build` writes it to
 * .build/server; a test bundles it the same way to start it.
 */
export async function bundleServer(outdir: string): Promise<void> {
  await build({
    entryPoints: { main: join(REPO_ROOT, "server", "main.ts"), "image-worker": join(REPO_ROOT, "server", "data-room", "image-worker.ts") },
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
