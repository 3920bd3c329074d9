// Starts an image worker (workerData.entry, a .ts module) from its TypeScript
// source: tests (vitest) and `npm run dev` (tsx). Node 20 neither runs .ts nor
// hands the main thread's tsx loader to a worker thread (nor applies an
// `--import tsx` given in the worker's execArgv before its entry), so the
// loader is registered here, in the worker, before the source is imported.
// The built server never uses this file: it runs .build/server/image-worker.js.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
