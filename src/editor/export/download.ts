/** Long enough for any browser to have started the download before the blob URL is released. */
const REVOKE_AFTER_MS = 60_000;

/** Saves a file the browser made (a PDF, a workbook) under `fileName`, through a blob: URL and a download link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
