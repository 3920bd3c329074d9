import type { Locator, Page } from "@playwright/test";
import type { ValuationAssumption } from "../../contracts/valuations.ts";
import type { AnswerField, FormStep } from "../../machines/valuation/types.ts";
import { expect, test } from "./fixtures.ts";
import { ANSWERED, FAILED, INDUSTRY, LOCATION, TIMER_EVENT, valuationWalks, type Expected, type WalkEvent } from "./model/valuation-walks.ts";

// Model-based UI tests of the free valuation wizard (issue 25): the
// valuation machine's graph, walked by xstate/graph (./model/valuation-walks.ts:
// every state the page can tell apart, the refusals of invalid optional
// values and the failed request included), driven in Chromium against the
// real server. After every event the page must show what the machine
// predicts: the step, its progress, whether Next is enabled, the messages
// under their fields (and the focus on the first after a refused Next), the
// loader during the 2 s (moved with page.clock) and the request, the review
// again after a failure (nothing shown), and the result with the
// assumptions the engine made for the blank figures. The request is held by
// page.route until the walk says how it ends: the real server's answer, or
// a 500.

const TOOL = "/valuacion-gratuita/herramienta";
const { walks } = valuationWalks();

const TITLES: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = { 1: "Tus datos", 2: "Tu empresa", 3: "Tus números", 4: "Revisa y calcula", 5: "Tu resultado" };
/** The labels a person reads (México: amounts in MXN). */
const LABELS: Readonly<Record<AnswerField, string>> = {
  email: "Email",
  firstName: "Nombre",
  lastName: "Apellido",
  industryId: "Industria",
  location: "Ubicación",
  revenue: "Ventas anuales (MXN)",
  ebitda: "EBITDA anual (MXN)",
  growth: "Crecimiento anual esperado (%)",
  reason: "Motivo de la valuación",
  website: "Sitio web (opcional)",
};
const FIELD_ORDER: Readonly<Record<FormStep, readonly AnswerField[]>> = {
  1: ["email", "firstName", "lastName"],
  2: ["industryId", "location"],
  3: ["revenue", "ebitda", "growth", "reason", "website"],
};
/** The start of each assumption's sentence on the result (decision 029). */
const ASSUMPTION_TEXT: Readonly<Record<ValuationAssumption, RegExp>> = {
  typicalMargin: /^Sin EBITDA: usamos el margen típico de la industria, [\d.,]+% de tus ventas\.$/,
  neutralGrowth: /^Sin crecimiento esperado: usamos un crecimiento neutro de [\d.,]+% al año/,
  noReason: /^Sin motivo de la valuación: no cambia el cálculo\.$/,
};

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const next = (page: Page) => page.getByRole("button", { name: "Siguiente" });
const submit = (page: Page) => page.getByRole("button", { name: "Ver mi valuación" });
const loader = (page: Page) => page.getByRole("status").filter({ hasText: "Calculando tu valuación…" });
const progress = (page: Page) => page.getByRole("progressbar", { name: "Progreso de la valuación" });
const field = (page: Page, name: AnswerField): Locator => page.getByLabel(LABELS[name], { exact: true });

/** The request, held until the walk answers it. */
class HeldRequests {
  count = 0;
  private release: ((outcome: "answer" | "fail") => void) | null = null;

  async install(page: Page): Promise<void> {
    await page.route("**/api/valuations", async (route) => {
      this.count += 1;
      const outcome = await new Promise<"answer" | "fail">((resolve) => {
        this.release = resolve;
      });
      if (outcome === "fail") await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Error interno" }) });
      else await route.fallback();
    });
  }

  async settle(outcome: "answer" | "fail"): Promise<void> {
    await expect.poll(() => this.release !== null, "the request is held").toBe(true);
    this.release?.(outcome);
    this.release = null;
  }
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("button", { name: label })).toContainText(option);
}

