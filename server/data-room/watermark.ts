import { degrees, PDFDocument, rgb, StandardFonts, type PDFEmbeddedPage } from "pdf-lib";

/**
 * The dynamic watermark of a data-room PDF opened by an approved buyer
 * (issue 31, docs/decisions/048-data-room-watermark.md): who opened it, for
 * which company, under which NDA and when, drawn diagonally and faintly over
 * every page. Stamped in memory on each open; a stamped copy is never stored.
 */

/** What a buyer's copy carries. */
export interface WatermarkStamp {
  readonly name: string;
  readonly email: string;
  /** The company's human_id (PUE-0001). */
  readonly companyRef: string;
  readonly ndaVersion: string;
  readonly at: Date;
}

const MEXICO_CITY_DATE_TIME = new Intl.DateTimeFormat("es-MX", {
  timeZone: "America/Mexico_City",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "04/12/2026 16:50": the date and time in Mexico City, es-MX order, 24-hour clock. */
export function mexicoCityDateTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => MEXICO_CITY_DATE_TIME.formatToParts(at).find((p) => p.type === type)?.value ?? "";
  return `${part("day")}/${part("month")}/${part("year")} ${part("hour")}:${part("minute")}`;
}

// Windows-1252's characters beyond Latin-1 (the standard fonts' WinAnsi encoding).
const CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
// Letters with no decomposition that still have an obvious Latin spelling.
const LATIN_FALLBACK: Readonly<Record<string, string>> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i", Ŧ: "T", ŧ: "t", Ħ: "H", ħ: "h" };

const isWinAnsi = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.includes(character);
};

/**
 * `text` in what the standard fonts can draw (WinAnsi: Spanish accents and ñ
 * included): other letters lose their accents (ő → o) or take their Latin
 * spelling (Ł → L), anything else becomes "?", so no name ever makes the
 * stamp throw.
 */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const character of text.normalize("NFC")) {
    if (isWinAnsi(character)) out += character;
    else if (/\s/u.test(character)) out += " ";
    else {
      const stripped = (LATIN_FALLBACK[character] ?? character.normalize("NFD").replace(/\p{M}/gu, "")).normalize("NFC");
      out += stripped !== "" && Array.from(stripped).every(isWinAnsi) ? stripped : "?";
    }
  }
  return out;
}

/** The stamp's two lines, WinAnsi-safe. */
export function stampLines(stamp: WatermarkStamp): readonly [string, string] {
  return [
    toWinAnsi(`${stamp.name} · ${stamp.email}`),
    toWinAnsi(`${stamp.companyRef} · NDA ${stamp.ndaVersion} · ${mexicoCityDateTime(stamp.at)} (Ciudad de México)`),
  ];
}

const FONT_SIZE = 11;
const LINE_HEIGHT = 15;
const ANGLE = 35;
const OPACITY = 0.18;
const GAP = 36;

/**
 * One tile of the stamp as a Form XObject: drawn once per document, then
 * placed in a grid on every page (a few bytes per placement), which keeps a
 * 50-page document's stamping well under the budget. Each word is its own
 * text object, so the stamp is never one run to select and delete.
 */
