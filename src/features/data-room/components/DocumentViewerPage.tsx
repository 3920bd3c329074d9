import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useParams } from "wouter";
import type { OpenedFile } from "../../../../contracts/data-room.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Link } from "../../../components/ui/Link.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { userMessageOf } from "../../../lib/api-client.ts";
import { toastApiError } from "../../../lib/toast.ts";
import { useDownloadDataRoomFile } from "../api/download-file.ts";
import { useOpenedFile } from "../api/open-file.ts";
import { loadPdf, renderPage } from "../reading/pdf-document.ts";
import { useReadingReports } from "../reading/useReadingReports.ts";
import { VIEWER_TEXT } from "./viewer-text.ts";
import * as styles from "./DocumentViewerPage.css.ts";

const ID = /^[1-9]\d{0,9}$/;

/**
 * A signed URL's path on this origin: the bytes are fetched from the page's
 * own origin (CSP connect-src 'self'), whatever public address the server
 * writes into its links.
 */
const sameOriginPath = (url: string): string => {
  const parsed = new URL(url, window.location.href);
  return `${parsed.pathname}${parsed.search}`;
};

type Loaded = { readonly kind: "loading" } | { readonly kind: "pdf"; readonly document: PDFDocumentProxy } | { readonly kind: "failed"; readonly message: string };

/** The opened file's PDF, fetched and parsed once per open. */
function usePdf(opened: OpenedFile | undefined): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const url = opened?.content_type === "application/pdf" ? opened.url : null;
  useEffect(() => {
    if (url === null) return;
    let cancelled = false;
    let document: PDFDocumentProxy | null = null;
    setLoaded({ kind: "loading" });
    (async () => {
      const response = await fetch(sameOriginPath(url), { credentials: "same-origin" });
      // The link's refusals are pages for a browser tab; here they come down to one sentence per status.
      if (!response.ok) throw new Error(VIEWER_TEXT.failedStatus(response.status));
      document = await loadPdf(await response.arrayBuffer());
      if (cancelled) await document.destroy();
      else setLoaded({ kind: "pdf", document });
    })().catch((error: unknown) => {
      if (!cancelled) setLoaded({ kind: "failed", message: error instanceof Error && error.message !== "" ? error.message : VIEWER_TEXT.failed });
    });
    return () => {
      cancelled = true;
      void document?.destroy();
    };
  }, [url]);
  return loaded;
}

/** Draws the page into a canvas as wide as its sheet, again when the sheet's width changes. */
function PdfPage({ document, page, label }: { readonly document: PDFDocumentProxy; readonly page: number; readonly label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (box === null) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null || width === 0) return;
    let task: { cancel: () => void } | null = null;
    let cancelled = false;
    renderPage(document, page, canvas, width)
      .then((started) => {
        task = started;
        if (cancelled) started.cancel();
        return started.promise;
      })
      .catch(() => undefined); // A cancelled render (the page changed) is not an error.
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page, width]);
  return (
    <div ref={boxRef} style={{ width: "100%" }}>
      <canvas ref={canvasRef} className={styles.canvas} role="img" aria-label={label} />
    </div>
  );
}

/**
 * The data room's viewer (decision 051): a shared document read in Puente,
 * page by page, for an approved buyer (their watermark on every page), the
 * owner and admins. A buyer's reading is reported to the seller; the notice
 * says so. Download, when the owner allows it, is a separate logged action.
 */
