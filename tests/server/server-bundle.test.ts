import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImagePool, defaultImageWorkerUrl } from "../../server/data-room/image-pool.ts";
import { REPO_ROOT } from "../../server/db/paths.ts";
import { bundleServer } from "../../scripts/build/server-bundle.ts";
import { SAMPLE_FILES } from "./samples.ts";

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

  it("holds the image worker beside main.js, where the pool finds it, and the built worker stamps and checks as plain JavaScript", async () => {
    const worker = join(outdir, "image-worker.js");
    expect(existsSync(worker)).toBe(true);
    // The pool's code is in main.js (not a chunk): from there the default lookup finds the built worker.
    expect(readFileSync(join(outdir, "main.js"), "utf8")).toContain("image-worker.js");
    expect(defaultImageWorkerUrl(pathToFileURL(join(outdir, "main.js")).href).pathname).toBe(pathToFileURL(worker).pathname);
    const pool = createImagePool({ workers: 1, maxQueued: 1, workerUrl: pathToFileURL(worker) });
    try {
      expect(await pool.checkImage(SAMPLE_FILES.png, "image/png")).toBe("ok");
      const stamp = { name: "Ana Pérez", email: "ana@ejemplo.mx", companyRef: "PUE-0001", ndaVersion: "2026-11", at: new Date() };
      const stamped = await pool.stampImage(Buffer.from(SAMPLE_FILES.png), "image/png", stamp);
      expect(stamped.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(stamped.equals(SAMPLE_FILES.png)).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it("stops on SIGTERM with exit code 0", async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"shut down"');
  });
});
