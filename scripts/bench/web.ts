/**
 * npm run bench:web — builds the app (into its own directory), serves it with the real server on
 * 127.0.0.1 (in-memory PGlite, catalogues seeded) and runs Lighthouse 12
 * (mobile preset: Moto G class device, simulated slow 4G) against every
 * public route with Debian's Chromium. Prints one line per route:
 *
 *   route=<path> js_gzip_kb=<n> perf=<n> a11y=<n> lcp_ms=<n> cls=<n> tbt_ms=<n>
 *
 * js_gzip_kb is the first-load JavaScript: every script the page requested
 * while Lighthouse loaded it (until the network went quiet), sized as the
 * gzip file the build wrote for it. lcp_ms, cls and tbt_ms are Lighthouse's
 * (simulated) Largest Contentful Paint, Cumulative Layout Shift and Total
 * Blocking Time. Goal: js_gzip_kb <= 150, perf >= 95, a11y = 100, LCP and CLS
 * in the "good" band: lcp_ms < 2500, cls < 0.1 (docs/performance/web.md).
 * The build is `vite build`, prerendered pages included (decision 025). Not
 * part of the test suite.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { startServer } from "../../server/start.ts";

export const PUBLIC_ROUTES = [
  "/",
  "/vende-tu-empresa",
  "/levanta-capital",
  "/servicios",
  "/cfo-virtual",
  "/planes",
  "/Planes",
  "/valuacion-gratuita",
  "/valuacion-gratuita/metodologia",
  "/puente-bot",
  "/faq",
  "/terminos-y-condiciones",
  "/politica-de-privacidad",
  "/contacto",
  "/contacto-exito",
  "/pago-exitoso",
  "/pago-error",
  "/pagina-que-no-existe",
  // Rendered by the server on request with its data (decision 043); a profile is added at run time (profileRoute).
  "/compra-una-empresa",
] as const;

// A private build directory: \`dist/\` is rebuilt by other runs (e2e) at any time.
const DIST = join(REPO_ROOT, ".cache", "bench-web-dist");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Gzip size of a built file: the precompressed .gz when present, else gzip now. */
function gzipBytes(urlPath: string): number {
  const file = join(DIST, decodeURIComponent(urlPath));
  if (!file.startsWith(DIST) || !existsSync(file)) return 0;
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

interface NetworkItem {
  readonly url: string;
  readonly resourceType?: string;
}

const args = new Set(process.argv.slice(2));
if (!args.has("--no-build")) {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", DIST, "--emptyOutDir"], { cwd: REPO_ROOT, stdio: "inherit" });
}

/** `--routes /a,/b` and bare paths (`/a /b`) limit the run; neither means every public route. */
function selectedRoutes(argv: ReadonlyArray<string>): ReadonlyArray<string> {
  const only: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    if (arg === "--routes") only.push(...(argv[++index] ?? "").split(","));
    else if (arg.startsWith("--routes=")) only.push(...arg.slice("--routes=".length).split(","));
    else if (arg.startsWith("/")) only.push(arg);
  }
  return only.filter((path) => path.startsWith("/"));
}
const only = selectedRoutes(process.argv.slice(2));

// Demo companies: the marketplace and a profile are measured with real listings (decision 043).
const server = await startServer({ seedDemo: true, distDir: DIST });

/**
 * Audits start once the server says it is ready (the search index built,
 * decision 039): work still running in the server at start would be measured
 * as the first route's.
 */
