import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";

/**
 * pdf.js, loaded only by the viewer page (decision 051): ~400 kB of script
 * and a 1 MB worker that no other page downloads. `isEvalSupported: false`:
 * our CSP has no 'unsafe-eval'.
 */
export async function loadPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
}

/**
 * Draws page `number` into `canvas`, `cssWidth` pixels wide (sharp on
 * high-density screens). The task can be cancelled when the page changes
 * before it finishes.
 */
export async function renderPage(document: PDFDocumentProxy, number: number, canvas: HTMLCanvasElement, cssWidth: number): Promise<RenderTask> {
  const page = await document.getPage(number);
  const natural = page.getViewport({ scale: 1 });
  const ratio = typeof window === "undefined" ? 1 : Math.min(window.devicePixelRatio || 1, 3);
  const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  return page.render({ canvas, viewport });
}
