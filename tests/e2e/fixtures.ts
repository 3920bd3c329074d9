import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Puente2026!";
export const DEMO_BUYER = { email: "comprador@puente.mx", password: DEMO_PASSWORD };
export const DEMO_SELLER = { email: "vendedor@puente.mx", password: DEMO_PASSWORD };
export const DEMO_ADMIN = { email: "admin@puente.mx", password: DEMO_PASSWORD };

type Credentials = { email: string; password: string };

/** Fails with the list of violations, so a report says what to fix. */
export async function expectNoAxeViolations(page: Page) {
  // Pages and the session load lazily: analyse the page, not the layout's spinner.
  await expect(page.getByRole("status").filter({ hasText: /^Cargando$/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{ login: (credentials: Credentials) => Promise<void> }>({
  // Logs in through the real form, the way a person does.
  login: async ({ page }, use) => {
    await use(async ({ email, password }) => {
      if (!page.url().includes("/iniciar-sesion")) await page.goto("/iniciar-sesion");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Contraseña", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
    });
  },
});

export { expect };