export default function DocumentViewerPage() {
  const params = useParams<{ id: string; fileId: string }>();
  const valid = ID.test(params.id) && ID.test(params.fileId);
  const companyId = valid ? Number(params.id) : 0;
  const fileId = valid ? Number(params.fileId) : 0;
  const profile = `/perfil-de-negocio/${params.id}`;
  const opened = useOpenedFile(companyId, fileId, valid);
  const pdf = usePdf(opened.data);
  const [page, setPage] = useState(1);
  const isImage = opened.data !== undefined && opened.data.content_type !== "application/pdf";
  const pageCount = pdf.kind === "pdf" ? pdf.document.numPages : isImage ? 1 : null;
  const shownPage = pageCount === null ? null : Math.min(page, pageCount);
  useReadingReports(opened.data?.reading ?? null, shownPage);
  const download = useDownloadDataRoomFile();

  if (!valid) {
    return (
      <div className={styles.page}>
        <p className={styles.error}>{VIEWER_TEXT.notFound}</p>
        <Link href="/compra-una-empresa">Explorar empresas</Link>
      </div>
    );
  }

  const back = <Link href={profile}>{VIEWER_TEXT.back}</Link>;

  if (opened.isPending) {
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.loading}>
          <Spinner size="large" label={VIEWER_TEXT.loading} />
        </div>
      </div>
    );
  }
  if (opened.isError) {
    return (
      <div className={styles.page}>
        {back}
        <p className={styles.error} role="alert">
          {userMessageOf(opened.error)}
        </p>
      </div>
    );
  }

  const file = opened.data;
  const go = (next: number) => {
    if (pageCount === null) return;
    setPage(Math.max(1, Math.min(pageCount, next)));
  };
  const onSheetKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight" || event.key === "PageDown") go((shownPage ?? 1) + 1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") go((shownPage ?? 1) - 1);
    else if (event.key === "Home") go(1);
    else if (event.key === "End" && pageCount !== null) go(pageCount);
    else return;
    event.preventDefault();
  };
  const startDownload = () =>
    download.mutate(
      { companyId, fileId },
      {
        // An attachment: the browser saves it and the viewer stays.
        onSuccess: ({ url }) => window.location.assign(sameOriginPath(url)),
        onError: toastApiError,
      },
    );

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        {back}
        <h1 className={styles.title}>{file.filename}</h1>
      </div>
      <p className={styles.notice}>{file.reading === null ? VIEWER_TEXT.managerNotice : VIEWER_TEXT.buyerNotice}</p>
      <div className={styles.toolbar} role="toolbar" aria-label={VIEWER_TEXT.toolbar}>
        {isImage ? null : (
          <>
            <Button variant="secondary" isDisabled={shownPage === null || shownPage <= 1} onPress={() => go((shownPage ?? 1) - 1)}>
              {VIEWER_TEXT.previous}
            </Button>
            <p className={styles.pageCount} aria-live="polite">
              {shownPage === null || pageCount === null ? VIEWER_TEXT.loading : VIEWER_TEXT.pageOf(shownPage, pageCount)}
            </p>
            <Button variant="secondary" isDisabled={shownPage === null || pageCount === null || shownPage >= pageCount} onPress={() => go((shownPage ?? 1) + 1)}>
              {VIEWER_TEXT.next}
            </Button>
          </>
        )}
        <span className={styles.spacer} />
        {file.download_allowed ? (
          <Button variant="secondary" isPending={download.isPending} onPress={startDownload}>
            {VIEWER_TEXT.download}
          </Button>
        ) : (
          <span className={styles.pageCount}>{VIEWER_TEXT.noDownload}</span>
        )}
      </div>
      {isImage ? (
        <div className={styles.sheet}>
          <img className={styles.image} src={sameOriginPath(file.url)} alt={VIEWER_TEXT.imageLabel(file.filename)} />
        </div>
      ) : pdf.kind === "failed" ? (
        <p className={styles.error} role="alert">
          {pdf.message}
        </p>
      ) : pdf.kind === "loading" || shownPage === null || pageCount === null ? (
        <div className={styles.loading}>
          <Spinner size="large" label={VIEWER_TEXT.loading} />
        </div>
      ) : (
        // The sheet takes the arrow keys: one keyboard path through the pages besides the buttons.
        <div className={styles.sheet} role="region" tabIndex={0} aria-label={VIEWER_TEXT.sheetLabel} onKeyDown={onSheetKey}>
          <PdfPage document={pdf.document} page={shownPage} label={VIEWER_TEXT.pageLabel(shownPage, pageCount, file.filename)} />
        </div>
      )}
    </div>
  );
}
