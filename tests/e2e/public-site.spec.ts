import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { PUBLIC_PAGES } from "./public-pages.ts";

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

// One test for every public page: each is a step of its own in the report,
// and the browser is started once instead of once per page.
test("every public page renders its own content with its title and description, and is axe-clean", async ({ page }) => {
  test.setTimeout(PUBLIC_PAGES.length * 15_000);
  for (const { path, heading, title } of PUBLIC_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(h1(page)).toHaveText(heading);
      await expect(page.getByRole("heading", { name: "Página no encontrada" })).toHaveCount(0);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{41,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expectNoAxeViolations(page);
    });
  }
});

test("the footer's links navigate inside the app (no page load) and the newsletter opens in a new tab", async ({ page }) => {
  await page.goto("/");
  // A page load would drop this marker; a client-side navigation keeps it.
  await page.evaluate(() => Reflect.set(window, "__sameDocument", true));
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Newsletter" })).toHaveAttribute("target", "_blank");
  await footer.getByRole("link", { name: "Preguntas frecuentes" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(h1(page)).toHaveText("Preguntas frecuentes");
  expect(await page.evaluate(() => Reflect.get(window, "__sameDocument"))).toBe(true);
});

test("a visitor back on /pago-exitoso without a session is asked to log in and come back", async ({ page }) => {
  await page.goto("/pago-exitoso?session_id=chk_visitante");
  await expect(page.getByText("Inicia sesión con la cuenta con la que pagaste para ver el estado de tu plan.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Iniciar sesión para ver mi plan" })).toHaveAttribute(
    "href",
    `/iniciar-sesion?${new URLSearchParams({ redirect: "/pago-exitoso?session_id=chk_visitante" }).toString()}`,
  );
  // Nothing is confirming for a visitor: the prerendered page's status is gone once the page runs.
  await expect(page.getByText("Estamos confirmando tu pago…")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the not-found page keeps search engines away and links to the marketplace", async ({ page }) => {
  await page.goto("/no-existe-esta-pagina");
  await expect(h1(page)).toHaveText("Página no encontrada");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("link", { name: "Ir a Compra una empresa" })).toHaveAttribute("href", "/compra-una-empresa");
  await expectNoAxeViolations(page);
});

test("robots.txt, sitemap.xml and the favicon are served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Sitemap:");
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["/vende-tu-empresa", "/planes", "/faq", "/contacto"]) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain("/mi-perfil");
  expect((await request.get("/favicon.svg")).status()).toBe(200);
});

