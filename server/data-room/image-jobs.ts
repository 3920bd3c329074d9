import type { MessagePort } from "node:worker_threads";
import { checkImage, stampImage, type ImageCheck, type ImageKind } from "./watermark-image.ts";
import type { WatermarkStamp } from "./watermark.ts";

/**
 * What the image pool (./image-pool.ts) asks a worker thread, and what the
 * worker answers: one job at a time per worker, the bytes moved between the
 * threads (a transfer list) rather than copied where they can be. The work
 * itself is the inline functions of ./watermark-image.ts, unchanged.
 */
export type ImageJob =
  | { readonly id: number; readonly op: "stamp"; readonly bytes: Uint8Array; readonly kind: ImageKind; readonly stamp: WatermarkStamp }
  | { readonly id: number; readonly op: "check"; readonly bytes: Uint8Array; readonly kind: ImageKind };

export type ImageJobReply =
  | { readonly id: number; readonly ok: true; readonly value: Uint8Array | ImageCheck }
  | { readonly id: number; readonly ok: false; readonly error: { readonly name: string; readonly message: string } };

/** `bytes`'s ArrayBuffer when the view covers all of it, so it can move to the other thread; none (a copy) otherwise. */
export const movable = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : [];

/** One job, as the inline function does it (throws as it throws). */
export async function runImageJob(job: ImageJob): Promise<Uint8Array | ImageCheck> {
  if (job.op === "check") return checkImage(job.bytes, job.kind);
  return stampImage(job.bytes, job.kind, job.stamp);
}

/** Answers each job posted to `port` with `run`'s value, or with its error's name and message (the pool rejects with them). */
export function serveImageJobs(port: MessagePort, run: (job: ImageJob) => Promise<Uint8Array | ImageCheck> = runImageJob): void {
  port.on("message", (job: ImageJob) => {
    run(job).then(
      (value) => {
        const reply: ImageJobReply = { id: job.id, ok: true, value };
        if (typeof value === "string") return port.postMessage(reply);
        // The stamped copy's own buffer moves back to the main thread; a view into a larger one is copied here, off the main thread.
        const own = movable(value).length === 1 ? value : new Uint8Array(value);
        port.postMessage({ ...reply, value: own }, movable(own));
      },
      (error: unknown) => {
        const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
        const reply: ImageJobReply = { id: job.id, ok: false, error: { name, message } };
        port.postMessage(reply);
      },
    );
  });
}
