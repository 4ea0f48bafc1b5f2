/** Which message of the export's error catalogue (spec 2-content §8) an error from the export means. */
export type ExportErrorKey =
  "loadingImage" | "generatingPdf" | "downloadingJpg" | "canvasContext" | "pdfConversion" | "resized" | "cancelled";

/** Thrown into the export's signal when the window is resized during it (spec 2-content §4). */
export class ExportResizedError extends Error {
  constructor() {
    super("resized");
    this.name = "ExportResizedError";
  }
}

export function exportErrorKey(error: unknown, format: "pdf" | "jpg"): ExportErrorKey {
  if (error instanceof ExportResizedError) return "resized";
  if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
  const message = error instanceof Error ? error.message : "";
  if (message === "canvasContext") return "canvasContext";
  if (message === "canvasEncode") return format === "pdf" ? "pdfConversion" : "downloadingJpg";
  if (message === "logo") return "loadingImage";
  return format === "pdf" ? "generatingPdf" : "downloadingJpg";
}
