// npm run bench:watermark [-- --runs 30 --pages 50 --image-runs 5 --only pdf|images|pool]
//
// The data-room watermark's cost (issue 31: stamping a 50-page, 5 MB PDF
// takes <= 500 ms p95 on this machine; docs/decisions/048-data-room-watermark.md).
// Builds a PDF of `pages` pages, each with its own incompressible image
// (random grey pixels, so the file is really ~5 MB and every page's bytes
// go through the parser) and a line of text, then stamps it `runs` times
// with server/data-room/watermark.ts's stampPdf, in this process, after 3
// warm-up runs. Ends with one line:
//   p50_ms=<n> p95_ms=<n> size_mb=<n> pages=<n> stamped_size_mb=<n>
// Then the images (server/data-room/watermark-image.ts's stampImage): a
// 12-megapixel JPEG (4000 x 3000, a photo-like gradient with grain) and a
// 4000 x 3000 PNG (a page-like picture: paper with specks, lines of
// "text", a coloured chart), each under the 5 MB upload limit, stamped `image-runs`
// times after one warm-up run, with the decode, the stamp and the encode
// timed apart, and `checkImage` (the upload's check) timed too. One line each:
//   image=<jpeg|png> p50_ms=<n> p95_ms=<n> decode_ms=<n> stamp_ms=<n> encode_ms=<n> check_ms=<n> size_mb=<n> stamped_size_mb=<n>
// Then the same pictures through the image pool (server/data-room/image-pool.ts,
// one worker thread, as a buyer's open and an upload run them), `image-runs`
// times after one warm-up, with the event loop's delay measured meanwhile
// (perf_hooks.monitorEventLoopDelay, 10 ms resolution, so ~10 ms is an idle
// loop; inline, for comparison, the longest wait of a 1 ms timer while one
// stamp ran on the main thread). One line each:
//   pool=<jpeg|png> p50_ms=<n> p95_ms=<n> check_p50_ms=<n> loop_p50_ms=<n> loop_p99_ms=<n> loop_max_ms=<n> inline_loop_max_ms=<n>
// Not part of `npm test` (not a timed test); figures in docs/performance/watermark.md.
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, StandardFonts } from "pdf-lib";
import { Jimp, JimpMime, PNGColorType, PNGFilterType } from "jimp";
import jpeg from "jpeg-js";
import { createImagePool } from "../../server/data-room/image-pool.ts";
import { checkImage, drawStamp, stampImage, stampTile, type ImageKind } from "../../server/data-room/watermark-image.ts";
import { stampPdf, type WatermarkStamp } from "../../server/data-room/watermark.ts";
import { log, percentile, round } from "./support.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    pages: { type: "string", default: "50" },
    "image-runs": { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const IMAGE_RUNS = Number(args["image-runs"]);
const RUNS = Number(args.runs);
const PAGES = Number(args.pages);
// 50 grey images of 320 x 316 bytes: 5.06 MB of pixels, just under the 5 MB upload limit with the rest.
const IMAGE_WIDTH = 320;
const IMAGE_HEIGHT = 316;

async function samplePdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([612, 792]);
    const image = document.context.register(
      document.context.stream(randomBytes(IMAGE_WIDTH * IMAGE_HEIGHT), {
        Type: "XObject",
        Subtype: "Image",
        Width: IMAGE_WIDTH,
        Height: IMAGE_HEIGHT,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject("Im", image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(480, 0, 0, 474, 66, 220), drawObject(name), popGraphicsState());
    page.drawText(`Estados financieros 2025, página ${index + 1} de ${pages}`, { x: 66, y: 180, size: 12, font });
  }
  return document.save();
}

const stamp: WatermarkStamp = {
  name: "Ana Pérez Núñez",
  email: "ana.perez@ejemplo.mx",
  companyRef: "PUE-0001",
  ndaVersion: "2026-11",
  at: new Date(),
};

const mb = (bytes: number) => round(bytes / 1_000_000, 2);

const median = (values: number[]) => round(percentile([...values].sort((a, b) => a - b), 50), 0);

async function benchPdf(): Promise<void> {
  const source = await samplePdf(PAGES);
  log(`sample: ${PAGES} pages, ${mb(source.length)} MB; ${RUNS} runs after 3 warm-up runs`);
  let stampedSize = 0;
  for (let run = 0; run < 3; run += 1) stampedSize = (await stampPdf(source, stamp)).length;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    stampedSize = (await stampPdf(source, stamp)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  log(`min ${round(times[0] ?? 0, 1)} ms, max ${round(times.at(-1) ?? 0, 1)} ms`);
  console.log(
    `p50_ms=${round(percentile(times, 50), 1)} p95_ms=${round(percentile(times, 95), 1)} size_mb=${mb(source.length)} pages=${PAGES} stamped_size_mb=${mb(stampedSize)}`,
  );
}

/** A deterministic pseudo-random byte stream (the pictures are the same on every run). */
function grain(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 24;
  };
}

/** 4000 x 3000: a photo (gradients and sensor grain) as a JPEG, or a scanned page (paper, lines of text, a chart) as a PNG. */
async function samplePicture(kind: ImageKind): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const picture = new Jimp({ width, height, color: 0xffffffff });
  const data = picture.bitmap.data;
  const noise = grain(7);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      if (kind === "image/jpeg") {
        const n = (noise() >> 4) - 8;
        data[at] = Math.min(255, Math.max(0, 60 + (150 * x) / width + 30 * Math.sin(y / 90) + n));
        data[at + 1] = Math.min(255, Math.max(0, 90 + (100 * y) / height + 25 * Math.cos(x / 140) + n));
        data[at + 2] = Math.min(255, Math.max(0, 170 - (120 * (x + y)) / (width + height) + n));
      } else {
        // Paper with a few specks; "text" lines of dark dashes; a coloured bar chart in the lower third.
        const paper = noise() < 8 ? 236 : 250;
        const line = Math.floor(y / 48);
        const inText = y < 2000 && y % 48 < 22 && x > 300 && x < 3700 && ((x * 7 + line * 131) % 97) > 18 && ((Math.floor(x / 60) * 31 + line) % 11) !== 0;
        const bar = y > 2150 && y < 2850 && x > 400 && x < 3600 && (x - 400) % 400 < 260 && 2850 - y < 150 + ((((x - 400) / 400) | 0) * 97) % 600;
        const value = inText ? 40 : paper;
        data[at] = bar ? 40 : value;
        data[at + 1] = bar ? 110 : value;
        data[at + 2] = bar ? 190 : value;
      }
    }
  }
  return kind === "image/jpeg" ? Buffer.from(jpeg.encode({ data, width, height }, 90).data) : picture.getBuffer(JimpMime.png);
}

