/** Long enough for any browser to have started the download before the blob URL is released. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a file the browser holds or made (a plan file, a PDF, a workbook, a kept export) under
 * `fileName`, as a click on a download link would: through a blob: URL released once the download has
 * surely started.
 */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadFrom(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Starts the browser's own download of `url` (same origin, or a blob:) under `fileName`. */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}
