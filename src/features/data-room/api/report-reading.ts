import { reportReadingEndpoint } from "../../../../contracts/data-room.ts";
import { fillPath } from "../../../../contracts/endpoint.ts";
import { callEndpoint } from "../../../lib/api-client.ts";
import { apiConfig } from "../../../lib/api-config.ts";
import type { PageTime } from "../reading/reading-tracker.ts";

/**
 * POST /file_readings/{token}/pages (decision 051): the pages a buyer saw
 * since the last report, and for how long. The signed reading token of the
 * open is the permission, not the session.
 */
export const reportReading = (token: string, pages: ReadonlyArray<PageTime>) =>
  callEndpoint(reportReadingEndpoint, { params: { token }, body: { pages: [...pages] } });

/**
 * The same report as the page goes away (closing the tab, leaving the
 * viewer): `navigator.sendBeacon` outlives the page; its answer is never
 * read. False when the browser would not queue it.
 */
export function beaconReading(token: string, pages: ReadonlyArray<PageTime>): boolean {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
  const url = `${apiConfig().baseUrl}${fillPath(reportReadingEndpoint.path, { token })}`;
  return navigator.sendBeacon(url, new Blob([JSON.stringify({ pages })], { type: "application/json" }));
}
