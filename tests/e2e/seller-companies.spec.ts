import type { Page } from "@playwright/test";
import { CONTACT_DETAILS_NOTE } from "../../contracts/confidential-text.ts";
import { buyerSignUp, companyCreateRequest, sellerSignUp } from "../server/samples.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// Company create/edit, Mis empresas and the seller landing by role
// (docs/decisions/014-seller-area-and-landing.md), through the real server.

const PASSWORD = "Vendedora-empresas-1";
let serial = 0;
const unique = (label: string) => `${label}.${Date.now()}.${(serial += 1)}@ejemplo.mx`;

/** A 1×1 PNG: a real image the server's content sniffing accepts. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

interface Account {
  readonly email: string;
  readonly name: string;
  readonly phone: string;
}

async function signUpSeller(page: Page, name: string): Promise<Account> {
  const email = unique("vendedora.empresas");
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name, password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  return { email, name, phone: sample.user.phone };
}

async function signUpBuyer(page: Page, name: string): Promise<Account> {
  const email = unique("comprador.empresas");
  const sample = buyerSignUp(email);
  const created = await page.request.post("/api/buyers", { data: { ...sample, user: { ...sample.user, name, password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  return { email, name, phone: sample.user.phone };
}


/** The session's token, as the app stored it (to add companies through the API quickly). */
const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const stored: unknown = JSON.parse(window.localStorage.getItem("puente.session") ?? "{}");
    return typeof stored === "object" && stored !== null ? String(Reflect.get(stored, "token") ?? "") : "";
  });