async function stampTile(document: PDFDocument, stamp: WatermarkStamp): Promise<{ tile: PDFEmbeddedPage; width: number; height: number }> {
  const scratch = await PDFDocument.create({ updateMetadata: false });
  const font = await scratch.embedFont(StandardFonts.Helvetica);
  const lines = stampLines(stamp);
  const textWidth = Math.max(...lines.map((line) => font.widthOfTextAtSize(line, FONT_SIZE)));
  const textHeight = LINE_HEIGHT * lines.length;
  const radians = (ANGLE * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const width = textWidth * cos + textHeight * sin;
  const height = textWidth * sin + textHeight * cos;
  const page = scratch.addPage([width, height]);
  const space = font.widthOfTextAtSize(" ", FONT_SIZE);
  lines.forEach((line, index) => {
    // The baseline of line `index`, measured down from the block's top along the rotated "up".
    const down = LINE_HEIGHT * (index + 1) - (LINE_HEIGHT - FONT_SIZE);
    let along = 0;
    for (const word of line.split(" ")) {
      if (word !== "") {
        page.drawText(word, {
          x: along * cos + down * sin,
          y: along * sin + (textHeight - down) * cos,
          size: FONT_SIZE,
          font,
          color: rgb(0.35, 0.35, 0.35),
          opacity: OPACITY,
          rotate: degrees(ANGLE),
        });
      }
      along += font.widthOfTextAtSize(word, FONT_SIZE) + space;
    }
  });
  // Embedded from the scratch document's saved bytes: pdf-lib writes an embedded font's dictionary only on
  // save, so a tile taken from the unsaved document refers to fonts that are not there (pdf.js falls back to
  // its own font, but poppler and others draw no stamp at all).
  const [tile] = await document.embedPdf(await scratch.save({ useObjectStreams: false }));
  if (tile === undefined) throw new Error("the stamp tile was not embedded");
  return { tile, width, height };
}

/** `bytes` (a PDF) with the stamp tiled over every page; throws if the PDF cannot be read. */
export async function stampPdf(bytes: Uint8Array, stamp: WatermarkStamp): Promise<Uint8Array> {
  return stampDocument(await PDFDocument.load(bytes, { updateMetadata: false }), stamp);
}

async function stampDocument(document: PDFDocument, stamp: WatermarkStamp): Promise<Uint8Array> {
  const { tile, width, height } = await stampTile(document, stamp);
  for (const page of document.getPages()) {
    // The page's visible area, wherever its box starts; a page smaller than one tile gets a smaller one.
    const box = page.getCropBox();
    const scale = Math.min(1, box.width / width, box.height / height);
    const [tileWidth, tileHeight] = [width * scale, height * scale];
    // Whole tiles only, spread evenly: a tile partly off the page would hide its text from readers' text layers.
    const columns = Math.max(1, Math.floor((box.width + GAP) / (tileWidth + GAP)));
    const rows = Math.max(1, Math.floor((box.height + GAP) / (tileHeight + GAP)));
    const stepX = columns === 1 ? 0 : (box.width - tileWidth) / (columns - 1);
    const stepY = rows === 1 ? 0 : (box.height - tileHeight) / (rows - 1);
    const [offsetX, offsetY] = [columns === 1 ? (box.width - tileWidth) / 2 : 0, rows === 1 ? (box.height - tileHeight) / 2 : 0];
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        page.drawPage(tile, { x: box.x + offsetX + column * stepX, y: box.y + offsetY + row * stepY, xScale: scale, yScale: scale });
      }
    }
  }
  // Object streams cost time to build and the copy is thrown away after one answer.
  return document.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** Whether an uploaded PDF can be stamped when a buyer opens it: "encrypted" and "damaged" are refused at upload. */
export type PdfCheck = "ok" | "encrypted" | "damaged";

const TRIAL_STAMP: WatermarkStamp = { name: "Prueba", email: "prueba@puente.mx", companyRef: "PUE-0000", ndaVersion: "0", at: new Date(0) };

/**
 * Reads the PDF the way a buyer's open will: loaded, at least one page, and
 * stamped once for real, so a file accepted here never fails at view time.
 * `pageCount` (0 unless "ok") is what the viewer's page reports are checked against.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ readonly check: PdfCheck; readonly pageCount: number }> {
  try {
    // Loaded regardless of encryption, to tell a locked file (its owner can remove the password) from a broken one.
    const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    if (document.isEncrypted) return { check: "encrypted", pageCount: 0 };
    const pageCount = document.getPageCount();
    if (pageCount === 0) return { check: "damaged", pageCount: 0 };
    await stampDocument(document, TRIAL_STAMP);
    return { check: "ok", pageCount };
  } catch {
    return { check: "damaged", pageCount: 0 };
  }
}

export const checkPdf = async (bytes: Uint8Array): Promise<PdfCheck> => (await inspectPdf(bytes)).check;
