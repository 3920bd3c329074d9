import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { bundleServer } from "../../scripts/build/server-bundle.ts";

// What `npm start` runs (decision 041): the server bundled by esbuild, started
// with plain node, in a data directory of its own; stopped by SIGTERM.
describe("the server bundle, as npm start runs it", () => {
  // Inside the checkout, so the bundle finds the repository (and node_modules) above it.
  const outdir = join(REPO_ROOT, ".cache", `server-bundle-${process.pid}`);
  const dataDir = mkdtempSync(join(tmpdir(), "puente-bundle-data-"));
  let child: ChildProcess;
  let output = "";
  let ready: { url: string; metrics: string };

  beforeAll(async () => {
    await bundleServer(outdir);
    child = spawn(process.execPath, [join(outdir, "main.js")], {
      env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "false", METRICS_PORT: "0", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    ready = await new Promise((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the bundle exited with ${code ?? "a signal"}: ${output}`)));
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        for (const line of output.split("\n")) {
          if (!line.includes('"Puente listo en')) continue;
          const parsed: unknown = JSON.parse(line);
          if (typeof parsed === "object" && parsed !== null && "url" in parsed && "metrics" in parsed && typeof parsed.url === "string" && typeof parsed.metrics === "string") {
            resolve({ url: parsed.url, metrics: parsed.metrics });
          }
        }
      });
    });
  }, 60_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts ready, with its metrics on their own port and its database in DATA_DIR", async () => {
    const answer = await fetch(`${ready.url.replace("localhost", "127.0.0.1")}/api/health/ready`);
    expect(answer.status).toBe(200);
    const states = await fetch(`${ready.url.replace("localhost", "127.0.0.1")}/api/states`);
    expect(states.status).toBe(200);
    expect(await states.json()).toHaveLength(32);
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
    expect(existsSync(join(dataDir, "jwt-secret"))).toBe(true);
    const metrics = await fetch(ready.metrics);
    expect(await metrics.text()).toContain('puente_readiness{state="ready"} 1');
  });

  it("stops on SIGTERM with exit code 0", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"shut down"');
  });
});
