import { useSyncExternalStore } from "react";

/**
 * How this tab's live stream is (src/lib/live-stream.ts), for the queries
 * that poll only while it is not open (the deal room's thread, letters and
 * request). A module of its own with no run-time imports but React: the
 * pages read it without loading the stream's code.
 *
 * - "off": signed out, or the stream gave up (401, 403);
 * - "connecting": opening;
 * - "open": the server said `ready`: every change reaches this tab;
 * - "waiting": failed or ended, opening again after a backoff.
 */
export type LiveStatus = "off" | "connecting" | "open" | "waiting";

let current: LiveStatus = "off";
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}

export const liveStatus = (): LiveStatus => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether this tab hears changes live now (else its pages poll). */
export function useIsLive(): boolean {
  return useSyncExternalStore(subscribe, () => current === "open", () => false);
}
