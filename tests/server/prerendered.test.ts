import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageHtml } from "../../scripts/build/prerender-html.ts";
import { buildApp } from "../../server/app.ts";
import type { DatabaseHandle } from "../../server/db/open.ts";
import { routePattern } from "../../server/http/prerendered.ts";
import { ONE_TEST_DATABASE, TEST_JWT_SECRET } from "./harness.ts";

// The built index.html's shape (what scripts/build/prerender-html.ts rewrites).
const INDEX = `<!doctype html><html lang="es-MX"><head><meta charset="UTF-8" />
<meta name="viewport" content="width=device-width" /><title>Puente | genérico</title>
<meta name="description" content="genérica" /></head>
<body><div id="root"><div class="boot-bar"></div></div><noscript>Necesita JavaScript.</noscript></body></html>`;

const faq = { path: "/faq", title: "Preguntas frecuentes", page: "FaqPage.tsx", isPublic: true, description: "Desde $12,000 MXN & más." } as const;
const notFound = { path: "*", title: "Página no encontrada", page: "NotFoundPage.tsx", isPublic: true, noIndex: true } as const;
const ORIGIN = "https://puente.example";

describe.each(ONE_TEST_DATABASE.slice(0, 1))("prerendered public pages ($kind)", (target) => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    handle = await target.open();
    await handle.migrate();
    distDir = await mkdtemp(join(tmpdir(), "puente-dist-"));
    await writeFile(join(distDir, "index.html"), INDEX);
    await writeFile(
      join(distDir, "prerendered.json"),
      JSON.stringify({
        pages: { "/faq": pageHtml(INDEX, faq, "<main><h1>Preguntas frecuentes</h1></main>", { js: ["/assets/Faq-1.js"], css: ["/assets/Faq-2.css"] }) },
        notFound: pageHtml(INDEX, notFound, "<main><h1>Página no encontrada</h1></main>", { js: [], css: [] }, true),
        clientRoutes: ["/faq", "/compra-una-empresa", "/perfil-de-negocio/:id"],
      }),
    );
    app = await buildApp({ db: handle.db, config: { jwtSecret: TEST_JWT_SECRET, logLevel: "silent", distDir, appUrl: ORIGIN } });
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const html = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

  it("answers a public page with its own HTML, the origin filled in from APP_URL (also in the compressed variant)", async () => {
    const page = await html("/faq?utm_source=x", { "accept-encoding": "br" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    const body = brotliDecompressSync(page.rawPayload).toString("utf8");
    expect(body).toContain("<title>Preguntas frecuentes | Puente</title>");
    expect(body).toContain('<meta name="description" content="Desde $12,000 MXN &amp; más.">');
    expect(body).not.toContain("genérica");
    expect(body).toContain(`<link rel="canonical" href="${ORIGIN}/faq">`);
    expect(body).toContain(`<meta property="og:image" content="${ORIGIN}/og/puente.png">`);
    expect(body).toContain('<div id="root" data-prerendered><main><h1>Preguntas frecuentes</h1></main></div>');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/Faq-2.css">');
    expect(body).not.toContain("<noscript>");
    expect(body).not.toContain("__PUENTE_ORIGIN__");
  });

  it("answers a path no route matches with the not-found page and 404, and keeps index.html for client-rendered routes", async () => {
    const missing = await html("/no-existe");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<title>Página no encontrada | Puente</title>");
    expect(missing.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(missing.body).not.toContain('rel="canonical"');
    for (const url of ["/compra-una-empresa", "/perfil-de-negocio/7", "/FAQ/"]) {
      const client = await html(url);
      expect(client.statusCode, url).toBe(200);
      expect(client.body, url).toContain("<title>Puente | genérico</title>");
    }
    // Not HTML: the API's JSON 404, and the pages' source is never served as a file.
    expect((await app.inject({ method: "GET", url: "/no-existe", headers: { accept: "application/json" } })).statusCode).toBe(404);
    expect((await html("/api/no-existe")).headers["content-type"]).toContain("application/json");
    expect((await app.inject({ method: "GET", url: "/prerendered.json" })).statusCode).toBe(404);
  });
});

describe("routePattern", () => {
  it("matches a route the way the client's router does: one segment per parameter, any case, an optional trailing slash", () => {
    expect(routePattern("/perfil-de-negocio/:id").test("/perfil-de-negocio/12")).toBe(true);
    expect(routePattern("/perfil-de-negocio/:id").test("/perfil-de-negocio/12/x")).toBe(false);
    expect(routePattern("/Planes").test("/planes/")).toBe(true);
    expect(routePattern("/").test("/")).toBe(true);
    expect(routePattern("/").test("/x")).toBe(false);
  });
});
