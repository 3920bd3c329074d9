import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ACCESS_AUDIT_HEADERS } from "../../contracts/seller-analytics.ts";
import { DEMO_ADMIN, expect, test } from "./fixtures.ts";

// The access audit (decision 049) through the real server and the built app:
// the button fetches the CSV with the session's bearer token and saves it.

const DEMO_COMPANY_ID = 1;
const HEADER_LINE = `\uFEFF${ACCESS_AUDIT_HEADERS.join(",")}\r\n`;

async function downloadAudit(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar auditoría (CSV)" }).click();
  const download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await readFile(path)) };
}

test("an admin downloads a company's access audit from its page and from its analytics", async ({ page, signIn }) => {
  await signIn(DEMO_ADMIN);

  await page.goto(`/admin/business/${DEMO_COMPANY_ID}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Información pública: PUE-0001$/ })).toBeVisible();
  const fromCompany = await downloadAudit(page);
  expect(fromCompany.name).toMatch(/^auditoria-PUE-0001-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(fromCompany.text.startsWith(HEADER_LINE)).toBe(true);

  await page.goto(`/mi-empresa/${DEMO_COMPANY_ID}/analitica`);
  await expect(page.getByRole("heading", { level: 1, name: "Analítica de tu empresa" })).toBeVisible();
  const fromAnalytics = await downloadAudit(page);
  expect(fromAnalytics.name).toBe(fromCompany.name);
  expect(fromAnalytics.text.startsWith(HEADER_LINE)).toBe(true);
});
