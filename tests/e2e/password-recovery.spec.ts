import { TEST_SCRYPT_PARAMS } from "../../server/auth/passwords.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { createUser } from "../../server/auth/users.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { freePort, openMailInbox, type MailInbox } from "./mail-inbox.ts";

/**
 * Password recovery end to end with real e-mail: a local SMTP server
 * (smtp-server) receives what the app sends through nodemailer, and the
 * browser follows the link from the message. This spec runs its own app
 * server (built app from dist/, fresh database) pointed at that SMTP server.
 */

let inbox: MailInbox;
let app: RunningServer;

test.beforeAll(async () => {
  inbox = await openMailInbox();
  const port = await freePort();
  app = await startServer({
    port,
    appUrl: `http://127.0.0.1:${port}`,
    smtpUrl: inbox.smtpUrl,
    seedDemo: false,
    rateLimits: { login: { max: 1000, windowMs: 60_000 }, recovery: { max: 1000, windowMs: 60_000 } },
  });
  await createUser(app.db, { email: "rosa.olvido@ejemplo.mx", password: "Olvidada-2025", name: "Rosa Olvido", phone: "5512340000", roles: ["buyer"] }, { params: TEST_SCRYPT_PARAMS });
});

test.afterAll(async () => {
  await app?.close();
  await inbox?.close();
});

test("a user recovers a forgotten password from the e-mail link, is signed in, and logs in later with the new one", async ({ page, login }) => {
  await page.goto(`${app.url}/iniciar-sesion`);
  await page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recupera tu contraseña" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByText("Debes ingresar tu email", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill("rosa.olvido@");
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByText("Ingresa un email válido", { exact: true })).toBeVisible();

  await page.getByLabel("Email").fill(" Rosa.Olvido@Ejemplo.MX ");
  // Counted before sending (not "the first message"): the test does not depend on what ran before it.
  const already = inbox.countTo("rosa.olvido@ejemplo.mx");
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Se envió el correo electrónico correctamente" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Si el email está registrado, te enviamos un enlace" })).toBeVisible();

  const text = await inbox.nextTo("rosa.olvido@ejemplo.mx", already);
  expect(text).toContain("Hola, Rosa Olvido:");
  expect(text).toContain("vence en 1 hora");
  const link = new RegExp(`${app.url.replace(/[.]/g, "\\.")}/recuperar-contrasena\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  expect(link, "recovery link in the e-mail").toBeDefined();

  await page.goto(link ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Crea una nueva contraseña" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("Debes ingresar una contraseña", { exact: true })).toBeVisible();
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("corta");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("corta");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("La contraseña debe ser de al menos 8 caracteres", { exact: true })).toBeVisible();
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Recordada-2026");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Recordada-2027");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText("Los campos no coinciden", { exact: true })).toBeVisible();
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Recordada-2026");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();

  // The reset signs the person in with a fresh session.
  await expect(page.getByRole("alert").filter({ hasText: "Contraseña actualizada con éxito" })).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/compra-una-empresa`);
  await page.getByRole("button", { name: /Rosa Olvido/ }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(`${app.url}/iniciar-sesion`);
  await login({ email: "rosa.olvido@ejemplo.mx", password: "Olvidada-2025" });
  await expect(page.getByRole("alert").filter({ hasText: "El email o la contraseña son incorrectos." })).toBeVisible();
  await login({ email: "rosa.olvido@ejemplo.mx", password: "Recordada-2026" });
  await expect(page).toHaveURL(`${app.url}/compra-una-empresa`);
  await expect(page.getByRole("button", { name: /Rosa Olvido/ })).toBeVisible();

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link ?? "");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Otra-clave-2026");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Otra-clave-2026");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "El enlace para recuperar tu contraseña no es válido o ya venció. Solicita uno nuevo." }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Solicitar un nuevo enlace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recupera tu contraseña" })).toBeVisible();
});

test("an unknown e-mail gets the same answer and no message", async ({ page }) => {
  const before = inbox.total();
  await page.goto(`${app.url}/recuperar-contrasena`);
  await page.getByLabel("Email").fill("nadie.registrado@ejemplo.mx");
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Si el email está registrado, te enviamos un enlace" })).toBeVisible();
  // A known address sent after it arrives; the unknown one never does.
  await page.getByLabel("Email").fill("rosa.olvido@ejemplo.mx");
  // Counted before the click: the message can arrive before the click returns.
  const already = inbox.countTo("rosa.olvido@ejemplo.mx");
  await page.getByRole("button", { name: "Enviar de nuevo" }).click();
  await inbox.nextTo("rosa.olvido@ejemplo.mx", already);
  await app.app.backgroundIdle();
  expect(inbox.recipientsFrom(before)).toEqual(["rosa.olvido@ejemplo.mx"]);
});
