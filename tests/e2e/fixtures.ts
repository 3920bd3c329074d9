import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Disposable, type Page } from "@playwright/test";
import { DEFAULT_PERSISTED_SESSION, SESSION_STORAGE_KEY } from "../../machines/session/selectors.ts";
import { signedInContext, toPersisted } from "../../machines/session/session.machine.ts";

export const DEMO_PASSWORD = "Puente2026!";
export const DEMO_BUYER = { email: "comprador@puente.mx", password: DEMO_PASSWORD };
export const DEMO_SELLER = { email: "vendedor@puente.mx", password: DEMO_PASSWORD };
export const DEMO_ADMIN = { email: "admin@puente.mx", password: DEMO_PASSWORD };

export type Credentials = { email: string; password: string };

/**
 * Logs in through the API (POST /api/sessions) and answers the session the
 * app keeps in localStorage after the same log-in through the form (the
 * session machine's own `signedInContext`). The form is the subject of
 * auth.spec.ts and of the tests that say so; every other test starts signed
 * in this way.
 */
export async function sessionFor(request: APIRequestContext, { email, password }: Credentials): Promise<string> {
  const response = await request.post("/api/sessions", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const { access_token } = (await response.json()) as { access_token: string };
  const context = signedInContext(access_token, Date.now());
  if (context === null) throw new Error(`POST /api/sessions answered a token the app cannot use: ${access_token}`);
  return JSON.stringify(toPersisted({ ...DEFAULT_PERSISTED_SESSION, ...context }));
}

/** What still moves on the page: finite animations and transitions (a toast sliding in, dimmed results fading). */
function runningAnimations(): string[] {
  return (
    document
      .getAnimations()
      .filter((animation) => animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity)
      // A toast's progress bar is its countdown, not a change of what it shows.
      .filter((animation) => !(animation instanceof CSSAnimation && animation.animationName === "Toastify__trackProgress"))
      .map((animation) =>
        animation instanceof CSSAnimation
          ? animation.animationName
          : animation instanceof CSSTransition
            ? `transition of ${animation.transitionProperty}`
            : "animation",
      )
  );
}

/**
 * Waits until the page has stopped changing: no "Cargando…" status (the
 * layout's while a page loads, the marketplace's while it still shows the
 * previous results), nothing `aria-busy`, no animation or transition running.
 * "Nothing is loading" is also true before anything started: first assert
 * that the page you mean is there (its URL, its heading), then call this.
 */
export async function expectSettled(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Cargando/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Polled every 100 ms (not the default back-off up to 1 s): a toast's entrance takes 0.75 s.
  await expect.poll(() => page.evaluate(runningAnimations), { message: "animations still running", intervals: [100] }).toEqual([]);
}

/** axe's findings on the settled page, and whether an animation started while axe read it. */
async function settledAxeResults(page: Page) {
  await expectSettled(page);
  const mark = await page.evaluate(() => document.timeline.currentTime);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const moved = await page.evaluate(
    (since) => document.getAnimations().some((animation) => animation.startTime !== null && Number(animation.startTime) >= Number(since)),
    mark,
  );
  return { violations, moved };
}

/** Fails with the list of violations, so a report says what to fix. */
export async function expectNoAxeViolations(page: Page) {
  // Analyse the page as it stays, not a frame of it loading (colours of dimmed
  // results or of a toast fading in fail the contrast rule).
  // A toast that starts during the analysis (an error shown after the
  // page settled) is a frame too: analyse again once it has settled.
  let results = await settledAxeResults(page);
  for (let attempt = 0; attempt < 3 && results.moved; attempt += 1) results = await settledAxeResults(page);
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

// E2E_API_DELAY_MS=600 holds every API answer back that long: what a slow CI
// machine does by chance, done on purpose, so a test that reads the screen
// before its data arrived fails every time instead of once in a while.
const API_DELAY_MS = Number(process.env.E2E_API_DELAY_MS ?? 0);

type Fixtures = {
  /** Logs in through the login form the test brought the browser to (for tests whose subject is the form). */
  login: (credentials: Credentials) => Promise<void>;
  /** Logs in through the API; the next page the test opens starts signed in (an account the test just made). */
  signIn: (credentials: Credentials) => Promise<void>;
  /** `test.use({ signedInAs: DEMO_BUYER })`: every page of the test starts signed in (a storageState from an API log-in). */
  signedInAs: Credentials | null;
};

export const test = base.extend<Fixtures>({
  // Each worker has its own server and database (playwright.config.ts): the
  // specs of one worker never see what another worker's specs wrote.
  baseURL: async ({ baseURL }, use, testInfo) => {
    if (baseURL === undefined) throw new Error("playwright.config.ts sets the first server's baseURL");
    const url = new URL(baseURL);
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await use(url.origin);
  },
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, storageState, baseURL, playwright }, use) => {
    if (signedInAs === null) return use(storageState);
    if (baseURL === undefined) throw new Error("signedInAs needs the config's baseURL");
    const request = await playwright.request.newContext({ baseURL });
    const session = await sessionFor(request, signedInAs).finally(() => request.dispose());
    await use({ cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: session }] }] });
  },
  signIn: async ({ page }, use) => {
    let signIns = 0;
    let previous: Disposable | null = null;
    await use(async (credentials) => {
      const session = await sessionFor(page.request, credentials);
      // The last account signed in is the one stored (a test may switch accounts).
      await previous?.dispose();
      // Stored once, by the first page loaded after this call: a later log-out in the test stays logged out.
      previous = await page.context().addInitScript(
        ({ key, value, mark }) => {
          try {
            if (window.localStorage.getItem(mark) !== null) return;
            window.localStorage.setItem(key, value);
            window.localStorage.setItem(mark, "stored");
          } catch {
            // A frame without our origin's storage (about:blank): the next page of the app stores it.
          }
        },
        { key: SESSION_STORAGE_KEY, value: session, mark: `e2e.signIn.${(signIns += 1)}` },
      );
    });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (API_DELAY_MS > 0) {
      await page.route(/\/api\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
        await route.fallback();
      });
    }
    // A prerendered public page is on screen before React hydrates it
    // (decision 025); a button does nothing until then. Every navigation of a
    // test waits for the app to run, as a person waits for the page to respond.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // Without JavaScript (test.use({ javaScriptEnabled: false })) the page is what the server sent.
    const appReady = async () => {
      if (javaScriptEnabled !== false) await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"));
    };
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await appReady();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await appReady();
      return response;
    };
    await use(page);
  },
  // Logs in through the real form, the way a person does, on the login page
  // the test brought the browser to (waited for, never guessed from page.url()).
  login: async ({ page }, use) => {
    await use(async ({ email, password }) => {
      await expect(page).toHaveURL(/\/iniciar-sesion(\?|$)/);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Contraseña", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Iniciar sesión" }).click();
    });
  },
});

export { expect };
