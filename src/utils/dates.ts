/**
 * Dates as people in Mexico read them: the calendar day in Mexico City,
 * whatever the browser's zone ("15 feb 2025"). Pure, unit tested in node.
 */
const mexicoCityDay = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" });

/** "15 feb 2025" for an ISO instant; text that is not a date is shown as it came. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : mexicoCityDay.format(date);
}
