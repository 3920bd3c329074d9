/**
 * npm run bench:start — how long `npm start` takes to be ready
 * (`GET /api/health/ready` 200) on the embedded database with demo data
 * (issue 30's goals: first start of a fresh clone ≤ 15 s, a start of a built
 * checkout ≤ 3 s; decision 041). It clones the checkout's HEAD into a
 * temporary folder (node_modules linked, as after `npm ci`), then:
 *
 *   first:  npm start on the fresh clone (builds, migrates, seeds, loads)
 *   second: npm start again, N times (the build and the data are there)
 *
 * and prints `first_ms=… second_ms=…,…,… second_median_ms=…`. Not part of
 * the test suite (a timing). `-- --runs 5` sets N (default 3).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { log, REPO, sleep } from "./support.ts";

const runsArgument = process.argv.indexOf("--runs");
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Milliseconds from spawning `npm start` in `cwd` to ready; the process is stopped (SIGTERM) after. */
async function timeStart(cwd: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("npm", ["start"], { cwd, env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error("npm start exited before it was ready");
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await sleep(20);
  }
  const elapsed = performance.now() - started;
  if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  while (!exited) await sleep(20);
  return Math.round(elapsed);
}

const clone = mkdtempSync(join(tmpdir(), "puente-bench-start-"));
try {
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", REPO, clone]);
  symlinkSync(join(REPO, "node_modules"), join(clone, "node_modules"));
  log(`fresh clone of HEAD in ${clone}`);
  const first = await timeStart(clone);
  log(`first start (build, migrate, seed): ${first} ms`);
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run += 1) seconds.push(await timeStart(clone));
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(`first_ms=${first} second_ms=${seconds.join(",")} second_median_ms=${sorted[Math.floor(sorted.length / 2)] ?? 0}`);
} finally {
  rmSync(clone, { recursive: true, force: true });
}
