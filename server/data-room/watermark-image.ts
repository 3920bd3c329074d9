import jpeg from "jpeg-js";
import { Jimp, JimpMime, loadFont, PNGColorType, PNGFilterType } from "jimp";
import { SANS_10_BLACK, SANS_128_BLACK, SANS_12_BLACK, SANS_14_BLACK, SANS_16_BLACK, SANS_32_BLACK, SANS_64_BLACK, SANS_8_BLACK } from "jimp/fonts";
import { stampLines, type WatermarkStamp } from "./watermark.ts";

/**
 * The watermark of a data-room image (JPEG or PNG) opened by an approved
 * buyer: the same two lines as a PDF's stamp (`stampLines`), diagonal,
 * semi-transparent, repeated over the whole picture, drawn into its pixels
 * in memory on each open and never stored
 * (docs/decisions/048-data-room-watermark.md). Pure JavaScript (jimp: jpeg-js,
 * pngjs) and jimp's bundled Open Sans bitmap fonts, so it needs no system
 * font and no native binary.
 */

export type ImageKind = "image/jpeg" | "image/png";

/** More pixels than this are refused at upload (and never stamped): 40 MP is 160 MB decoded, seconds of work. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const ANGLE = 35;
/** The dark text's opacity and the light halo's around it: readable on dark and light pictures alike. */
const TEXT_OPACITY = 0.3;
const HALO_OPACITY = 0.22;
const TEXT_GREY = 64;
const HALO_GREY = 255;
/** The text's size in pixels is the picture's shorter side over this (a Letter page's 612 pt over the PDF stamp's 11 pt is ~55). */
const SIDE_PER_FONT = 55;
const MIN_FONT = 8;
const JPEG_QUALITY = 90;

// jimp's bundled bitmap fonts (Latin-1 and €): the stamp is drawn with the smallest one at least as large as needed, then scaled down.
const FONTS: ReadonlyArray<{ readonly size: number; readonly file: string }> = [
  { size: 8, file: SANS_8_BLACK },
  { size: 10, file: SANS_10_BLACK },
  { size: 12, file: SANS_12_BLACK },
  { size: 14, file: SANS_14_BLACK },
  { size: 16, file: SANS_16_BLACK },
  { size: 32, file: SANS_32_BLACK },
  { size: 64, file: SANS_64_BLACK },
  { size: 128, file: SANS_128_BLACK },
];
const LARGEST_FONT = { size: 128, file: SANS_128_BLACK };
type Font = Awaited<ReturnType<typeof loadFont>>;
const loadedFonts = new Map<string, Promise<Font>>();
const fontFile = (file: string): Promise<Font> => {
  let font = loadedFonts.get(file);
  if (font === undefined) {
    font = loadFont(file);
    // A failed load is not kept: the next open tries again.
    font.catch(() => loadedFonts.delete(file));
    loadedFonts.set(file, font);
  }
  return font;
};

