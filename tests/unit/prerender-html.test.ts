import { describe, expect, it } from "vitest";
import { DEFAULT_DESCRIPTION, headTags, indexedPaths, pageHtml, pageTemplate, prerenderedRoutes, requestRenderedRoutes } from "../../scripts/build/prerender-html.ts";
import { HEAD_MARK, ROOT_MARK } from "../../server/http/page-head.ts";
import { routeTable, type RouteEntry } from "../../src/app/route-table.ts";
import { DEFAULT_DESCRIPTION as CLIENT_DEFAULT_DESCRIPTION } from "../../src/hooks/useRouteMeta.ts";

const INDEX = `<!doctype html><html lang="es-MX"><head>
<meta name="viewport" content="width=device-width" />
<title>Puente | genérico</title>
<meta
  name="description"
  content="genérica"
/>
<meta property="og:title" content="genérico" />
<meta name="twitter:card" content="summary" />
<meta name="theme-color" content="#1d3f8f" />
</head><body><div id="root"><div class="boot-bar"><div class="boot-nav"></div></div></div>
<noscript>Puente necesita JavaScript para funcionar.</noscript><script type="module" src="/assets/index.js"></script></body></html>`;

const page: RouteEntry = { path: "/cfo-virtual", title: "CFO virtual", page: "x.tsx", isPublic: true, description: 'Desde $12,000 MXN: "flujo" & <más>.' };

describe("pageHtml", () => {
  const html = pageHtml(INDEX, page, "<main><h1>CFO $1</h1></main>", { js: ["/assets/Cfo.js"], css: ["/assets/Cfo.css"] });

  it("replaces index.html's generic tags by the page's, escaped, with no `$` pattern expanded", () => {
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>CFO virtual | Puente</title>");
    expect(html).toContain('<meta name="description" content="Desde $12,000 MXN: &quot;flujo&quot; &amp; &lt;más&gt;.">');
    expect(html).not.toContain("genéric");
    expect(html).toContain('<meta name="theme-color" content="#1d3f8f" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="canonical" href="__PUENTE_ORIGIN__/cfo-virtual">');
  });

  it("puts the markup in a marked #root instead of the boot navbar and the no-JavaScript notice, and links the page's chunks and stylesheets", () => {
    expect(html).toContain('<div id="root" data-prerendered><main><h1>CFO $1</h1></main></div>');
    expect(html).not.toContain("boot-nav\"></div>");
    expect(html).not.toContain("<noscript>");
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/Cfo.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Cfo.css">');
    expect(html.indexOf("/assets/Cfo.css")).toBeLessThan(html.indexOf("</head>"));
  });

  it("writes the build's query data after #root as JSON that cannot close its script", () => {
    const withData = pageHtml(INDEX, page, "<main></main>", { js: [], css: [] }, false, [[["plans"], [{ name: "</script><b>" }]]]);
    const script = withData.match(/<script type="application\/json" id="puente-query-data">(.*?)<\/script>/)?.[1];
    expect(script).toBeDefined();
    expect(JSON.parse(script ?? "")).toEqual([[["plans"], [{ name: "</script><b>" }]]]);
    expect(html).not.toContain("puente-query-data");
  });

  it("refuses an index.html it cannot place the page in", () => {
    expect(() => pageHtml("<html><head></head><body></body></html>", page, "", { js: [], css: [] })).toThrow(/#root/);
  });
});

describe("headTags", () => {
  it("keeps result pages out of search results, gives the lowercase canonical to case aliases, and no URL to the not-found page", () => {
    const thanks: RouteEntry = { path: "/contacto-exito", title: "Mensaje enviado", page: "x.tsx", isPublic: true, noIndex: true };
    expect(headTags(thanks, false)).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(headTags(thanks, false)).toContain(`<meta name="description" content="${DEFAULT_DESCRIPTION}">`);
    expect(headTags({ ...page, path: "/Planes" }, false)).toContain('<link rel="canonical" href="__PUENTE_ORIGIN__/planes">');
    const notFound = headTags({ ...thanks, path: "*" }, true);
    expect(notFound).not.toContain("canonical");
    expect(notFound).not.toContain("og:url");
  });

  it("uses the client's generic description (the page sets it again on navigation)", () => {
    expect(DEFAULT_DESCRIPTION).toBe(CLIENT_DEFAULT_DESCRIPTION);
  });
});

describe("prerenderedRoutes", () => {
  it("is every public route with a static path", () => {
    const paths = prerenderedRoutes(routeTable).map((route) => route.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/pago-error");
    expect(paths).toContain("/pago-exitoso");
    expect(paths).not.toContain("/compra-una-empresa");
    expect(paths).toHaveLength(routeTable.filter((route) => route.isPublic === true && route.rendersOnRequest !== true).length);
  });

  it("leaves the pages rendered on request (decision 043) to the server: templates, not pages", () => {
    expect(requestRenderedRoutes(routeTable).map((route) => route.path)).toEqual(["/compra-una-empresa", "/perfil-de-negocio/:id"]);
    const template = pageTemplate(INDEX, { js: ["/assets/Market-1.js"], css: ["/assets/Market-2.css"] });
    expect(template).toContain(HEAD_MARK);
    expect(template).toContain(ROOT_MARK);
    expect(template).not.toContain("<title>");
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/Market-2.css">');
  });

  it("lists the indexed public pages with a static path for sitemap.xml, lowercase and once", () => {
    const paths = indexedPaths(routeTable);
    expect(paths).toContain("/compra-una-empresa");
    expect(paths).toContain("/planes");
    expect(paths).not.toContain("/Planes");
    expect(paths).not.toContain("/pago-exitoso");
    expect(paths.some((path) => path.includes(":"))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
