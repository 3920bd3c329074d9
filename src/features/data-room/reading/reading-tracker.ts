import { MAX_MS_PER_PAGE_REPORT, MAX_PAGES_PER_REPORT } from "../../../../contracts/data-room.ts";

/**
 * What a buyer's viewer tells the seller (decision 051): the pages on
 * screen and for how long, in batches. Pure: the clock and the senders are
 * given, so a test drives it without a browser.
 *
 * Time counts only while the tab is visible and the reader is active: after
 * IDLE_MS without a key, a pointer move or a scroll, the page stops
 * accruing until the next sign of life (a tab left open over lunch is not an
 * hour of reading). The server clamps again (never more than the time since
 * the open).
 */

export interface PageTime {
  readonly page: number;
  readonly milliseconds: number;
}

/** Without input for this long, the reader is taken to be away. */
export const IDLE_MS = 2 * 60 * 1000;

export interface ReadingTracker {
  /** The page now on screen (1-based). */
  showPage(page: number): void;
  /** The tab became hidden (false) or visible again (true). */
  setVisible(visible: boolean): void;
  /** A key, a pointer move, a scroll: the reader is there. */
  noteActivity(): void;
  /** Everything seen since the last batch, in reports the server takes (each page's time at most MAX_MS_PER_PAGE_REPORT, at most MAX_PAGES_PER_REPORT pages). */
  takeReports(): PageTime[][];
  /** Puts back a batch that could not be sent, to go with the next one. */
  restore(pages: ReadonlyArray<PageTime>): void;
}

export function createReadingTracker(now: () => number): ReadingTracker {
  /** Milliseconds per page, not yet sent; a page shown for 0 ms is still a page seen. */
  const pending = new Map<number, number>();
  let page: number | null = null;
  let visible = true;
  /** Since when the current page accrues (null: not accruing). */
  let since: number | null = null;
  let lastActivity = now();

  const add = (target: number, milliseconds: number) => pending.set(target, (pending.get(target) ?? 0) + milliseconds);

  /** Closes the running interval into `pending`, counting up to IDLE_MS past the last activity. */
  const settle = () => {
    const time = now();
    if (page !== null && since !== null) {
      const until = Math.min(time, lastActivity + IDLE_MS);
      add(page, Math.max(0, until - since));
    }
    since = page !== null && visible ? time : null;
  };

  return {
    showPage(next) {
      settle();
      page = next;
      lastActivity = now();
      since = visible ? now() : null;
      add(next, 0);
    },
    setVisible(next) {
      settle();
      visible = next;
      if (next) lastActivity = now();
      since = page !== null && visible ? now() : null;
    },
    noteActivity() {
      const time = now();
      // Back from idle: the interval closes at IDLE_MS past the last activity, and counting starts again now.
      if (time - lastActivity > IDLE_MS) settle();
      lastActivity = time;
    },
    takeReports() {
      settle();
      const entries: PageTime[] = [];
      for (const [target, milliseconds] of pending) {
        // A page longer than a report allows goes as several entries (the server adds them up).
        let left = Math.round(milliseconds);
        do {
          const part = Math.min(left, MAX_MS_PER_PAGE_REPORT);
          entries.push({ page: target, milliseconds: part });
          left -= part;
        } while (left > 0);
      }
      pending.clear();
      const reports: PageTime[][] = [];
      for (let start = 0; start < entries.length; start += MAX_PAGES_PER_REPORT) reports.push(entries.slice(start, start + MAX_PAGES_PER_REPORT));
      return reports;
    },
    restore(pages) {
      for (const { page: target, milliseconds } of pages) add(target, milliseconds);
    },
  };
}