/** The width and height a PNG's or JPEG's header announces, read without decoding; null when there is none. */
export function imageDimensions(bytes: Uint8Array, kind: ImageKind): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === "image/png") {
    // The signature (8 bytes), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4).
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: walk the markers to the first start of frame (SOF0–SOF15 except DHT, JPG and DAC).
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return null;
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** Decodes `bytes` as `kind`; throws if it cannot, is not that kind, or is larger than MAX_IMAGE_PIXELS. */
async function decode(bytes: Uint8Array, kind: ImageKind) {
  const size = imageDimensions(bytes, kind);
  if (size === null || size.width === 0 || size.height === 0) throw new Error("no image header");
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new ImageTooLarge(size.width, size.height);
  const image = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (image.mime !== kind) throw new Error(`decoded as ${image.mime ?? "nothing"}, not ${kind}`);
  return image;
}

class ImageTooLarge extends Error {
  constructor(width: number, height: number) {
    super(`${width} x ${height} is more than ${MAX_IMAGE_PIXELS} pixels`);
  }
}

/**
 * One block of the stamp (its two lines), rotated, as two coverage masks
 * (the text's and its halo's) listed sparsely: only the covered pixels,
 * which is all the blending has to visit. `along` and
 * `across` are the block's length and height before rotation, in pixels.
 */
export interface StampTile {
  readonly width: number;
  readonly height: number;
  readonly along: number;
  readonly across: number;
  readonly fontSize: number;
  /** The covered pixels' positions in the block, and the opacity (out of 256) of the halo and of the text on each. */
  readonly xs: Uint16Array;
  readonly ys: Uint16Array;
  readonly haloWeights: Uint8Array;
  readonly textWeights: Uint8Array;
}

const RADIANS = (ANGLE * Math.PI) / 180;
const [COS, SIN] = [Math.cos(RADIANS), Math.sin(RADIANS)];

/** The stamp's block for a picture whose shorter side is `shortSide` pixels. */
export async function stampTile(stamp: WatermarkStamp, shortSide: number): Promise<StampTile> {
  const fontSize = Math.max(MIN_FONT, Math.round(shortSide / SIDE_PER_FONT));
  const { file, size } = FONTS.find((font) => font.size >= fontSize) ?? LARGEST_FONT;
  const font = await fontFile(file);
  const lines = stampLines(stamp);
  const lineHeight = font.common.lineHeight;
  // Drawn upright at the font's own size (jimp draws a character it lacks as "?")...
  const block = new Jimp({ width: Math.max(...lines.map((line) => lineWidth(font, line))) + 4, height: lineHeight * lines.length + 4, color: 0x00000000 });
  lines.forEach((line, index) => block.print({ font, x: 2, y: 2 + index * lineHeight, text: line }));
  const { width: sourceWidth, height: sourceHeight, data } = block.bitmap;
  const text = new Uint8Array(sourceWidth * sourceHeight);
  for (let index = 0; index < text.length; index += 1) text[index] = data[index * 4 + 3] ?? 0;
  const scale = fontSize / size;
  const halo = dilate(text, sourceWidth, sourceHeight, Math.max(1, Math.round(size / 12)));
  // ...then scaled and rotated in one pass (each pixel of the rotated block sampled from the upright one).
  const [along, across] = [sourceWidth * scale, sourceHeight * scale];
  const width = Math.ceil(along * COS + across * SIN);
  const height = Math.ceil(along * SIN + across * COS);
  const rotatedText = new Uint8Array(width * height);
  const rotatedHalo = new Uint8Array(width * height);
  let count = 0;
  for (let y = 0; y < height; y += 1) {
    // Screen y points down, so "along the text" is (cos, -sin) and "down the lines" is (sin, cos). On this row
    // u and v grow with x: only the span of x where both fall on the upright block is sampled.
    const dy = y + 0.5 - height / 2;
    const uAt0 = ((0.5 - width / 2) * COS - dy * SIN) / scale + sourceWidth / 2 - 0.5;
    const vAt0 = ((0.5 - width / 2) * SIN + dy * COS) / scale + sourceHeight / 2 - 0.5;
    const [uStep, vStep] = [COS / scale, SIN / scale];
    const from = Math.max(0, Math.ceil((-1 - uAt0) / uStep), Math.ceil((-1 - vAt0) / vStep));
    const to = Math.min(width - 1, Math.floor((sourceWidth - uAt0) / uStep), Math.floor((sourceHeight - vAt0) / vStep));
    for (let x = from; x <= to; x += 1) {
      const [u, v] = [uAt0 + x * uStep, vAt0 + x * vStep];
      const haloValue = sample(halo, sourceWidth, sourceHeight, u, v);
      if (haloValue === 0) continue;
      rotatedHalo[y * width + x] = haloValue;
      rotatedText[y * width + x] = sample(text, sourceWidth, sourceHeight, u, v);
      count += 1;
    }
  }
  const tile = { width, height, along, across, fontSize, xs: new Uint16Array(count), ys: new Uint16Array(count), haloWeights: new Uint8Array(count), textWeights: new Uint8Array(count) };
  let next = 0;
  for (let index = 0; index < rotatedHalo.length; index += 1) {
    if (rotatedHalo[index] === 0) continue;
    tile.xs[next] = index % width;
    tile.ys[next] = Math.floor(index / width);
    tile.haloWeights[next] = Math.round(((rotatedHalo[index] ?? 0) / 255) * HALO_OPACITY * 256);
    tile.textWeights[next] = Math.round(((rotatedText[index] ?? 0) / 255) * TEXT_OPACITY * 256);
    next += 1;
  }
  return tile;
}

const lineWidth = (font: Font, line: string): number => {
  let width = 0;
  const fallback = font.chars["?"]?.xadvance ?? 0;
  for (const character of line) width += font.chars[character]?.xadvance ?? (/\s/u.test(character) ? (font.chars[" "]?.xadvance ?? 0) : fallback);
  return width;
};

/** Bilinear sample of a one-channel mask at (u, v); 0 outside. */
function sample(mask: Uint8Array, width: number, height: number, u: number, v: number): number {
  const [x0, y0] = [Math.floor(u), Math.floor(v)];
  if (x0 < -1 || y0 < -1 || x0 >= width || y0 >= height) return 0;
  const [fx, fy] = [u - x0, v - y0];
  const [left, right, up, down] = [x0 >= 0, x0 + 1 < width, y0 >= 0, y0 + 1 < height];
  const row = y0 * width;
  const topLeft = left && up ? (mask[row + x0] ?? 0) : 0;
  const topRight = right && up ? (mask[row + x0 + 1] ?? 0) : 0;
  const bottomLeft = left && down ? (mask[row + width + x0] ?? 0) : 0;
  const bottomRight = right && down ? (mask[row + width + x0 + 1] ?? 0) : 0;
  return Math.round((topLeft * (1 - fx) + topRight * fx) * (1 - fy) + (bottomLeft * (1 - fx) + bottomRight * fx) * fy);
}

/** The mask spread by `radius` pixels (a square max filter, rows then columns): the halo around the text. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let most = 0;
      for (let nx = Math.max(0, x - radius); nx <= Math.min(width - 1, x + radius); nx += 1) most = Math.max(most, mask[y * width + nx] ?? 0);
      rows[y * width + x] = most;
    }
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let most = 0;
      for (let ny = Math.max(0, y - radius); ny <= Math.min(height - 1, y + radius); ny += 1) most = Math.max(most, rows[ny * width + x] ?? 0);
      out[y * width + x] = most;
    }
  }
  return out;
}

/**
 * Draws `tile` over the whole RGBA `pixels` (width × height), repeated on a
 * grid that follows the diagonal: blocks one after another along the text's
 * direction, rows of them down the lines, every other row shifted by half a
 * block, from beyond one corner to beyond the opposite one so the edges are
 * covered too. Each covered pixel gets the light halo, then the dark text,
 * composited "over" (a transparent PNG pixel gets the stamp too).
 */
export function drawStamp(pixels: Uint8Array, width: number, height: number, tile: StampTile): void {
  const stepAlong = tile.along + 4 * tile.fontSize;
  const stepAcross = tile.across + 3 * tile.fontSize;
  // The picture's corners in the rotated grid's coordinates (along the text, down the lines), from its centre.
  const corners = [
    [-width / 2, -height / 2],
    [width / 2, -height / 2],
    [-width / 2, height / 2],
    [width / 2, height / 2],
  ].map(([x = 0, y = 0]) => [x * COS - y * SIN, x * SIN + y * COS] as const);
  const alongs = corners.map(([a]) => a);
  const acrosses = corners.map(([, b]) => b);
  const [firstRow, lastRow] = [Math.floor(Math.min(...acrosses) / stepAcross) - 1, Math.ceil(Math.max(...acrosses) / stepAcross) + 1];
  const [firstColumn, lastColumn] = [Math.floor(Math.min(...alongs) / stepAlong) - 1, Math.ceil(Math.max(...alongs) / stepAlong) + 1];
  for (let row = firstRow; row <= lastRow; row += 1) {
    const shift = row % 2 === 0 ? 0 : stepAlong / 2;
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const [a, b] = [column * stepAlong + shift, row * stepAcross];
      // Back to the picture: along is (cos, -sin), down the lines is (sin, cos).
      const centreX = width / 2 + a * COS + b * SIN;
      const centreY = height / 2 - a * SIN + b * COS;
      const [left, top] = [Math.round(centreX - tile.width / 2), Math.round(centreY - tile.height / 2)];
      if (left >= width || top >= height || left + tile.width <= 0 || top + tile.height <= 0) continue;
      placeTile(pixels, width, height, tile, left, top);
    }
  }
}

