import type { Page } from "@playwright/test";
import { SAVED_SEARCH_MESSAGES } from "../../contracts/saved-searches.ts";
import { DEMO_BUYER, expect, expectNoAxeViolations, test } from "./fixtures.ts";

/**
 * The marketplace's "Guardar búsqueda" says when the current search is
 * saved (decision 035): "Búsqueda guardada", pressed, after saving and
 * after a reload; another filter is another search; pressing it offers to
 * delete the search. The demo buyer's search is deleted at the end, as it
 * was before the test. (Saving with e-mail alerts end to end is
 * deal-room.spec.ts.)
 */

test.use({ signedInAs: DEMO_BUYER });

const NAME = "Tecnología para invertir";
const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const notSaved = (page: Page) => page.getByRole("button", { name: "Guardar búsqueda", exact: true, pressed: false });
const saved = (page: Page) => page.getByRole("button", { name: "Búsqueda guardada", exact: true, pressed: true });

test("a saved search shows as saved, still after a reload, not under other filters, and is deleted from the same button", async ({ page }) => {
  await page.goto("/compra-una-empresa?industry_id=1");
  await expect(notSaved(page)).toBeVisible();
  await notSaved(page).click();
  const dialog = page.getByRole("dialog", { name: "Guardar búsqueda" });
  await dialog.getByLabel("Nombre de la búsqueda").fill(NAME);
  await dialog.getByRole("button", { name: "Guardar búsqueda" }).click();
  await expect(toast(page, SAVED_SEARCH_MESSAGES.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The dialog gave the focus back to the button, which now says the search is saved.
  await expect(saved(page)).toBeFocused();
  await expect(saved(page)).toHaveAccessibleDescription(`Guardada como «${NAME}». Púlsalo para dejar de guardarla.`);

  await page.reload();
  await expect(saved(page)).toBeVisible();
  await expectNoAxeViolations(page);

  // Another filter is another search; back to the saved one, saved again.
  await page.getByRole("button", { name: /Tipo de transacción/ }).click();
  await page.getByRole("option", { name: "Capital para crecimiento" }).click();
  await expect(page).toHaveURL(/industry_id=1&interest_id=1(&|$)/);
  await expect(notSaved(page)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?industry_id=1$/);
  await expect(saved(page)).toBeVisible();

  // Pressing the saved state offers to delete it; once deleted, the button offers to save again and keeps the focus.
  await saved(page).click();
  const removal = page.getByRole("dialog", { name: `¿Eliminar la búsqueda «${NAME}»?` });
  await removal.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(toast(page, SAVED_SEARCH_MESSAGES.deleted)).toBeVisible();
  await expect(removal).toBeHidden();
  await expect(notSaved(page)).toBeFocused();
  await page.reload();
  await expect(notSaved(page)).toBeVisible();
});
