import type { FrameLocator, Locator, Page } from "@playwright/test";
import { BOT_CONTACT_SOURCE, BOT_MESSAGES } from "../../contracts/bot.ts";
import { BOT_PAGE_URL } from "../../contracts/bot-page.ts";
import { buildPassages } from "../../server/bot/passages.ts";
import { PLANS } from "../../server/payments/plans.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// Puente Bot (issue 14, docs/decisions/020-puente-bot.md): /puente-bot frames
// our own chat page when no external bot is configured (VITE_BOT_URL).

const chat = (page: Page): FrameLocator => page.frameLocator('iframe[title="Chat con Puente Bot"]');
const questionField = (frame: FrameLocator | Page) => frame.getByRole("textbox", { name: "Tu pregunta" });
const conversation = (frame: FrameLocator | Page) => frame.getByRole("log", { name: "Conversación" });

/** Presses Tab, as a keyboard user would, until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press("Tab");
    // The focus moves while the key is handled, so after press() it is where the key left it.
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement && element.ownerDocument.hasFocus())) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function openBot(page: Page): Promise<FrameLocator> {
  await page.goto("/puente-bot");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Puente Bot");
  const frame = chat(page);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Pregúntale a Puente Bot");
  return frame;
}

test("/puente-bot frames our own bot when no external one is configured", async ({ page }) => {
  await page.goto("/puente-bot");
  await expect(page.locator('iframe[title="Chat con Puente Bot"]')).toHaveAttribute("src", BOT_PAGE_URL);
  await expect(chat(page).getByText("Hola, soy Puente Bot. ¿En qué te ayudo?")).toBeVisible();
});

test("asked with the keyboard only, inside the frame, it quotes the plans with the server's price and links its source", async ({ page }) => {
  const frame = await openBot(page);
  const field = questionField(frame);
  await tabTo(page, field);
  await page.keyboard.type("¿cuánto cuesta el plan Impulsa?");
  await page.keyboard.press("Enter");

  const log = conversation(frame);
  await expect(log.getByText("¿cuánto cuesta el plan Impulsa?")).toBeVisible();
  await expect(log.locator("blockquote")).toContainText("El plan Impulsa cuesta $10,000 MXN al mes + IVA o $27,500 MXN cada 3 meses + IVA.");
  const source = log.getByRole("link", { name: "Planes: Impulsa" });
  await expect(source).toHaveAttribute("href", "/planes#plan-impulsa_monthly");
  // Ready for the next question: the field keeps the focus and starts empty.
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("");

  await expectNoAxeViolations(page);

  // The source opens in the whole window, at its section.
  await tabTo(page, source);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/planes#plan-impulsa_monthly$/);
  await expect(page.getByRole("heading", { level: 2, name: "Impulsa" })).toBeInViewport();
});

test("an unrelated question gets the honest answer and the contact page; a blank one, the reason", async ({ page }) => {
  const frame = await openBot(page);
  const field = questionField(frame);
  await tabTo(page, field);
  await page.keyboard.press("Enter");
  await expect(frame.getByText(BOT_MESSAGES.questionRequired)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();

  await page.keyboard.type("¿Cuál es la capital de Francia?");
  await page.keyboard.press("Enter");
  const log = conversation(frame);
  await expect(log.getByText(BOT_MESSAGES.unknown)).toBeVisible();
  await expect(log.getByRole("link", { name: BOT_CONTACT_SOURCE.title })).toHaveAttribute("href", BOT_CONTACT_SOURCE.href);
  await expect(frame.getByText(BOT_MESSAGES.questionRequired)).toBeHidden();
  await expect(field).not.toHaveAttribute("aria-invalid", "true");

  // A second question adds to the conversation.
  await page.keyboard.type("donde estan los tribunales");
  await page.keyboard.press("Enter");
  const source = log.getByRole("link", { name: "Términos y condiciones: Legislación aplicable y jurisdicción" });
  await expect(source).toHaveAttribute("href", "/terminos-y-condiciones#jurisdiccion");
  await expect(log.getByText(BOT_MESSAGES.unknown)).toBeVisible();

  await expectNoAxeViolations(page);

  // The last section of a long page: the link lands on it, not at the top.
  await tabTo(page, source);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/terminos-y-condiciones#jurisdiccion$/);
  await expect(page.getByRole("heading", { level: 2, name: "8. Legislación aplicable y jurisdicción" })).toBeInViewport();
  await expect(page.getByRole("heading", { level: 1, name: "Términos y condiciones" })).not.toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chat page still answers: its form asks the server, which renders the answer", async ({ page }) => {
    await page.goto(BOT_PAGE_URL);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pregúntale a Puente Bot");
    await questionField(page).fill("¿son una institución financiera?");
    await questionField(page).press("Enter");
    await expect(page).toHaveURL(/\/api\/bot\?pregunta=/);
    await expect(conversation(page).locator("blockquote")).toContainText("Puente no es una institución financiera");
    await expect(conversation(page).getByRole("link", { name: "Términos y condiciones: Qué es Puente" })).toHaveAttribute("href", "/terminos-y-condiciones#objeto");
    await expect(questionField(page)).toBeFocused();
  });
});

test("every source the bot can quote is a section that exists on its page", async ({ page }) => {
  const byPath = new Map<string, Set<string>>();
  for (const passage of buildPassages(PLANS)) {
    const [path = "", anchor] = passage.href.split("#");
    const anchors = byPath.get(path) ?? new Set<string>();
    if (anchor !== undefined) anchors.add(anchor);
    byPath.set(path, anchors);
  }
  for (const [path, anchors] of byPath) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const anchor of anchors) await expect(page.locator(`[id="${anchor}"]`), `${path}#${anchor}`).toBeAttached();
  }
});