test("a seller lands on the form, creates a company with a picture, edits it and finds it in Mis empresas", async ({ page, signIn }) => {
  const seller = await signUpSeller(page, "Lucía Empresaria");
  await signIn({ email: seller.email, password: PASSWORD });

  // Signed in, the seller pages lead a seller to the company form.
  await page.goto("/vende-tu-empresa");
  await expect(page).toHaveURL(/\/crear-empresa$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crear nueva empresa" })).toBeVisible();
  // The contact is the seller's own account, prefilled and locked.
  const contactName = page.getByRole("textbox", { name: "Nombre del contacto" });
  await expect(contactName).toHaveValue(seller.name);
  await expect(contactName).toHaveAttribute("readonly", "");
  await expect(page.getByRole("textbox", { name: "Email del contacto" })).toHaveValue(seller.email);
  await expectNoAxeViolations(page);

  // Lazy validation: nothing is sent without a name.
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("Debes ingresar un nombre")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nombre de la empresa" })).toBeFocused();

  const companyName = `Cerámica Talavera ${Date.now()}`;
  await page.getByRole("textbox", { name: "Nombre de la empresa" }).fill(companyName);
  await page.getByRole("textbox", { name: "Descripción corta" }).fill("Talleres de cerámica en Puebla con exportación a Estados Unidos.");
  // The label is what a person clicks (the drawn box sits over the hidden input).
  await page.getByText("Manufactura", { exact: true }).click();
  await expect(page.getByRole("checkbox", { name: "Manufactura" })).toBeChecked();
  await page.getByLabel("Imagen de la empresa (JPG o PNG)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: TINY_PNG });
  // A preview of the chosen picture, before it is uploaded.
  await expect(page.getByRole("img", { name: "Vista previa de la imagen elegida para la empresa" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Crear" }).click();

  // Create, then upload the picture, then the company's page.
  await expect(page.getByText("Empresa registrada con éxito")).toBeVisible();
  await expect(page.getByText("Imagen guardada con éxito")).toBeVisible();
  await expect(page).toHaveURL(/\/mi-empresa\/\d+$/);
  const heading = page.getByRole("heading", { level: 1, name: /^Información pública: PUE-\d{4,}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("tab", { name: "Información pública", selected: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Dataroom" })).toBeVisible();
  // Onboarding is an admin tab.
  await expect(page.getByRole("tab", { name: "Onboarding" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Nombre de la empresa" })).toHaveValue(companyName);
  await expect(page.getByRole("checkbox", { name: "Manufactura" })).toBeChecked();
  // The uploaded picture, as the server serves it.
  await expect(page.getByRole("img", { name: "Imagen actual de la empresa" })).toHaveAttribute("src", /\/api\/company_pictures\/[0-9a-f]{32}$/);
  await expectNoAxeViolations(page);

  // Edit and save. A phone written into the description stays private: the field says so, before and after saving (decision 030).
  await page.getByRole("textbox", { name: "Número de colaboradores" }).fill("42");
  await expect(page.getByText(CONTACT_DETAILS_NOTE)).toHaveCount(0);
  await page.getByRole("textbox", { name: "Descripción corta" }).fill("Talleres de cerámica en Puebla. Pedidos al 222 123 4567.");
  await expect(page.getByRole("textbox", { name: "Descripción corta" })).toHaveAccessibleDescription(CONTACT_DETAILS_NOTE);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Datos actualizados correctamente")).toBeVisible();
  const humanId = (await heading.textContent())?.replace("Información pública: ", "") ?? "";
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Número de colaboradores" })).toHaveValue("42");
  await expect(page.getByRole("textbox", { name: "Descripción corta" })).toHaveAccessibleDescription(CONTACT_DETAILS_NOTE);

  // Mis empresas: the company, with the onboarding still to finish; search; 10 rows per page.
  const token = await tokenOf(page);
  for (let index = 0; index < 10; index += 1) {
    const response = await page.request.post("/api/companies", {
      headers: { authorization: `Bearer ${token}` },
      data: { ...companyCreateRequest({ name: seller.name, email: seller.email, phone: seller.phone }), name: `Sucursal ${index + 1}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.goto("/mis-empresas");
  await expect(page.getByRole("heading", { level: 1, name: "Mis empresas" })).toBeVisible();
  const table = page.getByRole("table", { name: "Tus empresas" });
  // The seller-registration company, the one made in the form and ten more: 12, so two pages.
  await expect(table.getByRole("row")).toHaveCount(11);
  await expect(page.getByText("Página 1 de 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Registrar empresa" })).toHaveAttribute("href", "/crear-empresa");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Siguiente" }).click();
  await expect(page.getByText("Página 2 de 2")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);

  await page.getByRole("searchbox", { name: "Buscar empresa" }).fill(humanId);
  await page.getByRole("searchbox", { name: "Buscar empresa" }).press("Enter");
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(companyName);
  await expect(row.getByRole("link", { name: `Terminar onboarding de ${companyName}` })).toHaveAttribute("href", /\/onboarding\/\d+$/);
  await expect(page.getByText("Página 1 de 2")).toHaveCount(0);
});

test("a buyer is shown how to add a company, registers one and becomes a seller at once", async ({ page, signIn }) => {
  const buyer = await signUpBuyer(page, "Mateo Comprador");
  await signIn({ email: buyer.email, password: PASSWORD });

  await page.goto("/levanta-capital");
  await expect(page).toHaveURL(/\/agrega-tu-empresa$/);
  await expect(page.getByRole("button", { name: new RegExp(buyer.name) })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Registra tu empresa" })).toBeVisible();
  await expectNoAxeViolations(page);
  // No Mis empresas in the buyer's menu yet.
  await page.getByRole("button", { name: new RegExp(buyer.name) }).click();
  await expect(page.getByRole("menuitem", { name: "Mi perfil" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Mis empresas" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Registrar empresa" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Crear nueva empresa" })).toBeVisible();
  await page.getByRole("textbox", { name: "Nombre de la empresa" }).fill(`Mezcales del Sur ${Date.now()}`);
  await page.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByText("Empresa registrada con éxito")).toBeVisible();
  await expect(page).toHaveURL(/\/mi-empresa\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Información pública: PUE-/ })).toBeVisible();

  // The fresh token is in the session: the menu lists Mis empresas without a new log-in.
  await page.getByRole("button", { name: new RegExp(buyer.name) }).click();
  await page.getByRole("menuitem", { name: "Mis empresas" }).click();
  await expect(page).toHaveURL(/\/mis-empresas$/);
  await expect(page.getByRole("table", { name: "Tus empresas" }).getByRole("row")).toHaveCount(2);
});
