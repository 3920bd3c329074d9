import type { Page } from "@playwright/test";
import { DEMO_BUYER, expect, sessionFor, test } from "./fixtures.ts";
import { SESSION_STORAGE_KEY } from "../../machines/session/selectors.ts";

// Sessions end on the server, not only in the browser that ends them.

const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => {
    const stored = window.localStorage.getItem("puente.session");
    const token: unknown = stored === null ? null : Reflect.get(JSON.parse(stored) as object, "token");
    return typeof token === "string" ? token : null;
  });

/** The status the API gives a token on a signed-in-only endpoint. */
const statusWith = async (page: Page, token: string): Promise<number> =>
  (await page.request.get("/api/companies?is_dashboard=true", { headers: { authorization: `Bearer ${token}` } })).status();

test("logging out revokes the token on the server", async ({ page, signIn }) => {
  await signIn(DEMO_BUYER);
  await page.goto("/compra-una-empresa");
  await expect.poll(() => storedToken(page)).not.toBeNull();
  const token = (await storedToken(page)) ?? "";
  expect(await statusWith(page, token)).toBe(200);

  await page.getByRole("button", { name: /Daniela Fuentes/ }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);
  // The logout call runs beside the navigation: wait for the server to refuse the token.
  await expect.poll(() => statusWith(page, token)).toBe(401);
});

test("a password change signs out every other browser, and this one goes on", async ({ page, browser, baseURL, signIn }) => {
  const email = `sesiones.${Date.now()}@ejemplo.mx`;
  const signUp = await page.request.post("/api/buyers", {
    data: {
      buyer_description_id: 1,
      state_id: 19,
      investment_description_summary: "Empresas de servicios con flujo estable.",
      investment_size_id: 1,
      user: { email, password: "Primera-clave-1", phone: "5512345678", name: "Sofía Sesiones" },
    },
  });
  expect(signUp.status()).toBe(201);

  // A second browser with the same account, signed in on its own.
  const origin = new URL(baseURL ?? "").origin;
  const otherSession = await sessionFor(page.request, { email, password: "Primera-clave-1" });
  const other = await browser.newContext({
    baseURL: origin,
    locale: "es-MX",
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: otherSession }] }] },
  });
  const otherPage = await other.newPage();
  await otherPage.goto("/compra-una-empresa");
  await expect(otherPage.getByRole("button", { name: /Sofía Sesiones/ })).toBeVisible();

  await signIn({ email, password: "Primera-clave-1" });
  await page.goto("/mi-perfil");
  await page.getByLabel("Contraseña actual").fill("Primera-clave-1");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Segunda-clave-2");
  await page.getByLabel("Confirmar nueva contraseña").fill("Segunda-clave-2");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Contraseña actualizada con éxito" })).toBeVisible();

  // This browser carries the fresh token: it is still signed in on its next calls.
  await page.goto("/compra-una-empresa");
  await expect(page.getByRole("heading", { level: 1, name: "Compra una empresa" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Sofía Sesiones/ })).toBeVisible();
  expect(await statusWith(page, (await storedToken(page)) ?? "")).toBe(200);

  // The other browser's next call is refused, and it lands on the login.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/iniciar-sesion/);
  await other.close();
});
