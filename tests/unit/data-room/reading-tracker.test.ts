import { describe, expect, it } from "vitest";
import { MAX_MS_PER_PAGE_REPORT, MAX_PAGES_PER_REPORT } from "../../../contracts/data-room.ts";
import { createReadingTracker, IDLE_MS } from "../../../src/features/data-room/reading/reading-tracker.ts";

/** Decision 051: what the viewer reports, driven by a hand-moved clock. */
function setUp() {
  let time = 1_000_000;
  const tracker = createReadingTracker(() => time);
  return { tracker, wait: (milliseconds: number) => (time += milliseconds) };
}

describe("the reading tracker", () => {
  it("counts each page's time on screen, a page glanced at as seen, and starts each batch from zero", () => {
    const { tracker, wait } = setUp();
    tracker.showPage(1);
    wait(4_000);
    tracker.showPage(2);
    tracker.showPage(3);
    wait(1_500);
    expect(tracker.takeReports()).toEqual([
      [
        { page: 1, milliseconds: 4_000 },
        { page: 2, milliseconds: 0 },
        { page: 3, milliseconds: 1_500 },
      ],
    ]);
    wait(2_000);
    expect(tracker.takeReports()).toEqual([[{ page: 3, milliseconds: 2_000 }]]);
  });

  it("stops counting while the tab is hidden", () => {
    const { tracker, wait } = setUp();
    tracker.showPage(1);
    wait(1_000);
    tracker.setVisible(false);
    wait(60_000);
    tracker.setVisible(true);
    wait(500);
    expect(tracker.takeReports()).toEqual([[{ page: 1, milliseconds: 1_500 }]]);
  });

  it("stops counting IDLE_MS after the last activity, and counts again from the next one", () => {
    const { tracker, wait } = setUp();
    tracker.showPage(4);
    wait(30_000);
    tracker.noteActivity();
    wait(IDLE_MS + 10 * 60_000);
    tracker.noteActivity();
    wait(3_000);
    expect(tracker.takeReports()).toEqual([[{ page: 4, milliseconds: 30_000 + IDLE_MS + 3_000 }]]);
  });

  it("splits what one report cannot carry, and puts back a batch that was not sent", () => {
    const { tracker, wait } = setUp();
    tracker.showPage(1);
    tracker.noteActivity();
    // Active the whole time: a key every minute.
    for (let minute = 0; minute < 25; minute += 1) {
      wait(60_000);
      tracker.noteActivity();
    }
    const [report] = tracker.takeReports();
    expect(report?.map((entry) => entry.milliseconds)).toEqual([MAX_MS_PER_PAGE_REPORT, MAX_MS_PER_PAGE_REPORT, 25 * 60_000 - 2 * MAX_MS_PER_PAGE_REPORT]);

    for (let page = 1; page <= MAX_PAGES_PER_REPORT + 3; page += 1) tracker.showPage(page);
    const reports = tracker.takeReports();
    expect(reports.map((batch) => batch.length)).toEqual([MAX_PAGES_PER_REPORT, 3]);
    tracker.restore(reports[1] ?? []);
    wait(1_000);
    expect(tracker.takeReports()).toEqual([
      [
        { page: MAX_PAGES_PER_REPORT + 1, milliseconds: 0 },
        { page: MAX_PAGES_PER_REPORT + 2, milliseconds: 0 },
        { page: MAX_PAGES_PER_REPORT + 3, milliseconds: 1_000 },
      ],
    ]);
  });
});
