import { parentPort } from "node:worker_threads";
import { serveImageJobs } from "./image-jobs.ts";

/**
 * The image pool's worker thread (./image-pool.ts): stamps and checks
 * data-room images off the main thread. A bundle entry of its own in the
 * build (.build/server/image-worker.js, scripts/build/server-bundle.ts); run
 * from this source through ./image-worker-source.mjs under tsx and vitest.
 */
if (parentPort === null) throw new Error("image-worker runs only as a worker thread (server/data-room/image-pool.ts starts it)");
serveImageJobs(parentPort);
