import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// Buyer mandates (issue 28, docs/decisions/033-buyer-mandates.md): a visitor whose marketplace search finds
// nothing says what company they look for, starting from the filters they chose, and sees the confirmation.

const unique = () => `visitante.mandato.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.mx`;

/** Ticks one option of a checkbox group, by the group's legend and the option's label (the box itself is visually hidden). */
async function tick(page: Page, group: string, option: string) {
  const fieldset = page.getByRole("group", { name: group });
  await fieldset.getByText(option, { exact: true }).click();
  await expect(fieldset.getByRole("checkbox", { name: option, exact: true })).toBeChecked();
}

test("a visitor goes from the marketplace's empty state to 'Dime qué empresa buscas', fixes what is missing and sees the confirmation", async ({ page }) => {
  // Mining in Zacatecas with a text nothing has: no result.
  await page.goto("/compra-una-empresa?q=zzzqqqxxx&industry_id=20&state_id=32");
  await expect(page.getByText("No se encontraron resultados, por favor ajusta tu búsqueda")).toBeVisible();
  await page.getByRole("link", { name: "Dime qué empresa buscas" }).click();

  // The filters came along: the sector and the state are ticked.
  await expect(page).toHaveURL(/\/que-empresa-buscas\?industry_id=20&state_id=32$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dime qué empresa buscas" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Sectores" }).getByRole("checkbox", { name: "Minería", exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name: "Estados" }).getByRole("checkbox", { name: "Zacatecas", exact: true })).toBeChecked();
  await expectNoAxeViolations(page);

  // Sent half filled: each message at its field, and focus on the first field to fix.
  await page.getByRole("textbox", { name: "Describe la empresa que buscas" }).fill("Una mina");
  await page.getByRole("button", { name: "Enviar lo que busco" }).click();
  // Each message is the field's own description, so a screen reader says it with the field.
  await expect(page.getByRole("group", { name: "Ventas anuales" })).toHaveAccessibleDescription("Elige al menos un rango de ventas anuales o de EBITDA");
  await expect(page.getByRole("radiogroup", { name: "¿Qué quieres hacer?" })).toHaveAccessibleDescription("Elige qué tipo de operación buscas");
  await expect(page.getByText("Debes seleccionar tu ticket de inversión", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Describe la empresa que buscas" })).toHaveAccessibleDescription(/Cuéntanos un poco más: al menos 20 caracteres/);
  await expect(page.getByRole("textbox", { name: "Nombre" })).toHaveAccessibleDescription("Debes ingresar tu nombre");
  // Focus on the first field to fix: the sales ranges' first box.
  await expect(page.getByRole("group", { name: "Ventas anuales" }).getByRole("checkbox").first()).toBeFocused();

  await page.getByRole("radio", { name: "Comprar una empresa" }).check({ force: true });
  await tick(page, "Ventas anuales", "$10 M – $25 M MXN");
  await page.getByRole("button", { name: /Ticket de inversión/ }).click();
  await page.getByRole("option", { name: "$20 M – $50 M MXN", exact: true }).click();
  await page.getByRole("textbox", { name: "Describe la empresa que buscas" }).fill("Una mina de plata en operación, con concesiones vigentes y permisos ambientales en regla.");
  const email = unique();
  await page.getByRole("textbox", { name: "Nombre" }).fill("Graciela Zamora");
  await page.getByRole("textbox", { name: "Email" }).fill(email.toUpperCase());
  await page.getByRole("textbox", { name: "Teléfono" }).fill("492 123 4567");
  await page.getByRole("button", { name: "Enviar lo que busco" }).click();

  const done = page.getByRole("heading", { name: "¡Listo! Ya sabemos qué empresa buscas" });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(page.getByText(`Te escribiremos a ${email} cuando se publique una empresa nueva que coincida`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Crear mi cuenta de comprador" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar lo que busco" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
