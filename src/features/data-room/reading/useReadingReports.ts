import { useEffect, useRef } from "react";
import type { FileReading } from "../../../../contracts/data-room.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { beaconReading, reportReading } from "../api/report-reading.ts";
import { createReadingTracker, type ReadingTracker } from "./reading-tracker.ts";

/** How often the viewer sends what was read (the server's bucket `reading_reports` allows 30 per 5 minutes). */
export const REPORT_EVERY_MS = 15_000;

/** Answers that end the reading: the token is no good any more, so nothing more is sent. */
const FINAL_STATUSES = new Set([403, 404, 410]);

/**
 * Reports a buyer's reading of one open (decision 051): the page on screen
 * (`page`), every REPORT_EVERY_MS and as the page goes away (a beacon),
 * pausing while the tab is hidden and when the reader is idle. `reading`
 * null (the owner's or an admin's open): nothing is tracked or sent.
 */
export function useReadingReports(reading: FileReading | null, page: number | null): void {
  const trackerRef = useRef<ReadingTracker | null>(null);
  const token = reading?.token ?? null;

  useEffect(() => {
    if (token === null) return;
    const tracker = createReadingTracker(() => performance.now());
    trackerRef.current = tracker;
    let stopped = false;
    let sending = false;

    const send = async () => {
      if (stopped || sending) return;
      sending = true;
      try {
        for (const pages of tracker.takeReports()) {
          try {
            await reportReading(token, pages);
          } catch (error) {
            if (isApiError(error) && FINAL_STATUSES.has(error.status)) {
              stopped = true;
              return;
            }
            // Offline or a hiccup: the time goes with the next report.
            tracker.restore(pages);
          }
        }
      } finally {
        sending = false;
      }
    };
    const sendWithBeacon = () => {
      if (stopped) return;
      for (const pages of tracker.takeReports()) if (!beaconReading(token, pages)) tracker.restore(pages);
    };
    const onVisibility = () => {
      const visible = document.visibilityState === "visible";
      tracker.setVisible(visible);
      // A hidden tab may never come back (mobile browsers discard them): what was read goes now.
      if (!visible) sendWithBeacon();
    };
    const onActivity = () => tracker.noteActivity();
    const activity = ["keydown", "pointermove", "pointerdown", "wheel", "scroll", "touchstart"] as const;

    tracker.setVisible(document.visibilityState === "visible");
    const timer = window.setInterval(() => void send(), REPORT_EVERY_MS);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", sendWithBeacon);
    for (const type of activity) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", sendWithBeacon);
      for (const type of activity) window.removeEventListener(type, onActivity);
      // Leaving the viewer inside the app: the last stretch goes as a beacon too.
      sendWithBeacon();
      stopped = true;
      trackerRef.current = null;
    };
  }, [token]);

  useEffect(() => {
    if (page !== null) trackerRef.current?.showPage(page);
  }, [page, token]);
}
