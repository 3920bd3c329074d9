/**
 * Hands a downloaded file to the browser: an object URL on a temporary
 * `<a download>`, clicked, then removed and revoked. The file was fetched
 * with the session's bearer token (src/lib/api-client.ts
 * `callEndpointForBlob`): a plain link could not send it.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Revoked after the click has been handled: the download has started from the URL by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
