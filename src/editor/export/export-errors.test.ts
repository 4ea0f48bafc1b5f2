import { describe, expect, it } from "vitest";
import { ExportResizedError, exportErrorKey } from "./export-errors";

describe("the export's error messages", () => {
  it("tells a resize, a cancel and the known failures apart", () => {
    expect(exportErrorKey(new ExportResizedError(), "pdf")).toBe("resized");
    expect(exportErrorKey(new DOMException("Aborted", "AbortError"), "jpg")).toBe("cancelled");
    expect(exportErrorKey(new Error("canvasContext"), "pdf")).toBe("canvasContext");
    expect(exportErrorKey(new Error("logo"), "jpg")).toBe("loadingImage");
  });

  it("names a failed encoding and any other failure by the format being made", () => {
    expect(exportErrorKey(new Error("canvasEncode"), "pdf")).toBe("pdfConversion");
    expect(exportErrorKey(new Error("canvasEncode"), "jpg")).toBe("downloadingJpg");
    expect(exportErrorKey(new Error("something else"), "pdf")).toBe("generatingPdf");
    expect(exportErrorKey("not an error", "jpg")).toBe("downloadingJpg");
  });
});
