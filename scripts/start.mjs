// npm start (decision 041): serve the build, building it first only when it
// is missing or older than the sources. Plain JavaScript and no TypeScript
// loader, so a second start costs only the server's own start. With
// NODE_ENV=production nothing is built here: a missing or stale build is a
// refusal, since production runs what CI built and tested.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildState, SERVER_BUNDLE } from "./build/stamp.mjs";

const root = join(import.meta.dirname, "..");
const state = buildState(root);
if (state !== "fresh") {
  if ((process.env.NODE_ENV ?? "").trim().toLowerCase() === "production") {
    const why = state === "missing" ? "no hay compilación / there is no build" : "la compilación es más vieja que las fuentes / the build is older than the sources";
    process.stderr.write(`Puente no inicia: ${why}; corre npm run build antes / run npm run build first\n`);
    process.exit(1);
  }
  process.stdout.write(state === "missing" ? "Compilando Puente por primera vez…\n" : "Las fuentes cambiaron: compilando Puente de nuevo…\n");
  const built = spawnSync("npx", ["tsx", "scripts/build.ts"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(join(root, SERVER_BUNDLE)).href);