/** The page shows what the machine predicts; after a refused Next, the focus is on the first field with a message. */
async function expectPage(page: Page, expected: Expected, refused: boolean, where: string) {
  switch (expected.kind) {
    case "form": {
      await expect(heading(page), where).toHaveText(TITLES[expected.step]);
      await expect(progress(page), where).toHaveAttribute("aria-valuenow", String(expected.step * 20));
      if (expected.canGoNext) await expect(next(page), where).toBeEnabled();
      else await expect(next(page), where).toBeDisabled();
      const invalid = FIELD_ORDER[expected.step].filter((name) => expected.errors[name] !== undefined);
      await expect(page.locator('form [aria-invalid="true"]'), where).toHaveCount(invalid.length);
      for (const name of invalid) {
        await expect(field(page, name), where).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByText(expected.errors[name] ?? "", { exact: true }), where).toBeVisible();
      }
      const [first] = invalid;
      if (refused && first !== undefined) await expect(field(page, first), where).toBeFocused();
      return;
    }
    case "review":
      await expect(heading(page), where).toHaveText(TITLES[4]);
      await expect(progress(page), where).toHaveAttribute("aria-valuenow", "80");
      await expect(loader(page), where).toHaveCount(0);
      await expect(submit(page), where).not.toHaveAttribute("aria-disabled", "true");
      // A failure shows nothing (spec section 8).
      await expect(page.getByRole("alert"), where).toHaveCount(0);
      return;
    case "loading":
      await expect(heading(page), where).toHaveText(TITLES[4]);
      await expect(loader(page), where).toBeVisible();
      await expect(submit(page), where).toHaveAttribute("aria-disabled", "true");
      return;
    case "result": {
      await expect(heading(page), where).toHaveText(TITLES[5]);
      await expect(progress(page), where).toHaveAttribute("aria-valuenow", "100");
      await expect(page.getByText(/^\$[\d,]+\.\d{2} millones MXN$/), where).toBeVisible();
      const section = page.getByRole("region", { name: "Lo que supusimos" });
      await expect(section, where).toHaveCount(expected.assumptions.length > 0 ? 1 : 0);
      await expect(section.getByRole("listitem"), where).toHaveCount(expected.assumptions.length);
      for (const [index, assumption] of expected.assumptions.entries()) {
        await expect(section.getByRole("listitem").nth(index), where).toHaveText(ASSUMPTION_TEXT[assumption]);
      }
      return;
    }
  }
}

/** What a person does for an event; the timer is the page's clock, the answer the held request's release. */
async function perform(page: Page, event: WalkEvent, before: Expected, requests: HeldRequests, where: string) {
  if (event.type === TIMER_EVENT) {
    // The request leaves when the 2 s are up, not a millisecond before.
    const sent = requests.count;
    await page.clock.runFor(1_999);
    expect(requests.count, where).toBe(sent);
    await page.clock.runFor(1);
    await expect.poll(() => requests.count, where).toBe(sent + 1);
    return;
  }
  if (event.type === ANSWERED || event.type === FAILED) {
    await requests.settle(event.type === ANSWERED ? "answer" : "fail");
    await page.clock.resume();
    return;
  }
  const action = event as Exclude<WalkEvent, { readonly output?: unknown }>;
  switch (action.type) {
    case "valuation.next":
      // Next is disabled until the step's required answers are given: pressing it does nothing, which the check after it proves.
      if (before.kind === "form" && before.canGoNext) await next(page).click();
      return;
    case "valuation.back":
      await page.getByRole("button", { name: before.kind === "result" ? "Cambiar mis datos" : "Atrás" }).click();
      return;
    case "valuation.submit":
      // The page's clock stands still from here until the request is answered: only runFor moves it.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await submit(page).click();
      return;
    case "valuation.change":
      switch (action.field) {
        case "industryId":
          await choose(page, LABELS.industryId, INDUSTRY.name);
          return;
        case "location":
          await choose(page, LABELS.location, LOCATION.name);
          return;
        default:
          await field(page, action.field).fill(String(action.value ?? ""));
          return;
      }
  }
}

const summaryOf = (event: WalkEvent): string => {
  if (event.type === TIMER_EVENT) return "2 s";
  if (event.type === ANSWERED) return "answer";
  if (event.type === FAILED) return "500";
  return "field" in event ? `${String(event.field)}=${JSON.stringify(event.value)}` : event.type.replace("valuation.", "");
};

for (const walk of walks) {
  test(`valuation model, ${walk.name}: ${walk.steps.map((step) => summaryOf(step.event)).join(" → ")}`, async ({ page }) => {
    test.setTimeout(120_000);
    const requests = new HeldRequests();
    await requests.install(page);
    await page.clock.install();
    await page.goto(TOOL);
    await expectPage(page, walk.start, false, "start");
    let before = walk.start;
    for (const [index, step] of walk.steps.entries()) {
      const where = `${walk.name}, event ${index + 1} (${summaryOf(step.event)})`;
      await perform(page, step.event, before, requests, where);
      const refused = step.event.type === "valuation.next" && step.expected.kind === "form" && before.kind === "form" && step.expected.refusals > before.refusals;
      await expectPage(page, step.expected, refused, where);
      before = step.expected;
    }
    expect(requests.count).toBe(walk.steps.filter((step) => step.event.type === TIMER_EVENT).length);
  });
}
