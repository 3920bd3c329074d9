import { CIF_MAX_AGE_MONTHS, DATA_ROOM_MESSAGES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "../../../../contracts/data-room.ts";

/**
 * The pure rules of the data room screen (./DataRoomPanel.tsx): what is
 * refused before anything is sent, and how a row reads in es-MX. No React:
 * unit tested in node (tests/unit/data-room/data-room-rules.test.ts).
 */

/** The files a picker may hand over: PDF, JPG, PNG (the server checks the content again). */
export const ACCEPTED_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

/**
 * Spec section 5: a file over 5 MB is refused on the client, nothing sent.
 * Answers the message to show, or null when the selection may go.
 */
export function selectionError(files: ReadonlyArray<{ readonly size: number }>): string | null {
  if (files.length === 0) return DATA_ROOM_MESSAGES.noFile;
  if (files.some((file) => file.size > MAX_UPLOAD_BYTES)) return DATA_ROOM_MESSAGES.tooLarge;
  if (files.length > MAX_FILES_PER_UPLOAD) return DATA_ROOM_MESSAGES.tooManyFiles;
  return null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const mexicoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's calendar day in Mexico City, YYYY-MM-DD. */
export const todayInMexico = (now: Date = new Date()): string => mexicoDay.format(now);

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** `day` (YYYY-MM-DD) minus `months` calendar months; the 31st becomes the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const match = ISO_DAY.exec(day);
  if (match === null) return day;
  const total = Number(match[1]) * 12 + (Number(match[2]) - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(Number(match[3]), lastDay), 2)}`;
}

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
function isCalendarDay(day: string): boolean {
  const match = ISO_DAY.exec(day);
  if (match === null) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/**
 * Spec section 3: a CIF must be from the last 3 months. `issuedOn` is the
 * date field's value (YYYY-MM-DD); `today` the day in Mexico City. Answers the
 * contract's message, or null when the date is fine.
 */
export function cifIssueDateError(issuedOn: string, today: string): string | null {
  const day = issuedOn.trim();
  if (day === "" || !isCalendarDay(day)) return DATA_ROOM_MESSAGES.cifIssuedOnRequired;
  if (day > today) return DATA_ROOM_MESSAGES.cifInFuture;
  if (day < monthsBefore(today, CIF_MAX_AGE_MONTHS)) return DATA_ROOM_MESSAGES.cifTooOld;
  return null;
}

/** "0 vistas", "1 vista", "12 vistas". */
export const viewCountLabel = (count: number): string => (count === 1 ? "1 vista" : `${count.toLocaleString("es-MX")} vistas`);

const fileDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "America/Mexico_City" });
const viewDateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Mexico_City" });

const formatWith = (format: Intl.DateTimeFormat, iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** "15 feb 2026": a file's upload day in Mexico City; text that is not a date shows as it came. */
export const formatFileDate = (iso: string): string => formatWith(fileDate, iso);

/** "15 feb 2026, 10:30": when a file was opened, in Mexico City. */
export const formatViewedAt = (iso: string): string => formatWith(viewDateTime, iso);

/** What sharing a document means (decision 023), said next to the data room's switches. */
/** Under the "Permitir descarga" switch (decision 051). */
export const DOWNLOAD_EXPLAINED = "Los compradores siempre lo leen en el visor de Puente con su marca de agua; cada descarga queda registrada.";

export const SHARING_EXPLAINED =
  "Solo los compradores con solicitud aprobada y acuerdo de confidencialidad vigente pueden abrir los documentos compartidos. Nada se comparte hasta que tú lo decidas, y puedes dejar de compartir en cualquier momento.";