function placeTile(pixels: Uint8Array, width: number, height: number, tile: StampTile, left: number, top: number): void {
  const { xs, ys, haloWeights, textWeights } = tile;
  for (let index = 0; index < xs.length; index += 1) {
    const y = top + (ys[index] ?? 0);
    const x = left + (xs[index] ?? 0);
    if (y < 0 || y >= height || x < 0 || x >= width) continue;
    const at = (y * width + x) * 4;
    const [halo, text] = [haloWeights[index] ?? 0, textWeights[index] ?? 0];
    if (pixels[at + 3] === 255) {
      // An opaque pixel (every JPEG's, most PNGs'): integer blending, halo then text.
      for (let channel = at; channel < at + 3; channel += 1) {
        const lit = pixels[channel] ?? 0;
        const haloed = lit + (((HALO_GREY - lit) * halo) >> 8);
        pixels[channel] = haloed + (((TEXT_GREY - haloed) * text) >> 8);
      }
    } else {
      over(pixels, at, HALO_GREY, halo / 256);
      over(pixels, at, TEXT_GREY, text / 256);
    }
  }
}

/** Porter-Duff "over" of a grey at `opacity` onto the (not opaque) RGBA pixel at `at`. */
function over(pixels: Uint8Array, at: number, grey: number, opacity: number): void {
  if (opacity <= 0) return;
  const alpha = (pixels[at + 3] ?? 0) / 255;
  const outAlpha = opacity + alpha * (1 - opacity);
  for (let channel = 0; channel < 3; channel += 1) {
    pixels[at + channel] = Math.round((grey * opacity + (pixels[at + channel] ?? 0) * alpha * (1 - opacity)) / outAlpha);
  }
  pixels[at + 3] = Math.round(outAlpha * 255);
}