async function benchImage(kind: ImageKind): Promise<void> {
  const source = await samplePicture(kind);
  const name = kind === "image/jpeg" ? "jpeg" : "png";
  log(`sample: 4000 x 3000 ${name}, ${mb(source.length)} MB; ${IMAGE_RUNS} runs after 1 warm-up run`);
  let stampedSize = (await stampImage(source, kind, stamp)).length;
  const [total, decodeTimes, stampTimes, encodeTimes, checkTimes]: [number[], number[], number[], number[], number[]] = [[], [], [], [], []];
  for (let run = 0; run < IMAGE_RUNS; run += 1) {
    let started = performance.now();
    stampedSize = (await stampImage(source, kind, stamp)).length;
    total.push(performance.now() - started);
    // The same work in its three parts (decode, tile + draw, encode), as stampImage does it.
    started = performance.now();
    const image = await Jimp.fromBuffer(source);
    decodeTimes.push(performance.now() - started);
    started = performance.now();
    drawStamp(image.bitmap.data, image.width, image.height, await stampTile(stamp, Math.min(image.width, image.height)));
    stampTimes.push(performance.now() - started);
    started = performance.now();
    if (kind === "image/jpeg") jpeg.encode({ data: image.bitmap.data, width: image.width, height: image.height }, 90);
    else await image.getBuffer(JimpMime.png, { colorType: PNGColorType.COLOR, deflateLevel: 6, deflateStrategy: 0, filterType: PNGFilterType.SUB });
    encodeTimes.push(performance.now() - started);
    started = performance.now();
    await checkImage(source, kind);
    checkTimes.push(performance.now() - started);
  }
  total.sort((a, b) => a - b);
  log(`min ${round(total[0] ?? 0, 0)} ms, max ${round(total.at(-1) ?? 0, 0)} ms`);
  console.log(
    `image=${name} p50_ms=${round(percentile(total, 50), 0)} p95_ms=${round(percentile(total, 95), 0)} decode_ms=${median(decodeTimes)} stamp_ms=${median(stampTimes)} encode_ms=${median(encodeTimes)} check_ms=${median(checkTimes)} size_mb=${mb(source.length)} stamped_size_mb=${mb(stampedSize)}`,
  );
}

/** The event loop's delay while `work` runs: percentiles and the longest, in ms. */
async function loopDelayDuring<T>(work: () => Promise<T>): Promise<{ value: T; p50: number; p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const value = await work();
    return { value, p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

async function benchPool(kind: ImageKind): Promise<void> {
  const source = await samplePicture(kind);
  const name = kind === "image/jpeg" ? "jpeg" : "png";
  const pool = createImagePool({ workers: 1, maxQueued: 8 });
  try {
    log(`pool: 4000 x 3000 ${name} through one worker thread; ${IMAGE_RUNS} runs after 1 warm-up run`);
    await pool.stampImage(Buffer.from(source), kind, stamp);
    const [total, checks]: [number[], number[]] = [[], []];
    const loop = await loopDelayDuring(async () => {
      for (let run = 0; run < IMAGE_RUNS; run += 1) {
        // A copy per run: the pool moves the bytes to the worker, as the route's stored copy is moved.
        const bytes = Buffer.from(source);
        let started = performance.now();
        await pool.stampImage(bytes, kind, stamp);
        total.push(performance.now() - started);
        started = performance.now();
        await pool.checkImage(source, kind);
        checks.push(performance.now() - started);
      }
    });
    // Inline: the longest wait of a 1 ms timer while one stamp runs on the main thread (the histogram may not even sample it).
    let [last, inlineGap] = [performance.now(), 0];
    const ticking = setInterval(() => {
      inlineGap = Math.max(inlineGap, performance.now() - last);
      last = performance.now();
    }, 1);
    await stampImage(source, kind, stamp);
    inlineGap = Math.max(inlineGap, performance.now() - last);
    clearInterval(ticking);
    const inline = { max: inlineGap };
    total.sort((a, b) => a - b);
    console.log(
      `pool=${name} p50_ms=${round(percentile(total, 50), 0)} p95_ms=${round(percentile(total, 95), 0)} check_p50_ms=${median(checks)} loop_p50_ms=${round(loop.p50, 1)} loop_p99_ms=${round(loop.p99, 1)} loop_max_ms=${round(loop.max, 1)} inline_loop_max_ms=${round(inline.max, 0)}`,
    );
  } finally {
    await pool.close();
  }
}

if (args.only === undefined || args.only === "pdf") await benchPdf();
if (args.only === undefined || args.only === "images") {
  await benchImage("image/jpeg");
  await benchImage("image/png");
}
if (args.only === undefined || args.only === "pool") {
  await benchPool("image/jpeg");
  await benchPool("image/png");
}
