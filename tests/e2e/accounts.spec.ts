import type { Page } from "@playwright/test";
import { DUPLICATE_EMAIL_MESSAGE } from "../../contracts/registration.ts";
import { CONFIRM_EMAIL_STEP } from "../../src/features/auth/components/thank-you-copy.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// One e2e server for the whole run: every test signs up with its own e-mail.
const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.mx`;

/** Opens a dropdown by its label and picks an option, the way a person does. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Clicks the label of the terms box (the input itself is visually hidden). */
async function acceptTerms(page: Page) {
  await page.getByText("Acepto los términos y condiciones y la política de privacidad de Puente.").click();
  await expect(page.getByRole("checkbox", { name: /Acepto los términos y condiciones/ })).toBeChecked();
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

// The buyer's journey is two tests, each with its own time budget: together
// they took up to 25 s of the 30 s one on a loaded machine.
test("a buyer signs up, is sent to the login after 5 s and logs in with the new account", async ({ page, login }) => {
  const email = unique("comprador");
  // The page's timers run on a clock the test can move (the thank-you page's 5 s).
  await page.clock.install();
  await page.goto("/iniciar-sesion");
  await page.getByRole("link", { name: "¿No tienes cuenta? Regístrate" }).click();
  await expect(page).toHaveURL(/\/comprador-o-vendedor$/);
  await expect(page.getByRole("heading", { level: 1, name: "¿Cómo quieres usar Puente?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Registrarme como comprador" }).click();
  await expect(page).toHaveURL(/\/registro$/);
  await expect(page.getByRole("heading", { level: 1, name: "Regístrate como comprador o inversionista" })).toBeVisible();

  // Validation runs on submit, with the spec's messages.
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  for (const message of [
    "Debes ingresar tu nombre",
    "Debes seleccionar la opción que mejor te describe",
    "Debes seleccionar tu estado",
    "Debes describir tu tesis de inversión",
    "Debes seleccionar tu ticket de inversión",
    "Debes ingresar tu email",
    "Debes ingresar tu teléfono",
    "Debes ingresar una contraseña",
    "Debes aceptar los términos y condiciones para crear tu cuenta",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Nombre completo")).toBeFocused();
  await expectNoAxeViolations(page);

  await page.getByLabel("Nombre completo").fill("Ana Compradora");
  await choose(page, "¿Qué te describe mejor?", "Family office");
  await choose(page, "Estado", "Jalisco");
  await page.getByLabel("Resumen de tu tesis de inversión").fill("Empresas de alimentos con ventas recurrentes en el Bajío.");
  await choose(page, "Ticket de inversión", "$5 M – $20 M MXN");
  await page.getByLabel("Email").fill(`  ${email.toUpperCase()} `);
  await page.getByLabel("Teléfono").fill("3312345678");
  await page.getByLabel("Contraseña", { exact: true }).fill("corta");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("La contraseña debe ser de al menos 8 caracteres")).toBeVisible();
  await page.getByLabel("Contraseña", { exact: true }).fill("Primera-clave-1");
  await acceptTerms(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(toast(page, "Registrado con éxito")).toBeVisible();
  await expect(page).toHaveURL(/\/gracias-comprador$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gracias por registrarte" })).toBeVisible();
  // What to do next, and why: confirm the e-mail, which asking for a full profile needs.
  await expect(page.getByRole("note")).toHaveText(CONFIRM_EMAIL_STEP);
  await expectNoAxeViolations(page);
  // The thank-you page sends the user to log in after 5 s: moved on the page's
  // clock, not waited for on a machine that may be slow.
  await page.clock.runFor(5000);
  await expect(page).toHaveURL(/\/iniciar-sesion$/);

  // The e-mail was trimmed and lowercased on submit.
  await login({ email, password: "Primera-clave-1" });
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(page.getByRole("button", { name: /Ana Compradora/ })).toBeVisible();
});

test("a buyer edits the profile, changes the password, logs out and logs in with the new one", async ({ page, login, signIn }) => {
  // The account the sign-up test creates through the form, created here through the API.
  const email = unique("comprador");
  const created = await page.request.post("/api/buyers", {
    data: {
      buyer_description_id: 1,
      state_id: 1,
      investment_description_summary: "Empresas de alimentos con ventas recurrentes en el Bajío.",
      investment_size_id: 1,
      user: { email, password: "Primera-clave-1", phone: "3312345678", name: "Ana Compradora" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signIn({ email, password: "Primera-clave-1" });
  await page.goto("/compra-una-empresa");

  await page.getByRole("button", { name: /Ana Compradora/ }).click();
  await page.getByRole("menuitem", { name: "Mi perfil" }).click();
  await expect(page).toHaveURL(/\/mi-perfil/);
  await expect(page.getByRole("tab", { name: "Mi perfil", selected: true })).toBeVisible();
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Ana Compradora");
  await expectNoAxeViolations(page);

  await page.getByLabel("Nombre", { exact: true }).fill(" ");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Debes ingresar tu nombre")).toBeVisible();
  await page.getByLabel("Nombre", { exact: true }).fill("Ana María Compradora");
  await page.getByLabel("Teléfono").fill("3399998888");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Datos actualizados correctamente")).toBeVisible();
  // The navbar shows the new name at once, and keeps it after a reload.
  await expect(page.getByRole("button", { name: /Ana María Compradora/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: /Ana María Compradora/ })).toBeVisible();
  await expect(page.getByLabel("Teléfono")).toHaveValue("3399998888");

  await page.getByLabel("Contraseña actual").fill("equivocada-123");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Segunda-clave-2");
  await page.getByLabel("Confirmar nueva contraseña").fill("Segunda-clave-3");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("Los campos no coinciden")).toBeVisible();
  await page.getByLabel("Confirmar nueva contraseña").fill("Segunda-clave-2");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  const wrongPassword = page.getByRole("alert").filter({ hasText: "La contraseña actual no es correcta." });
  await expect(wrongPassword).toBeVisible();
  // Closed as a person would: the error toast (top right, 5 s) covers the user
  // menu, and a click on it would wait, for however long it has left, until it goes.
  await wrongPassword.getByRole("button", { name: "Cerrar notificación" }).click();
  await expect(wrongPassword).toBeHidden();
  await page.getByLabel("Contraseña actual").fill("Primera-clave-1");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(toast(page, "Contraseña actualizada con éxito")).toBeVisible();
  await expect(page.getByLabel("Contraseña actual")).toHaveValue("");

  // Configuración: the plan, with a way to the plans page.
  await page.getByRole("tab", { name: "Configuración" }).click();
  await expect(page).toHaveURL(/\/mi-perfil\?tab=configuracion$/);
  await expect(page.getByRole("tab", { name: "Planes", selected: true })).toBeVisible();
  await expect(page.getByText("Estás en el plan gratuito.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cambiar plan" })).toHaveAttribute("href", "/planes");
  // A free plan has nothing to cancel and no payments to list.
  await expect(page.getByRole("button", { name: "Cancelar plan" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Historial" })).toHaveCount(0);

  await page.getByRole("button", { name: /Ana María Compradora/ }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/iniciar-sesion$/);

  await login({ email, password: "Primera-clave-1" });
  await expect(page.getByRole("alert").filter({ hasText: "El email o la contraseña son incorrectos." })).toBeVisible();
  await login({ email, password: "Segunda-clave-2" });
  await expect(page).toHaveURL(/\/compra-una-empresa$/);
  await expect(page.getByRole("button", { name: /Ana María Compradora/ })).toBeVisible();
});

test("signing up with an e-mail that has an account says the server's Spanish message at the e-mail field, where the focus goes", async ({ page }) => {
  await page.goto("/registro");
  await page.getByLabel("Nombre completo").fill("Daniela Duplicada");
  // Focus lands on the first field to fix, a dropdown here.
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("button", { name: "¿Qué te describe mejor?" })).toBeFocused();
  await choose(page, "¿Qué te describe mejor?", "Inversionista individual");
  await choose(page, "Estado", "Nuevo León");
  await page.getByLabel("Resumen de tu tesis de inversión").fill("Tecnología");
  await choose(page, "Ticket de inversión", "Menos de $1 M MXN");
  await page.getByLabel("Email").fill("comprador@puente.mx");
  await page.getByLabel("Teléfono").fill("5512345678");
  await page.getByLabel("Contraseña", { exact: true }).fill("Cualquier-clave-1");
  await acceptTerms(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  const emailField = page.getByRole("textbox", { name: "Email" });
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(emailField).toHaveAccessibleDescription(new RegExp(DUPLICATE_EMAIL_MESSAGE.replace(/[.?]/g, "\\$&")));
  // Said once, where it is fixed: no toast repeats it.
  await expect(toast(page, DUPLICATE_EMAIL_MESSAGE)).toHaveCount(0);
  await expect(page).toHaveURL(/\/registro$/);
  await expectNoAxeViolations(page);
});

test("a seller signs up with the first company from /vende-tu-empresa", async ({ page, login }) => {
  const email = unique("vendedor");
  await page.goto("/vende-tu-empresa");
  // The landing's button takes the visitor down to the form (loaded as it nears the screen).
  await page.getByRole("button", { name: "Registra tu empresa" }).first().click();
  const form = page.locator("#registro-vendedor");
  await expect(form.getByRole("heading", { name: "Registra tu empresa" })).toBeVisible();
  await form.getByRole("button", { name: "Registrar empresa" }).click();
  for (const message of [
    "Debes ingresar tu nombre",
    "Debes ingresar tu email",
    "Debes ingresar tu teléfono",
    "Debes ingresar una contraseña",
    "Debes ingresar el nombre de la empresa",
    "Debes ingresar la página web",
    "Debes ingresar el año de fundación",
    "Debes ingresar el número de colaboradores",
    "Debes ingresar una descripción corta",
    "Debes seleccionar una industria",
    "Debes seleccionar un tipo de empresa",
    "Debes seleccionar un estado",
    "Debes seleccionar un interés",
    "Debes seleccionar tu rol en la empresa",
    "Debes seleccionar rango de EBITDA",
    "Debes seleccionar rango de ventas",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await form.getByLabel("Nombre", { exact: true }).fill("Sofía Vendedora");
  // Lowercased as typed.
  await form.getByLabel("Email").fill(email.toUpperCase());
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await form.getByLabel("Teléfono").fill("8187654321");
  await form.getByLabel("Contraseña", { exact: true }).fill("Vendedora-2026");
  await form.getByLabel("Nombre de la empresa").fill("Panadería La Espiga");
  await form.getByLabel("Página web").fill("https://laespiga.mx");
  // Numeric masks: letters are dropped.
  await form.getByLabel("Año de fundación").fill("19x98");
  await expect(form.getByLabel("Año de fundación")).toHaveValue("1998");
  await form.getByLabel("Número de colaboradores").fill("0");
  await form.getByLabel("Descripción corta").fill("Panadería artesanal con dos sucursales y venta a cafeterías.");
  await choose(page, "Industria", "Alimentos y bebidas");
  await choose(page, "Tipo de empresa", "Persona moral");
  await choose(page, "Estado", "Querétaro");
  await expect(form.getByRole("button", { name: "País" })).toContainText("México");
  await choose(page, "¿Qué te interesa?", "Vender 100%");
  await choose(page, "Tu rol en la empresa", "Fundador");
  await choose(page, "Rango de EBITDA anual", "$1 M – $5 M MXN");
  await choose(page, "Rango de ventas anuales", "$10 M – $25 M MXN");
  await form.getByRole("button", { name: "Registrar empresa" }).click();
  await expect(form.getByText("No puede ser menor a 1")).toBeVisible();
  await expect(form.getByLabel("Número de colaboradores")).toBeFocused();
  await form.getByLabel("Número de colaboradores").fill("12");
  await form.getByRole("button", { name: "Registrar empresa" }).click();

  await expect(toast(page, "Empresa registrada con éxito")).toBeVisible();
  await expect(page).toHaveURL(/\/gracias-vendedor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gracias por registrarte" })).toBeVisible();
  await page.getByRole("link", { name: "Iniciar sesión" }).last().click();
  await login({ email, password: "Vendedora-2026" });
  // "Inicia sesión para completar el onboarding": the log-in leads to it, on the new company (decision 014).
  await expect(page).toHaveURL(/\/onboarding\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Información general" })).toBeVisible();

  // The company is in the database, owned by the new seller, waiting for review.
  const session = await page.request.post("/api/sessions", { data: { email, password: "Vendedora-2026" } });
  const { access_token } = (await session.json()) as { access_token: string };
  const mine = await page.request.get("/api/companies?is_dashboard=true", { headers: { Authorization: `Bearer ${access_token}` } });
  expect(mine.status()).toBe(200);
  const list = (await mine.json()) as { items: ReadonlyArray<Record<string, unknown>> };
  expect(list.items).toEqual([
    expect.objectContaining({
      name: "Panadería La Espiga",
      contact_name: "Sofía Vendedora",
      state: expect.objectContaining({ name: "Querétaro" }),
      company_status: expect.objectContaining({ name: "Created" }),
      verification_level: expect.objectContaining({ name: "Pendiente" }),
      is_published: false,
    }),
  ]);
});

test("login links to recovery and sign-up, and thank-you pages offer the login and the FAQ", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveAttribute("href", "/recuperar-contrasena");
  await expect(page.getByRole("link", { name: "¿No tienes cuenta? Regístrate" })).toHaveAttribute("href", "/comprador-o-vendedor");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/registro-exitoso");
  await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todas las preguntas frecuentes" })).toHaveAttribute("href", "/faq");
  await expectNoAxeViolations(page);
});
