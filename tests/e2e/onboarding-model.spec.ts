import type { Page } from "@playwright/test";
import { STEP_TITLES } from "../../src/features/onboarding/components/step-titles.ts";
import { sellerSignUp } from "../server/samples.ts";
import { expect, test, type Credentials } from "./fixtures.ts";
import { FUNDING_STAGE_LABELS } from "../../contracts/onboarding.ts";
import { INTEREST_CHOICES, ROUND, onboardingWalks, type Expected, type WalkEvent } from "./model/onboarding-walks.ts";

// Model-based UI tests (issue 13): the onboarding machine's graph, walked by
// xstate/graph (./model/onboarding-walks.ts: every state the page can tell
// apart, in two walks), driven in Chromium against the
// real server. Each walk is a new seller; after every event the page must
// show what the machine predicts (the step, its sidebar, its progress, the
// selling questions, whether Next is allowed) and end where it predicts
// (/onboarding-completado or /compra-una-empresa). After every save, where
// the model says coming back opens on the same step, the seller leaves and
// comes back (a reload: the page starts again from the server's summary)
// and must find the same step, sidebar and saved answers.

const PASSWORD = "Vendedora-modelo-1";
let serial = 0;
const { walks } = onboardingWalks();

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const nextButton = (page: Page) => page.getByRole("button", { name: /^(Siguiente|Finalizar)$/ });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Pasos del onboarding" }).getByRole("listitem");
const progress = (page: Page) => page.getByRole("progressbar", { name: "Progreso del onboarding" });

async function newSellerOnTheWizard(page: Page, signIn: (credentials: Credentials) => Promise<void>) {
  const email = `vendedora.modelo.${Date.now()}.${(serial += 1)}@ejemplo.mx`;
  const sample = sellerSignUp(email);
  const created = await page.request.post("/api/sellers", { data: { ...sample, user: { ...sample.user, name: "Mónica Modelo", password: PASSWORD } } });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = (await created.json()) as { company: { id: number } };
  await signIn({ email, password: PASSWORD });
  await page.goto(`/onboarding/${company.id}`);
}

/** The page shows what the machine predicts. A save or the team notice in flight is passed through: the next event is its answer. */
async function expectPage(page: Page, expected: Expected, where: string) {
  switch (expected.kind) {
    case "saving":
    case "finishing":
      return;
    case "completed":
      await expect(page, where).toHaveURL(/\/onboarding-completado$/);
      return;
    case "left":
      await expect(page, where).toHaveURL(/\/compra-una-empresa$/);
      return;
    case "step": {
      await expect(heading(page), where).toHaveText(STEP_TITLES[expected.step]);
      await expect(sidebar(page), where).toHaveText(expected.sidebar.map((step) => STEP_TITLES[step]));
      await expect(progress(page), where).toHaveAttribute("aria-valuenow", String(expected.step * 10));
      if (expected.step === 3) await expect(page.getByLabel("¿Por qué quieres vender?"), where).toHaveCount(expected.sellingQuestions ? 1 : 0);
      if (expected.step === 8) await expect(page.getByRole("radiogroup", { name: "Urgencia" }), where).toHaveCount(expected.sellingQuestions ? 1 : 0);
      if (expected.canGoNext) await expect(nextButton(page), where).toBeEnabled();
      else await expect(nextButton(page), where).toBeDisabled();
      return;
    }
  }
}

/** A resumed step shows what the server has: on the steps the walks answer again, the answers of the last visit. */
async function expectSavedAnswersShown(page: Page, step: number) {
  if (step === 4) await expect(page.getByLabel("Monto de la ronda (USD)")).toHaveValue("");
  if (step === 5) {
    await expect(page.getByLabel("Monto ya levantado (USD)")).toHaveValue("");
    await expect(page.getByLabel("Inversionistas comprometidos")).toHaveValue("");
  }
}

/** react-aria draws its own box over the hidden input: press the label, as a person does, then check the state. */
async function setChecked(page: Page, name: string, checked: boolean) {
  const box = page.getByRole("checkbox", { name, exact: true });
  if ((await box.isChecked()) !== checked) await page.getByText(name, { exact: true }).click();
  if (checked) await expect(box).toBeChecked();
  else await expect(box).not.toBeChecked();
}

/** What a person does for an event; the server's answers need nothing (the next check waits for them). */
async function perform(page: Page, event: WalkEvent, before: Expected) {
  switch (event.type) {
    case "onboarding.next":
      // Next is disabled while a table is not at 100: pressing it does nothing, which the check after it proves.
      if (before.kind === "step" && before.canGoNext) await nextButton(page).click();
      return;
    case "onboarding.back":
      await page.getByRole("button", { name: "Atrás" }).click();
      return;
    case "equity.change":
      await page.getByLabel("Accionista 1", { exact: true }).fill(event.row.shareholder ?? "");
      await page.getByLabel("Participación (%) 1", { exact: true }).fill(String(event.row.equity ?? ""));
      return;
    case "use.change":
      await page.getByLabel("Destino del capital 1", { exact: true }).fill(event.row.use_name ?? "");
      await page.getByLabel("Porcentaje (%) 1", { exact: true }).fill(String(event.row.use_percentage ?? ""));
      return;
    case "onboarding.change": {
      if (event.section === "fundingRound") {
        await page.getByRole("button", { name: "Etapa de la ronda" }).click();
        await page.getByRole("option", { name: FUNDING_STAGE_LABELS[ROUND.funding_round], exact: true }).click();
        await page.getByLabel("Monto de la ronda (USD)").fill(String(ROUND.funding_round_amount));
        return;
      }
      if (event.section !== "objective") throw new Error(`the walks change only the objective and the round, not ${event.section}`);
      const chosen = new Set((event.value.interests ?? []).map((interest) => interest.name));
      // Tick the new choice first: with none ticked for a moment the sidebar would flicker through another branch.
      for (const interest of INTEREST_CHOICES.filter((item) => chosen.has(item.name))) await setChecked(page, interest.name, true);
      for (const interest of INTEREST_CHOICES.filter((item) => !chosen.has(item.name))) await setChecked(page, interest.name, false);
      return;
    }
    default:
      if (!event.type.startsWith("xstate.done.actor.")) throw new Error(`no way to cause ${event.type} in the page`);
  }
}

for (const walk of walks) {
  const summary = walk.steps.filter((step) => !step.event.type.startsWith("xstate.")).map((step) => step.event.type.replace("onboarding.", "")).join(" → ");
  test(`onboarding model, ${walk.name}: ${summary}`, async ({ page, signIn }) => {
    test.setTimeout(120_000);
    await newSellerOnTheWizard(page, signIn);
    await expectPage(page, walk.start, "start");
    let before = walk.start;
    for (const [index, step] of walk.steps.entries()) {
      await perform(page, step.event, before);
      const where = `${walk.name}, event ${index + 1} (${step.event.type})`;
      await expectPage(page, step.expected, where);
      if (step.event.type.startsWith("xstate.done.actor.") && step.expected.kind === "step" && step.expected.comesBackHere) {
        await page.reload();
        await expectPage(page, step.expected, `${where}, after leaving and coming back`);
        await expectSavedAnswersShown(page, step.expected.step);
      }
      before = step.expected;
    }
  });
}
