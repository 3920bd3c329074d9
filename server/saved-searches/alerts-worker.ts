import { createIntervalWorker, type IntervalWorker } from "../http/interval-worker.ts";
import { DEFAULT_ALERT_BATCH, processListingEvents, type AlertDeps } from "./alerts.ts";

/**
 * Runs the saved-search alerts (alerts.ts) in this process every
 * `intervalMs` (SAVED_SEARCH_ALERTS_INTERVAL_MS): each run takes batches
 * until the queue is empty, the next run starts `intervalMs` after the last
 * one ended (runs never overlap), a failure is logged and the next run
 * tries again, and `stop()` waits for a run in progress. Every process runs
 * one: FOR UPDATE SKIP LOCKED shares the queue between them.
 */

export const DEFAULT_SAVED_SEARCH_ALERTS_INTERVAL_MS = 30_000;

export interface AlertsWorkerOptions extends AlertDeps {
  /** 0 (or less) disables the worker. */
  readonly intervalMs: number;
  readonly now?: () => Date;
  readonly batch?: number;
  readonly log: { error(details: object, message: string): void };
}

/** The alerts' worker (server/http/interval-worker.ts). */
export type AlertsWorker = IntervalWorker;

export function createAlertsWorker(options: AlertsWorkerOptions): AlertsWorker {
  const { intervalMs, log, now = () => new Date(), batch = DEFAULT_ALERT_BATCH } = options;
  return createIntervalWorker({
    intervalMs,
    log,
    failureMessage: "saved-search alerts run failed; retrying on the next run",
    async run(isStopped) {
      // A full batch may have left more behind: keep going until the queue is empty
      // (events left for the next run count as taken, unless nothing else was).
      while (!isStopped()) {
        const { events, deferred } = await processListingEvents(options, now(), batch);
        if (events === 0 || events + deferred < batch) break;
      }
    },
  });
}
