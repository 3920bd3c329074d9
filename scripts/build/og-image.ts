/**
 * npx tsx scripts/build/og-image.ts — draws the share image of every page
 * (og:image, twitter:image; docs/decisions/025) into public/og/puente.png:
 * a 1200×630 card in our colours with the bridge mark of index.html and the
 * tagline, rendered in Debian's Chromium (CHROME_PATH). The PNG is committed;
 * run this again only when the card changes.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { chromium } from "@playwright/test";
import { SHARE_IMAGE } from "./prerender-html.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";

const BLUE = "#1d3f8f";
const GOLD = "#f5b83d";

// The mark of index.html's boot navbar, in white and gold on the blue card.
const card = `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${SHARE_IMAGE.width}px; height: ${SHARE_IMAGE.height}px; background: ${BLUE}; color: #fff;
         font-family: system-ui, "DejaVu Sans", sans-serif; display: flex; flex-direction: column; justify-content: center; padding: 0 96px; position: relative; overflow: hidden; }
  .arc { position: absolute; right: -120px; bottom: -40px; opacity: 0.14; }
  .brand { display: flex; align-items: center; gap: 28px; margin-bottom: 56px; }
  .brand span { font-size: 84px; font-weight: 700; letter-spacing: -1px; }
  h1 { font-size: 60px; line-height: 1.12; font-weight: 700; max-width: 900px; }
  p { margin-top: 28px; font-size: 32px; line-height: 1.35; color: #dbe4f6; max-width: 900px; }
  .bar { position: absolute; left: 0; bottom: 0; width: 100%; height: 18px; background: ${GOLD}; }
</style></head><body>
  <svg class="arc" width="760" height="520" viewBox="0 0 44 32" aria-hidden="true">
    <path d="M4 30 C 12 10, 32 10, 40 30" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" />
  </svg>
  <div class="brand">
    <svg viewBox="0 0 44 34" width="132" height="102" aria-hidden="true">
      <path d="M4 30 C 12 10, 32 10, 40 30" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" />
      <path d="M2 31 H42" stroke="${GOLD}" stroke-width="4" stroke-linecap="round" />
      <path d="M13 31 V22 M22 31 V17 M31 31 V22" stroke="#fff" stroke-width="3" stroke-linecap="round" />
    </svg>
    <span>Puente</span>
  </div>
  <h1>Compra, vende o invierte en empresas en México</h1>
  <p>Compradores e inversionistas verificados, trato directo y confidencial.</p>
  <div class="bar"></div>
</body></html>`;

const target = join(REPO_ROOT, "public", SHARE_IMAGE.path);
mkdirSync(dirname(target), { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height }, deviceScaleFactor: 1 });
  await page.setContent(card);
  await page.screenshot({ path: target, type: "png" });
  process.stdout.write(`${target}\n`);
} finally {
  await browser.close();
}
