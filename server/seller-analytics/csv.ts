/**
 * CSV for spreadsheets (decision 049): UTF-8 with a byte-order mark (Excel
 * in Spanish then reads the accents right), CRLF line ends, RFC 4180
 * quoting, and no formulas: a field that a spreadsheet would run (starting
 * with =, +, -, @, a tab or a carriage return) gets a leading apostrophe,
 * so it shows as text (OWASP's "CSV injection").
 */

export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, defused and quoted as needed; null is an empty field. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  const defused = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** The whole file: BOM, the header line, then one line per row, each ended by CRLF. */
export function csvDocument(headers: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const line = (fields: ReadonlyArray<string | number | null>) => fields.map(csvField).join(",") + CSV_LINE_END;
  return CSV_BOM + line(headers) + rows.map(line).join("");
}
