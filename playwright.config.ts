import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Each worker drives its own server and database (tests/e2e/fixtures.ts picks
// it by the worker's parallelIndex): ports PORT … PORT + WORKERS - 1.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

// Browser downloads are blocked on our machines: drive Debian's Chromium, in
// its headless shell (package chromium-headless-shell, installed by
// scripts/ensure-chromium.sh): the same engine without the browser's own UI
// processes, which Playwright also uses for headless runs. It took about half
// the full browser's CPU on CI's 2 cores (docs/performance/suite.md).
const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/lib/chromium/chromium-headless-shell";
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Files are spread over the workers; the tests of a file run in order, on one server.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  forbidOnly: true,
  // Budgets, not waits: every assertion waits for the state it asserts. On
  // CI's 2 cores under load (a parallel build, load average 15+) the first
  // test of a run also pays Chromium's start and the cold chunks, and a
  // sign-up pays a production-cost password hash: 30 s was exceeded once
  // (tests/e2e/README.md).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // The first worker's server; fixtures.ts gives every other worker its own.
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-MX",
    // A visitor who prefers reduced motion (the app honours it: no looping
    // marquee, instant transitions). Every page has the footer's endless
    // marquee, and drawing it at 60 frames a second was most of Chromium's
    // CPU on CI's 2 cores. The specs about motion itself ask for
    // "no-preference" (public-site.spec.ts).
    reducedMotion: "reduce",
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
      },
    },
  ],
  // The real server with the built app, a fresh in-memory database and demo data, one per worker.
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `./node_modules/.bin/tsx tests/e2e/serve.ts`,
    env: { E2E_PORT: String(PORT + index) },
    url: `http://127.0.0.1:${PORT + index}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
