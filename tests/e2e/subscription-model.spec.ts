import type { Page } from "@playwright/test";
import { sellerSignUp } from "../server/samples.ts";
import { expect, test } from "./fixtures.ts";
import { payPlanThroughApi } from "./paid-plan.ts";
import { subscriptionWalk, type Expected, type WalkEvent } from "./model/subscription-walks.ts";

// Model-based UI test of the subscription machine (issue 27): the walk
// xstate/graph finds over the plan screen's states (./model/subscription-walks.ts),
// driven in Chromium against the real server, by a seller who just paid
// Impulsa mensual. After every event Configuración › Planes must show what
// the machine predicts: the status line, 'Cancelar plan', 'Reanudar plan'
// and the confirmation. Choosing Explora mensual for the end of the period,
// and keeping Impulsa after all, are done on /planes, reached and left
// through the app's own links (the same tab, the same machine).

const PASSWORD = "Vendedora-modelo-plan-1";
const { walk } = subscriptionWalk();

const ACTIVE_TEXT = "Tu plan Impulsa mensual está activo.";
const CANCELLED_TEXT = /^Cancelaste tu plan; conservas el acceso hasta el \d{1,2} de [a-z]+ de \d{4}\.$/;
const SCHEDULED_TEXT = /^Tu plan actual sigue hasta el \d{1,2} de [a-z]+ de \d{4}; después cambiará al plan que elegiste\.$/;
const DOWNGRADE = "Cambiar a Explora mensual al terminar el periodo";

async function expectPage(page: Page, expected: Expected, where: string) {
  if (expected.kind === "busy") return;
  const dialog = page.getByRole("dialog", { name: "¿Cancelar tu plan?" });
  if (expected.modalOpen) {
    await expect(dialog, where).toBeVisible();
    return;
  }
  await expect(dialog, where).toBeHidden();
  if (expected.changeScheduled) await expect(page.getByText(SCHEDULED_TEXT), where).toBeVisible();
  else if (expected.cancelled) await expect(page.getByText(CANCELLED_TEXT), where).toBeVisible();
  else await expect(page.getByText(ACTIVE_TEXT), where).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancelar plan" }), where).toHaveCount(expected.canCancel ? 1 : 0);
  await expect(page.getByRole("button", { name: "Reanudar plan" }), where).toHaveCount(expected.canResume ? 1 : 0);
}

async function perform(page: Page, event: WalkEvent) {
  switch (event.type) {
    case "subscription.cancelRequested":
      await page.getByRole("button", { name: "Cancelar plan" }).click();
      return;
    case "subscription.cancelConfirmed":
      await page.getByRole("button", { name: "Sí, cancelar mi plan" }).click();
      return;
    case "subscription.cancelDismissed":
      await page.getByRole("button", { name: "Conservar mi plan" }).click();
      return;
    case "subscription.resumeRequested":
      await page.getByRole("button", { name: "Reanudar plan" }).click();
      return;
    case "subscription.changeScheduled":
      // On /planes, and back once its answer shows there.
      await page.getByRole("link", { name: "Cambiar plan" }).click();
      await page.getByRole("button", { name: DOWNGRADE }).click();
      await expect(page.getByRole("button", { name: "Mantener mi plan actual" })).toBeVisible();
      await page.getByRole("link", { name: "Ir a Configuración" }).click();
      return;
    case "subscription.scheduledChangeDropped":
      await page.getByRole("link", { name: "Cambiar plan" }).click();
      await page.getByRole("button", { name: "Mantener mi plan actual" }).click();
      await expect(page.getByRole("button", { name: DOWNGRADE })).toBeVisible();
      await page.getByRole("link", { name: "Ir a Configuración" }).click();
      return;
    default:
      // The server's answers need nothing: the next check waits for them.
      if (!event.type.startsWith("xstate.done.actor.")) throw new Error(`no way to cause ${event.type} in the page`);
  }
}

const summary = walk.steps.filter((step) => !step.event.type.startsWith("xstate.")).map((step) => step.event.type.replace("subscription.", "")).join(" → ");
test(`subscription model, ${walk.name}: ${summary}`, async ({ page, signIn }) => {
  const email = `vendedora.modelo.plan.${Date.now()}@ejemplo.mx`;
  const sample = sellerSignUp(email);
  expect((await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, password: PASSWORD } } })).status()).toBe(201);
  await payPlanThroughApi(page.request, { email, password: PASSWORD }, "impulsa_monthly");
  await signIn({ email, password: PASSWORD });
  await page.goto("/mi-perfil?tab=configuracion");
  await expectPage(page, walk.start, "start");
  for (const [index, step] of walk.steps.entries()) {
    await perform(page, step.event);
    await expectPage(page, step.expected, `event ${index + 1} (${step.event.type})`);
  }
});
