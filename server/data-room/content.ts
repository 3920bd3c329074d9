import { CIF_MAX_AGE_MONTHS, DATA_ROOM_MESSAGES } from "../../contracts/data-room.ts";

/**
 * What an upload really is, read from its bytes (magic numbers), never from
 * the client's declared type or the name's extension: a ".pdf" that is
 * really HTML is refused.
 */
export type FileKind = "application/pdf" | "image/jpeg" | "image/png";

const PDF = Buffer.from("%PDF-", "latin1");
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffKind(bytes: Buffer): FileKind | null {
  if (bytes.subarray(0, PDF.length).equals(PDF)) return "application/pdf";
  if (bytes.subarray(0, PNG.length).equals(PNG)) return "image/png";
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return "image/jpeg";
  return null;
}

export const DATA_ROOM_KINDS: ReadonlySet<FileKind> = new Set(["application/pdf", "image/jpeg", "image/png"]);
export const PICTURE_KINDS: ReadonlySet<FileKind> = new Set(["image/jpeg", "image/png"]);

const EXTENSION: Readonly<Record<FileKind, string>> = { "application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png" };

export const MAX_FILENAME_LENGTH = 120;

// Control characters (NUL included), format characters (bidi overrides such as U+202E, zero-width ones, BOM), unpaired surrogates.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;
// Reserved on Windows or meaningful to shells and headers.
const RESERVED = /[<>:"/\\|?*]/g;

/**
 * A name safe to show and to put in a Content-Disposition header: no path
 * (only the last segment), no control or bidi characters, no reserved
 * characters, NFC, at most 120 characters keeping the extension, never
 * empty. It is metadata only: storage keys never come from it.
 */
export function sanitizeFilename(raw: string, kind: FileKind): string {
  const lastSegment = raw.normalize("NFC").split(/[/\\]/).at(-1) ?? "";
  const cleaned = lastSegment.replace(INVISIBLE, "").replace(RESERVED, "_").replace(/\s+/g, " ").trim().replace(/^[.\s]+|[.\s]+$/g, "");
  const name = cleaned === "" ? `archivo${EXTENSION[kind]}` : cleaned;
  const characters = Array.from(name);
  if (characters.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? Array.from(name.slice(dot)) : [];
  return characters.slice(0, MAX_FILENAME_LENGTH - extension.length).join("").trimEnd() + extension.join("");
}

/** Today's date (YYYY-MM-DD) in Mexico City's calendar. */
export function mexicoCityToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** `date` (YYYY-MM-DD) minus `months` calendar months; a day past the month's end becomes its last day (May 31 - 3 → Feb 28/29). */
export function minusMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type IssueDateCheck = { readonly ok: true; readonly issuedOn: string } | { readonly ok: false; readonly message: string };

/**
 * A CIF's issue date: required, a real date, not after today and at most
 * CIF_MAX_AGE_MONTHS calendar months old (the limit day itself is accepted),
 * by Mexico City's calendar.
 */
export function checkCifIssueDate(issuedOn: string | undefined, now: Date): IssueDateCheck {
  if (issuedOn === undefined || !isRealDate(issuedOn)) return { ok: false, message: DATA_ROOM_MESSAGES.cifIssuedOnRequired };
  const today = mexicoCityToday(now);
  // YYYY-MM-DD strings compare like dates.
  if (issuedOn > today) return { ok: false, message: DATA_ROOM_MESSAGES.cifInFuture };
  if (issuedOn < minusMonths(today, CIF_MAX_AGE_MONTHS)) return { ok: false, message: DATA_ROOM_MESSAGES.cifTooOld };
  return { ok: true, issuedOn };
}

/** `inline; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / 5987). */
export function contentDisposition(filename: string, disposition: "inline" | "attachment" = "inline"): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
