import { DEMO_ADMIN, DEMO_BUYER, expect, expectNoAxeViolations, test } from "./fixtures.ts";

test("a buyer logs in, lands on the marketplace and logs out", async ({ page, login }) => {
  await page.goto("/iniciar-sesion");
  await expectNoAxeViolations(page);

  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Compra una empresa" })).toBeVisible();
  await expectNoAxeViolations(page);

  const userMenu = page.getByRole("button", { name: /Daniela Fuentes/ });
  await userMenu.click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
  await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();

  // Signed out for real: a guarded page sends us back to the login.
  await page.goto("/mi-perfil");
  await expect(page).toHaveURL(/\/iniciar-sesion\?redirect=%2Fmi-perfil$/);
});

test("login shows the spec's messages on submit and the server's on bad credentials", async ({ page, login }) => {
  await page.goto("/iniciar-sesion");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Debes ingresar tu email")).toBeVisible();
  await expect(page.getByText("Debes ingresar tu contraseña")).toBeVisible();

  await page.getByLabel("Email").fill("no-es-un-email");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Ingresa un email válido")).toBeVisible();

  await login({ email: DEMO_BUYER.email, password: "contrasena-equivocada" });
  await expect(page.getByRole("alert").filter({ hasText: "El email o la contraseña son incorrectos." })).toBeVisible();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
});

test("a guarded page redirects to login and back after signing in", async ({ page, login }) => {
  await page.goto("/mi-perfil");
  await expect(page).toHaveURL(/\/iniciar-sesion\?redirect=%2Fmi-perfil$/);
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/mi-perfil$/);

  // A signed-in user is sent away from the login page.
  await page.goto("/iniciar-sesion");
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
});

test("an off-site redirect parameter is ignored", async ({ page, login }) => {
  await page.goto("/iniciar-sesion?redirect=//evil.example/phish");
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
});

test("admin routes send non-admins home and let admins in", async ({ page, login }) => {
  await page.goto("/iniciar-sesion");
  await login(DEMO_BUYER);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await page.goto("/admin/dashboard/kpis");
  await expect(page).toHaveURL(/\/$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto("/iniciar-sesion");
  await login(DEMO_ADMIN);
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await page.goto("/admin/dashboard/kpis");
  await expect(page).toHaveURL(/\/admin\/dashboard\/kpis$/);
});

test("an unknown route shows the not-found page", async ({ page }) => {
  // The prerendered not-found page, with the status that says so (decision 025).
  const response = await page.goto("/esta-ruta-no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: /compra una empresa/i }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the layout has a hamburger menu on small screens", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("link", { name: "Planes" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Puente Bot" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});
