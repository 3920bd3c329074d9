/**
 * A periodic job in this process (the saved-search alerts, the access-end
 * notices): the next run starts `intervalMs` after the last one ended, so
 * runs never overlap; a failure is logged and the next run tries again;
 * `stop()` waits for a run in progress. The timer alone never keeps the
 * process alive.
 */
export interface IntervalWorker {
  /** Schedule the first run `intervalMs` from now (nothing when disabled or stopped). */
  start(): void;
  /** Stop scheduling and wait for a run in progress. */
  stop(): Promise<void>;
}

export interface IntervalWorkerOptions {
  /** 0 (or less) disables the worker. */
  readonly intervalMs: number;
  /** One run; `isStopped` lets a run of several batches end early on stop(). */
  readonly run: (isStopped: () => boolean) => Promise<void>;
  readonly log: { error(details: object, message: string): void };
  /** Logged with the error when a run fails. */
  readonly failureMessage: string;
}

export function createIntervalWorker({ intervalMs, run, log, failureMessage }: IntervalWorkerOptions): IntervalWorker {
  let stopped = intervalMs <= 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const isStopped = () => stopped;

  const runOnce = async (): Promise<void> => {
    try {
      await run(isStopped);
    } catch (error) {
      log.error({ err: error }, failureMessage);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(schedule);
    }, intervalMs);
    timer.unref();
  };

  return {
    start: schedule,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
