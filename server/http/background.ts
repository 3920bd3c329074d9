import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * Work that must not hold up the HTTP answer, e.g. the password-recovery
 * e-mail: the answer has to take the same time whether or not the e-mail has
 * an account, so the lookup and the sending run after it. Failures are
 * logged, never shown. The app waits for pending tasks before it closes,
 * and tests can `await app.backgroundIdle()` before looking at what was
 * sent: the e-mail worker's wake after a commit that enqueued a message is
 * such a task (server/app.ts), so it covers the delivery attempt too.
 */
export interface BackgroundTasks {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far has settled. */
  idle(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    backgroundIdle(): Promise<void>;
  }
}

export function registerBackgroundTasks(app: FastifyInstance, log: Pick<FastifyBaseLogger, "error">): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  const idle = async (): Promise<void> => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  const tasks: BackgroundTasks = {
    run(label, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: label }, "background task failed"))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    idle,
  };
  app.decorate("backgroundIdle", idle);
  app.addHook("onClose", idle);
  return tasks;
}
