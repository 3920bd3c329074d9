import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { movable, type ImageJob, type ImageJobReply } from "./image-jobs.ts";
import type { ImageCheck, ImageKind } from "./watermark-image.ts";
import type { WatermarkStamp } from "./watermark.ts";

/**
 * Stamping a buyer's image and checking an uploaded one (./watermark-image.ts,
 * pure JavaScript) take 1–5 s of CPU for a 12-megapixel picture: on the main
 * thread every other request of the process would wait. This pool runs them
 * in worker threads (decision 048): a few threads started on first use and
 * kept (unref'd: they never keep the process alive), one job at a time each,
 * the bytes moved rather than copied where they can be, a bounded queue
 * (past `maxQueued` waiting jobs a new one is refused with ImagePoolBusy:
 * the routes answer a Spanish 503 with Retry-After), a thread that dies
 * replaced on the next job, all of them stopped on close.
 */

export interface ImagePoolSettings {
  /** IMAGE_WORKERS: threads that stamp and check images at once; default 1 (at least 1). */
  readonly workers: number;
  /** IMAGE_QUEUE_MAX: jobs that may wait for a thread; one more is refused (ImagePoolBusy). Default 8. */
  readonly maxQueued: number;
  /**
   * The worker's module: by default ./image-worker.ts from source (tests,
   * tsx) and image-worker.js beside the bundle's main.js (npm start). Tests
   * give one of their own (a worker that crashes).
   */
  readonly workerUrl?: URL;
}

export const DEFAULT_IMAGE_POOL_SETTINGS: ImagePoolSettings = { workers: 1, maxQueued: 8 };

/** The Retry-After of a refusal while the queue is full: a 12 MP job is 1–5 s, and a full queue several of them. */
export const IMAGE_POOL_RETRY_AFTER_SECONDS = 10;

/** The queue is full: answer 503 with Retry-After, do not pile up. The caller's bytes were not moved. */
export class ImagePoolBusy extends Error {
  constructor(queued: number) {
    super(`the image pool has ${queued} jobs waiting already`);
    this.name = "ImagePoolBusy";
  }
}

/** The pool was closed (the app is closing) before the job ran. */
export class ImagePoolClosed extends Error {
  constructor() {
    super("the image pool is closed");
    this.name = "ImagePoolClosed";
  }
}

/** The job threw in the worker: its error's name and message, as the inline function would have thrown. */
export class ImageJobError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface ImagePoolStats {
  /** Threads alive (started lazily: 0 until the first job). */
  readonly workers: number;
  readonly running: number;
  readonly queued: number;
}

export interface ImagePool {
  /**
   * `stampImage` in a worker thread. `bytes` move to the worker when they
   * are a whole buffer of their own (the caller's view is empty afterwards);
   * otherwise they are copied. The stamped copy moves back.
   */
  stampImage(bytes: Uint8Array, kind: ImageKind, stamp: WatermarkStamp): Promise<Buffer>;
  /** `checkImage` in a worker thread; the bytes are copied (the upload goes on to store them). */
  checkImage(bytes: Uint8Array, kind: ImageKind): Promise<ImageCheck>;
  stats(): ImagePoolStats;
  /** Stops every thread; jobs waiting or running reject. */
  close(): Promise<void>;
}

/** The worker's module, from source (.ts: tests, tsx) or from the bundle (scripts/build/server-bundle.ts). */
export function defaultImageWorkerUrl(from: string = import.meta.url): URL {
  if (from.endsWith(".ts")) return new URL("./image-worker.ts", from);
  // Bundled: image-worker.js is an entry beside main.js; this module is in main.js or in a chunk one folder below it.
  const candidates = ["./image-worker.js", "../image-worker.js"].map((path) => new URL(path, from));
  const found = candidates.find((url) => existsSync(url));
  if (found === undefined) throw new Error(`the image worker is missing: none of ${candidates.map((url) => url.pathname).join(", ")} (npm run build writes it)`);
  return found;
}

interface Job {
  readonly message: ImageJob;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (value: Uint8Array | ImageCheck) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  gone: boolean;
}

export function createImagePool(options: Partial<ImagePoolSettings> = {}): ImagePool {
  const settings = { ...DEFAULT_IMAGE_POOL_SETTINGS, ...options };
  const size = Math.max(1, Math.floor(settings.workers));
  const maxQueued = Math.max(0, Math.floor(settings.maxQueued));
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let workerUrl: URL | undefined = settings.workerUrl;

  const spawn = (): Slot => {
    workerUrl ??= defaultImageWorkerUrl();
    const fromSource = workerUrl.pathname.endsWith(".ts");
    const worker = fromSource
      ? new Worker(new URL("./image-worker-source.mjs", import.meta.url), { workerData: { entry: workerUrl.href } })
      : new Worker(workerUrl);
    // Idle threads never keep the process alive; a request waiting on one is kept by its connection.
    worker.unref();
    const slot: Slot = { worker, job: null, gone: false };
    worker.on("message", (reply: ImageJobReply) => {
      const job = slot.job;
      if (job === null || job.message.id !== reply.id) return;
      slot.job = null;
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new ImageJobError(reply.error.name, reply.error.message));
      dispatch();
    });
    // A thread that dies (an uncaught error, out of memory, terminated): its job rejects, the next job starts another.
    const leave = (error: Error) => {
      if (slot.gone) return;
      slot.gone = true;
      slots.splice(slots.indexOf(slot), 1);
      const job = slot.job;
      slot.job = null;
      job?.reject(error);
      dispatch();
    };
    worker.on("error", leave);
    worker.on("exit", (code) => leave(new Error(`the image worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  const dispatch = (): void => {
    while (!closed && queue.length > 0) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < size ? spawn() : undefined);
      if (slot === undefined) return;
      const job = queue.shift();
      if (job === undefined) return;
      slot.job = job;
      try {
        slot.worker.postMessage(job.message, job.transfer);
      } catch {
        // A buffer that cannot move (Node marks some untransferable) is copied instead.
        slot.worker.postMessage(job.message);
      }
    }
  };

  const submit = (message: ImageJob, transfer: ArrayBuffer[]): Promise<Uint8Array | ImageCheck> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new ImagePoolClosed());
      const free = slots.some((slot) => slot.job === null) || slots.length < size;
      if (!free && queue.length >= maxQueued) return reject(new ImagePoolBusy(queue.length));
      queue.push({ message, transfer, resolve, reject });
      dispatch();
    });

  return {
    async stampImage(bytes, kind, stamp) {
      const value = await submit({ id: nextId++, op: "stamp", bytes, kind, stamp }, movable(bytes));
      if (typeof value === "string") throw new Error("the image worker answered a check to a stamp");
      return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    },
    async checkImage(bytes, kind) {
      const value = await submit({ id: nextId++, op: "check", bytes, kind }, []);
      if (typeof value !== "string") throw new Error("the image worker answered a stamp to a check");
      return value;
    },
    stats: () => ({ workers: slots.length, running: slots.filter((slot) => slot.job !== null).length, queued: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new ImagePoolClosed());
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
