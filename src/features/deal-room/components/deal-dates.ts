/**
 * Days as people in Mexico read them, without the deal room's contracts
 * (deal-format.ts re-exports them): the access panel of a visitor's business
 * profile needs them on a first load that carries no Effect (decision 047).
 */

// The calendar and the clock as people in Mexico read them, whatever the browser's zone.
export const TIME_ZONE = "America/Mexico_City";
const longDay = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: TIME_ZONE });

export const parsed = (value: string | Date): Date | null => {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" });

/**
 * "26 de noviembre de 2026": the NDA's date, and dates inside sentences. An
 * instant is read in Mexico City; a bare calendar day ("2026-11-26", the
 * NDA's effective date) is that day everywhere. Text that is no date is
 * shown as it came.
 */
export const formatLongDay = (value: string | Date): string => {
  if (typeof value === "string" && CALENDAR_DAY.test(value)) {
    const day = parsed(`${value}T00:00:00Z`);
    return day === null ? value : calendarDay.format(day);
  }
  const date = parsed(value);
  return date === null ? String(value) : longDay.format(date);
};
