import { notFoundEntry, routeTable } from "../../src/app/route-table.ts";
import { DEFAULT_DESCRIPTION, prerenderedRoutes } from "../../scripts/build/prerender-html.ts";
import { expect, test } from "./fixtures.ts";
import { PUBLIC_PAGES } from "./public-pages.ts";

/**
 * The public pages the build prerenders (docs/decisions/025): their HTML as
 * a crawler or a link preview reads it, without JavaScript, and the browser
 * hydrating that HTML instead of rendering the page again.
 */

const NOT_FOUND_PATH = "/no-existe-esta-pagina";
const prerendered = prerenderedRoutes(routeTable);

const decode = (text: string) =>
  text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
const attribute = (html: string, tag: RegExp): string | undefined => decode(html.match(tag)?.[1] ?? "") || undefined;
const h1Text = (html: string) => decode((html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "").replace(/<[^>]+>/g, ""));

const headingOf = (path: string) => {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path);
  if (page === undefined) throw new Error(`${path} is prerendered: add its heading to tests/e2e/public-pages.ts`);
  return page.heading;
};

const pages = [
  ...prerendered.map((route) => ({ path: route.path, entry: route, status: 200 })),
  { path: NOT_FOUND_PATH, entry: notFoundEntry, status: 404 },
];

test("each public page's HTML carries its own content, title, description and share tags without JavaScript", async ({ request, baseURL }) => {
  for (const { path, entry, status } of pages) {
    const response = await request.get(path, { headers: { accept: "text/html" } });
    expect(response.status(), path).toBe(status);
    const html = await response.text();
    expect(html, path).toContain('<div id="root" data-prerendered>');
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toBe(`${entry.title} | Puente`);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/), path).toBe(entry.description ?? DEFAULT_DESCRIPTION);
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/), path).toBe(`${entry.title} | Puente`);
    expect(attribute(html, /<meta name="robots" content="([^"]*)"/), path).toBe(entry.noIndex === true ? "noindex, nofollow" : "index, follow");
    expect(attribute(html, /<meta property="og:image" content="([^"]*)"/), path).toBe(`${baseURL}/og/puente.png`);
    expect(attribute(html, /<meta name="twitter:card" content="([^"]*)"/), path).toBe("summary_large_image");
    expect(html, path).not.toContain("__PUENTE_ORIGIN__");
    if (status === 200) expect(attribute(html, /<link rel="canonical" href="([^"]*)"/), path).toBe(`${baseURL}${path.toLowerCase()}`);
    const heading = status === 200 ? headingOf(path) : "Página no encontrada";
    if (typeof heading === "string") expect(h1Text(html), path).toBe(heading);
    else expect(h1Text(html), path).toMatch(heading);
  }
  const image = await request.get("/og/puente.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  // A client-rendered page keeps index.html (200); its route renders it in the browser.
  const clientPage = await request.get("/mi-perfil", { headers: { accept: "text/html" } });
  expect(clientPage.status()).toBe(200);
  expect(await clientPage.text()).not.toContain("data-prerendered");
});

declare global {
  interface Window {
    /** The server's <h1>, taken before any script ran. */
    __serverHeading?: Element | null;
  }
}

test("each public page hydrates the server's HTML: same nodes, no hydration errors or warnings", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => {
    // A failed request is reported below with its URL, not as Chromium's "Failed to load resource".
    if ((message.type() === "error" || message.type() === "warning") && !message.text().startsWith("Failed to load resource")) {
      messages.push(`${page.url()}: ${message.text()}`);
    }
  });
  page.on("response", (response) => {
    const expected = response.request().resourceType() === "document" && new URL(response.url()).pathname === NOT_FOUND_PATH;
    if (response.status() >= 400 && !expected) messages.push(`${page.url()}: ${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => messages.push(`${page.url()}: ${error.message}`));
  // readyState turns "interactive" when parsing ends, before module scripts run.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") window.__serverHeading = document.querySelector("main h1");
    });
  });
  const expectHydrated = async (path: string) => {
    await page.goto(path);
    // React marks each node it hydrated (or rendered) with its fiber.
    const hydrated = () =>
      page.evaluate(() => {
        const heading = document.querySelector("main h1");
        return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
      });
    await expect.poll(hydrated, { message: `${path} hydrated` }).toBe(true);
    expect(await page.evaluate(() => window.__serverHeading !== null && window.__serverHeading === document.querySelector("main h1")), `${path} kept the server's <h1>`).toBe(true);
  };
  // A query string the build never saw (the plan to resume after logging in) must not break hydration either.
  for (const path of [...pages.map((each) => each.path), "/planes?plan=explora_monthly"]) await expectHydrated(path);
  // A non-public page stores a signed-out session; the public pages still hydrate, and answer clicks.
  await page.goto("/iniciar-sesion");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("puente.session"))).not.toBeNull();
  for (const path of ["/", "/planes"]) await expectHydrated(path);
  await page.getByRole("button", { name: "Elegir Explora mensual" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion\?/);
  expect(messages).toEqual([]);
});

test("the marketplace and a profile, rendered by the server with their data, hydrate without asking again, then filter and page", async ({ page }) => {
  // Decision 043: the cards and the profile are in the HTML with their query data; hydration keeps the server's nodes.
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") messages.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`${page.url()}: ${error.message}`));
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(new URL(request.url()).pathname);
  });
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") window.__serverHeading = document.querySelector("main article h3") ?? document.querySelector("main h1");
    });
  });
  const keptServerNode = () =>
    page.evaluate(() => {
      const node = window.__serverHeading;
      return node !== null && node !== undefined && node.isConnected && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
    });

  await page.goto("/compra-una-empresa?page=2");
  await expect.poll(keptServerNode, { message: "the marketplace hydrated its server HTML" }).toBe(true);
  const region = page.getByRole("region", { name: "Resultados" });
  await expect(region.getByRole("article")).toHaveCount(12);
  await expect(page.getByText("Página 2 de 6")).toBeVisible();
  expect(asked.filter((path) => path === "/api/companies" || path === "/api/industries")).toEqual([]);

  // After hydration the page is the app: paging and a filter ask the API and show their answer.
  await region.getByRole("link", { name: "Anterior" }).click();
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(page.getByText("Página 1 de 6")).toBeVisible();
  await page.getByRole("button", { name: /Industria/ }).click();
  await page.getByRole("option", { name: "Tecnología" }).click();
  await expect(page).toHaveURL(/industry_id=1(&|$)/);
  await expect(page.getByRole("status").filter({ hasText: /encontrad/ })).not.toHaveText("64 empresas encontradas");
  expect(asked).toContain("/api/companies");

  const href = await region.getByRole("article").first().getByRole("link", { name: /Ver más/ }).getAttribute("href");
  if (href === null) throw new Error("no profile link");
  asked.length = 0;
  await page.goto(href);
  await expect.poll(keptServerNode, { message: "the profile hydrated its server HTML" }).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: /^Empresa PUE-\d{4}$/ })).toBeVisible();
  await expect(page.getByText("Datos clave")).toBeVisible();
  await expect(page).toHaveTitle(/^Empresa PUE-\d{4}: .* \| Puente$/);
  expect(asked.filter((path) => path.startsWith("/api/companies"))).toEqual([]);
  // A visitor is asked to sign in for the full profile; the link works once hydrated.
  await page.getByRole("main").getByRole("link", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion\?redirect=%2Fperfil-de-negocio%2F\d+$/);
  expect(messages).toEqual([]);
});