test.describe("home stats carousel", () => {
  // [viewport width, items visible, gaps in the visible row]
  const cases = [
    [375, 1.5, 1],
    [447, 1.5, 1],
    [448, 2, 1],
    [800, 2, 1],
    [1024, 3.5, 3],
    [1280, 3.5, 3],
  ] as const;

  for (const [width, visible, gaps] of cases) {
    test(`shows ${visible} items with a 32 px gap at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const list = page.getByRole("list", { name: "Cifras de la comunidad Puente" });
      await expect(list.getByRole("listitem")).toHaveCount(5);
      // One measurement of the carousel and its first two items, all at the same
      // moment (the page can still reflow between separate reads: a scrollbar, a late section).
      const { viewport, first, second } = await list.evaluate((element) => {
        const box = (target: Element | null | undefined) => {
          const rect = target?.getBoundingClientRect();
          return { x: rect?.x ?? 0, y: rect?.y ?? 0, width: rect?.width ?? 0 };
        };
        const items = element.querySelectorAll(":scope > li");
        return { viewport: box(element.parentElement?.parentElement).width, first: box(items[0]), second: box(items[1]) };
      });
      expect(first.width).toBeCloseTo((viewport - gaps * 32) / visible, 0);
      if (second.y === first.y) expect(second.x - (first.x + first.width)).toBeCloseTo(32, 0);
    });
  }

  test("loops (doubled list, animated) unless the visitor prefers reduced motion, and can be paused", async ({ page }) => {
    // The suite runs with reduced motion (playwright.config.ts): this test is about the motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const list = page.getByRole("list", { name: "Cifras de la comunidad Puente" });
    const track = list.locator("xpath=..");
    await expect(track).not.toHaveCSS("animation-name", "none");
    // The duplicate half is hidden from assistive tech.
    await expect(track.locator('ul[aria-hidden="true"] li')).toHaveCount(5);
    await page.getByRole("button", { name: "Pausar animación: Cifras de la comunidad Puente" }).click();
    await expect(track).toHaveCSS("animation-play-state", "paused");
    await page.getByRole("button", { name: "Reanudar animación: Cifras de la comunidad Puente" }).click();
    await expect(track).toHaveCSS("animation-play-state", "running");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(track).toHaveCSS("animation-name", "none");
  });
});

test("the footer carousel loops six of our own wordmarks every 15 s", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/faq");
  const list = page.getByRole("list", { name: "Temas del ecosistema Puente" });
  await expect(list.getByRole("link")).toHaveCount(6);
  const track = list.locator("xpath=..");
  await expect(track).toHaveCSS("animation-duration", "15s");
  // The looping copy is out of the tab order (counted first: an empty copy would pass the loop).
  const copies = track.locator('ul[aria-hidden="true"] a');
  await expect(copies).toHaveCount(6);
  for (const link of await copies.all()) await expect(link).toHaveAttribute("tabindex", "-1");
});

test("the home video modal opens and closes by mouse, returning focus to the poster", async ({ page }) => {
  await page.goto("/");
  const poster = page.getByRole("button", { name: "Ver video: Cómo funciona Puente" });
  await poster.click();
  const dialog = page.getByRole("dialog", { name: "Cómo funciona Puente" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
  await expect(poster).toBeFocused();
});

test("the home video modal opens with Enter and closes with Escape, returning focus", async ({ page }) => {
  await page.goto("/");
  const poster = page.getByRole("button", { name: "Ver video: Cómo funciona Puente" });
  await poster.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cómo funciona Puente" });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(poster).toBeFocused();
});

test("'how it works' switches between buyers and sellers by mouse and keyboard", async ({ page }) => {
  await page.goto("/");
  const buyers = page.getByRole("tab", { name: "Para compradores" });
  const sellers = page.getByRole("tab", { name: "Para vendedores" });
  await expect(buyers).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Explora oportunidades verificadas");

  await sellers.click();
  await expect(sellers).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Publica el perfil de tu empresa");

  await sellers.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(buyers).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Solicita el perfil completo");
});

test("the desktop navbar groups are disclosures: open, follow a link, Escape closes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const sellers = page.getByRole("button", { name: "Vendedores" });
  await expect(sellers).toHaveAttribute("aria-expanded", "false");
  await sellers.click();
  await expect(sellers).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(sellers).toHaveAttribute("aria-expanded", "false");
  await expect(sellers).toBeFocused();

  await sellers.click();
  await page.getByRole("link", { name: "Levanta capital" }).first().click();
  await expect(page).toHaveURL(/\/levanta-capital$/);
  await expect(h1(page)).toHaveText("Levanta capital para tu empresa");
  await expect(sellers).toHaveAttribute("aria-expanded", "false");
});

test("the hamburger menu at 375 px lists the public pages and navigates", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const hamburger = page.getByRole("button", { name: "Abrir menú" });
  await hamburger.click();
  const menu = page.getByRole("dialog", { name: "Menú" });
  for (const name of ["Vende tu empresa", "Levanta capital", "Servicios", "CFO virtual", "Planes", "Valuación gratuita", "Newsletter", "Puente Bot", "Iniciar sesión"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await menu.getByRole("button", { name: "Cerrar" }).click();
  await expect(menu).toBeHidden();
  await expect(hamburger).toBeFocused();

  await hamburger.click();
  await menu.getByRole("link", { name: "Planes", exact: true }).click();
  await expect(page).toHaveURL(/\/planes$/);
  await expect(menu).toBeHidden();
});

test("plans show the spec's prices in es-MX format and Acelera's demo goes to /contacto", async ({ page }) => {
  await page.goto("/planes");
  const explora = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Explora" }) });
  await expect(explora).toContainText("$1,500 MXN al mes");
  await expect(explora).toContainText("$4,000 MXN cada 3 meses");
  await expect(explora).toContainText("2% + IVA");
  const impulsa = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Impulsa" }) });
  await expect(impulsa).toContainText("Más popular");
  await expect(impulsa).toContainText("$10,000 MXN al mes");
  await expect(impulsa).toContainText("$27,500 MXN cada 3 meses");
  await expect(impulsa).toContainText("4% + IVA");
  await page.getByRole("link", { name: "Solicitar demo" }).click();
  await expect(page).toHaveURL(/\/contacto$/);
});

test("every service button leads to the contact page", async ({ page }) => {
  await page.goto("/servicios");
  await expect(page.getByText("Desde $12,000 MXN al mes + IVA")).toBeVisible();
  await expect(page.getByText("Simplificada: $15,000 MXN + IVA")).toBeVisible();
  await expect(page.getByText("Avanzada: desde $40,000 MXN + IVA")).toBeVisible();
  for (const name of ["Solicitar CFO virtual", "Solicitar valuación", "Solicitar asesoría"]) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", "/contacto");
  }
});

test("the FAQ is an accordion that opens with the keyboard", async ({ page }) => {
  await page.goto("/faq");
  const question = page.getByText("¿Puente recibe o administra el dinero de la operación?");
  const answer = page.getByText(/Puente no es una institución financiera, no recibe ni administra fondos, no canaliza/).first();
  // The question first: "hidden" is also true of an answer not rendered yet.
  await expect(question).toBeVisible();
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
});

test("/levanta-capital's button scrolls to the seller form, which loads on the way", async ({ page }) => {
  await page.goto("/levanta-capital");
  // The page first (its heading and the form's empty slot): "no form" is also true before anything rendered.
  await expect(h1(page)).toHaveText("Levanta capital para tu empresa");
  await expect(page.locator("#formulario-vendedor")).toBeAttached();
  await expect(page.locator("#registro-vendedor")).toHaveCount(0);
  await page.getByRole("button", { name: "Registra tu empresa" }).click();
  const form = page.locator("#registro-vendedor");
  await expect(form).toBeVisible();
  await expect(form).toBeInViewport();
  await expect(page.getByRole("link", { name: /directorio de startups/ })).toHaveAttribute("target", "_blank");
});

test.describe("contact form", () => {
  test("shows the spec's messages on submit, then sends and thanks the visitor", async ({ page }) => {
    await page.goto("/contacto");
    await page.getByRole("button", { name: "Enviar" }).click();
    for (const message of [
      "Debes ingresar tu nombre",
      "Debes seleccionar el servicio que te interesa",
      "Debes ingresar tu email",
      "Debes ingresar tu teléfono",
      "Debes seleccionar cómo te enteraste de nosotros",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Nombre")).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByLabel("Nombre").fill("Mariana Treviño");
    await page.getByLabel("Email").fill("mariana@");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Ingresa un email válido")).toBeVisible();
    await expect(page.getByText("Debes ingresar tu nombre")).toBeHidden();

    const service = page.getByLabel("Servicio que te interesa");
    await expect(service.locator("option", { hasText: "CFO virtual" })).toHaveCount(1);
    await service.selectOption({ label: "CFO virtual" });
    await page.getByLabel("Email").fill(`mariana.${Date.now()}@ejemplo.mx`);
    await page.getByLabel("Teléfono").fill("81 1234 5678");
    await page.getByLabel("¿Cómo te enteraste de nosotros?").selectOption({ label: "LinkedIn" });
    await page.getByRole("button", { name: "Enviar" }).click();

    await expect(page).toHaveURL(/\/contacto-exito$/);
    await expect(h1(page)).toHaveText("Muchas gracias por ponerte en contacto con nosotros...");
    await expect(page.getByText(/menos de 24 horas/)).toBeVisible();
  });

  test("the server's Spanish message shows when it rejects the request", async ({ page }) => {
    await page.route("**/api/leads", (route) =>
      route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ message: "El servicio seleccionado no existe. Elige una opción de la lista." }) }),
    );
    await page.goto("/contacto");
    await page.getByLabel("Nombre").fill("Jorge Garza");
    await page.getByLabel("Servicio que te interesa").selectOption({ label: "Valuación avanzada" });
    await page.getByLabel("Email").fill("jorge@ejemplo.mx");
    await page.getByLabel("Teléfono").fill("5512345678");
    await page.getByLabel("¿Cómo te enteraste de nosotros?").selectOption({ label: "Google" });
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "El servicio seleccionado no existe. Elige una opción de la lista." })).toBeVisible();
    await expect(page).toHaveURL(/\/contacto$/);
  });
});