async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await fetch(`${server.url}/api/health/ready`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error("bench:web: the server was not ready within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
await waitUntilReady();

/** A listed demo company's profile: ids are the database's, so one is asked for at run time. */
async function profileRoute(): Promise<string> {
  const answer = await fetch(`${server.url}/api/companies?per_page=1`);
  const body = (await answer.json()) as { readonly items?: ReadonlyArray<{ readonly id: number }> };
  const id = body.items?.[0]?.id;
  if (id === undefined) throw new Error("bench:web: no listed company to measure /perfil-de-negocio/{id}");
  return `/perfil-de-negocio/${id}`;
}

const routes = only.length > 0 ? only : [...PUBLIC_ROUTES, await profileRoute()];
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

async function audit(route: string) {
  const result = await lighthouse(`${server.url}${route}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    // The not-found page answers 404 (decision 025); Lighthouse audits it anyway.
    ignoreStatusCode: true,
  });
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${route}`);
  return result;
}

type Audits = Awaited<ReturnType<typeof audit>>["lhr"]["audits"];

/** The rows of an audit's table (Lighthouse's `details.items`), or none. */
function rows(audits: Audits, id: string): ReadonlyArray<Record<string, unknown>> {
  const details = audits[id]?.details;
  return details !== undefined && "items" in details ? (details.items as ReadonlyArray<Record<string, unknown>>) : [];
}

/** Main-thread work by category, script boot-up by file and the long tasks, for `--verbose`. */
function diagnostics(audits: Audits, origin: string): string[] {
  const ms = (value: unknown) => `${Math.round(typeof value === "number" ? value : 0)}ms`;
  const short = (value: unknown) => String(value).replace(origin, "").replace("/assets/", "");
  const work = rows(audits, "mainthread-work-breakdown").map((row) => `${String(row["groupLabel"] ?? row["group"])} ${ms(row["duration"])}`);
  const bootup = rows(audits, "bootup-time")
    .slice(0, 6)
    .map((row) => `${short(row["url"])} ${ms(row["total"])} (script ${ms(row["scripting"])}, parse ${ms(row["scriptParseCompile"])})`);
  const longTasks = rows(audits, "long-tasks")
    .slice(0, 6)
    .map((row) => `${short(row["url"])} ${ms(row["duration"])} at ${ms(row["startTime"])}`);
  return [`main thread: ${work.join(", ")}`, `bootup: ${bootup.join("; ")}`, `long tasks: ${longTasks.join("; ") || "none"}`];
}

let failures = 0;
try {
  for (const route of routes) {
    // A run that errored (e.g. the browser stalled) is retried once.
    let result = await audit(route);
    if (result.lhr.runtimeError !== undefined) result = await audit(route);
    const { lhr } = result;
    if (lhr.runtimeError !== undefined) process.stdout.write(`  (${lhr.runtimeError.code}: ${lhr.runtimeError.message})\n`);
    const details = lhr.audits["network-requests"]?.details;
    const items: ReadonlyArray<NetworkItem> = details !== undefined && "items" in details ? (details.items as ReadonlyArray<NetworkItem>) : [];
    const scripts = items.filter((item) => item.resourceType === "Script" && item.url.startsWith(server.url));
    const jsBytes = scripts.reduce((sum, item) => sum + gzipBytes(new URL(item.url).pathname), 0);
    const jsKb = Math.round((jsBytes / 1024) * 10) / 10;
    const perf = Math.round((lhr.categories["performance"]?.score ?? 0) * 100);
    const a11y = Math.round((lhr.categories["accessibility"]?.score ?? 0) * 100);
    const lcpMs = Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
    const cls = Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000) / 1000;
    const tbtMs = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
    // NaN (an audit missing) fails too: every comparison below is false for it.
    if (!(jsKb <= 150 && perf >= 95 && a11y === 100 && lcpMs < 2500 && cls < 0.1)) failures += 1;
    process.stdout.write(`route=${route} js_gzip_kb=${jsKb} perf=${perf} a11y=${a11y} lcp_ms=${lcpMs} cls=${cls} tbt_ms=${tbtMs}\n`);
    if (args.has("--verbose")) {
      process.stdout.write(`  scripts: ${scripts.map((item) => new URL(item.url).pathname.replace("/assets/", "")).join(" ")}\n`);
      for (const [id, audit] of Object.entries(lhr.audits)) {
        if (audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric")) {
          process.stdout.write(`  ${id}: ${audit.displayValue ?? audit.score}\n`);
        }
      }
      // Where the main thread went: the diagnostics that explain TBT.
      for (const line of diagnostics(lhr.audits, server.url)) process.stdout.write(`  ${line}\n`);
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
if (failures > 0) process.stdout.write(`${failures} route(s) miss the goal (js_gzip_kb <= 150, perf >= 95, a11y = 100, lcp_ms < 2500, cls < 0.1)\n`);