/**
 * `bytes` (a JPEG or a PNG) with the stamp drawn over it, in the same format
 * and size; throws if it cannot be decoded (or has more than
 * MAX_IMAGE_PIXELS). A JPEG's EXIF orientation is applied to its pixels (the
 * copy has no EXIF, so it shows the right way up, as the upload did).
 */
export async function stampImage(bytes: Uint8Array, kind: ImageKind, stamp: WatermarkStamp): Promise<Buffer> {
  const image = await decode(bytes, kind);
  const { width, height, data } = image.bitmap;
  drawStamp(data, width, height, await stampTile(stamp, Math.min(width, height)));
  // jpeg-js straight: jimp's JPEG writer first copies every pixel onto a background (seconds on 12 MP).
  if (kind === "image/jpeg") return jpeg.encode({ data, width, height }, JPEG_QUALITY).data;
  // Without an alpha channel unless the picture has transparency: smaller, and quicker to write. zlib's default
  // strategy and the "sub" filter: on 4000 x 3000 as small as jimp's default (RLE, each row's filter guessed) or
  // smaller, in half the time (docs/performance/watermark.md).
  let opaque = true;
  for (let at = 3; at < data.length && opaque; at += 4) opaque = data[at] === 255;
  return image.getBuffer(JimpMime.png, {
    colorType: opaque ? PNGColorType.COLOR : PNGColorType.COLOR_ALPHA,
    inputHasAlpha: true,
    deflateLevel: 6,
    deflateStrategy: 0,
    filterType: PNGFilterType.SUB,
  });
}

/** Whether an uploaded image can be stamped when a buyer opens it. */
export type ImageCheck = "ok" | "tooLarge" | "damaged";

/** Decodes the image the way a buyer's open will (the drawing and the encoding cannot fail on a decoded picture). */
export async function checkImage(bytes: Uint8Array, kind: ImageKind): Promise<ImageCheck> {
  try {
    await decode(bytes, kind);
    return "ok";
  } catch (error) {
    return error instanceof ImageTooLarge ? "tooLarge" : "damaged";
  }
}
