import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** An HTML page (index.html with one route's preload links, or a prerendered page), ready in each encoding. */
export interface RouteHtml {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

interface RoutePreloads {
  readonly js: ReadonlyArray<string>;
  readonly css: ReadonlyArray<string>;
}

export const SAFE_ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** `value[key]`'s strings, or none. */
function strings(value: unknown, key: "js" | "css"): string[] {
  if (typeof value !== "object" || value === null || !(key in value)) return [];
  const list: unknown = Reflect.get(value, key);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
}

/** The `<link>`s that fetch a page's chunks and CSS alongside the entry. */
export function preloadLinks(entry: RoutePreloads): string {
  const js = entry.js.filter((href) => SAFE_ASSET.test(href));
  const css = entry.css.filter((href) => SAFE_ASSET.test(href));
  return [
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join("");
}

/**
 * The build's `route-preloads.json` (vite.config.ts) turned into one
 * index.html per page route, with `modulepreload` links for the page's chunk
 * and its imports, so they download with the entry instead of after it.
 * Empty when the build has no such file.
 */
export function loadRouteHtml(distDir: string): ReadonlyMap<string, RouteHtml> {
  const file = join(distDir, "route-preloads.json");
  const pages = new Map<string, RouteHtml>();
  if (!existsSync(file)) return pages;
  const index = readFileSync(join(distDir, "index.html"), "utf8");
  if (!index.includes("</head>")) return pages;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null) return pages;
  for (const [path, entry] of Object.entries(parsed)) {
    // Only files of this build: Vite drops CSS-only modules' chunks after listing them (a preload of one is a 404).
    const written = (href: string) => existsSync(join(distDir, href));
    const links = preloadLinks({ js: strings(entry, "js").filter(written), css: strings(entry, "css").filter(written) });
    if (links === "") continue;
    pages.set(path, encodeHtml(index.replace("</head>", `${links}</head>`)));
  }
  return pages;
}

/**
 * A page in each encoding, each compressed on its first request and kept:
 * compressing every prerendered page at startup (brotli 11) was ~0.6 s of a
 * 3.5 s start (docs/performance/start.md); a page is asked for in one or
 * two encodings, and tens of milliseconds once is no cost to its first visitor.
 */
export class EncodedHtml implements RouteHtml {
  private brotli: Buffer | null = null;
  private gzipped: Buffer | null = null;
  readonly identity: Buffer;

  constructor(
    html: string,
    private readonly level: { readonly brotli: number; readonly gzip: number } = { brotli: 11, gzip: 9 },
  ) {
    this.identity = Buffer.from(html);
  }

  get br(): Buffer {
    this.brotli ??= brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: this.level.brotli } });
    return this.brotli;
  }

  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.identity, { level: this.level.gzip });
    return this.gzipped;
  }
}

export const encodeHtml = (html: string): RouteHtml => new EncodedHtml(html);

/** Answers the page (200, or 404 for the not-found page), compressed when the client accepts it. */
export function sendRouteHtml(request: FastifyRequest, reply: FastifyReply, page: RouteHtml, status: 200 | 404 = 200): FastifyReply {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const [encoding, body] = /\bbr\b/.test(accepted) ? (["br", page.br] as const) : /\bgzip\b/.test(accepted) ? (["gzip", page.gzip] as const) : ([null, page.identity] as const);
  reply.code(status).header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding").type("text/html; charset=utf-8");
  if (encoding !== null) reply.header("Content-Encoding", encoding);
  return reply.send(body);
}
