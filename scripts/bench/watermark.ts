// npm run bench:watermark [-- --runs 30 --pages 50]
//
// The data-room watermark's cost (issue 31: stamping a 50-page, 5 MB PDF
// takes <= 500 ms p95 on this machine; docs/decisions/048-data-room-watermark.md).
// Builds a PDF of `pages` pages, each with its own incompressible image
// (random grey pixels, so the file is really ~5 MB and every page's bytes
// go through the parser) and a line of text, then stamps it `runs` times
// with server/data-room/watermark.ts's stampPdf, in this process, after 3
// warm-up runs. Ends with one line:
//   p50_ms=<n> p95_ms=<n> size_mb=<n> pages=<n> stamped_size_mb=<n>
// Not part of `npm test` (not a timed test); figures in docs/performance/watermark.md.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, StandardFonts } from "pdf-lib";
import { stampPdf, type WatermarkStamp } from "../../server/data-room/watermark.ts";
import { log, percentile, round } from "./support.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    pages: { type: "string", default: "50" },
  },
});
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
