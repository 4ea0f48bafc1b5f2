/**
 * What an exported file says about itself (issue 29): the PDF's texts in an embedded font on every page,
 * PDF/A-2b when asked for, read back with Poppler and pdf-lib. (The JPG's stated resolution is checked
 * in export.spec.ts's JPG export, which already makes one; the sign list's fonts in sign-lists.spec.ts.)
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { test, expect } from "./fixtures";
import { editorUser, newPlan, openEditor, putContent } from "./editor-support";
import { openExportPanel, pdfFonts, pdfPageSize, pdfText, saveDownload } from "./export-support";
import type { Position } from "@/lib/elements/common";

test("a PDF export sets every text in its embedded font and is PDF/A-2b when asked, which the history keeps", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const user = await editorUser(browser, "skilteplanen");
  const planId = await newPlan(user, "Æblevej – Øster Åby");
  const centre: Position = [10.38551, 55.40178];
  await putContent(user, planId, (content) => ({
    ...content,
    signs: [
      { id: "s1", imageUrl: "/signs/dk/A/A11.webp", position: [10.3853, 55.4018], rotation: 0 },
      // A speed limit: its value is text inside the sign's own SVG, in the sign's font stack.
      { id: "s2", imageUrl: "/signs/dk/C/C55.webp", position: [10.3857, 55.4018], rotation: 0, text: "30" },
    ],
    barriers: [
      {
        id: "b1",
        coordinates: [
          [10.3852, 55.4017],
          [10.3858, 55.4017],
        ],
        colour: "#ff0000",
      },
    ],
    mapView: { ...content.mapView, center: centre, zoom: 18 },
  }));
  await openEditor(page, user, planId, 18);
  await openExportPanel(page);
  await page.getByTestId("export-project-name").fill("Gravning på Östra Ågatan, 2 m² ved 45°");
  await page.getByTestId("export-sign-inventory").check();
  await page.getByTestId("export-pdf-a").check();
  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByTestId("export-submit").click();
  const pdf = await saveDownload(await downloading);

  // Fonts: the plan page and the sign inventory page, every text embedded as a subset of Liberation Sans.
  expect(pdfPageSize(pdf).pages).toBe(2);
  const fonts = pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThanOrEqual(2);
  for (const font of fonts)
    expect(font).toEqual({ name: expect.stringMatching(/^[A-Z]{6}\+LiberationSans(-Bold)?$/), embedded: true, subset: true });
  expect(new Set(fonts.map((font) => font.name.slice(7)))).toEqual(new Set(["LiberationSans", "LiberationSans-Bold"]));
  // The letters read back as written (the embedded font maps its glyphs to Unicode).
  const text = pdfText(pdf).replace(/\s+/g, " ");
  for (const expected of ["Æblevej – Øster Åby", "Gravning på Östra Ågatan, 2 m² ved 45°", "Skilteoversigt", "C 55"])
    expect(text).toContain(expected);

  // PDF/A-2b: the XMP names part and level; an sRGB output intent; a file ID.
  const meta = execFileSync("pdfinfo", ["-meta", pdf]).toString("utf8");
  expect(meta).toContain("<pdfaid:part>2</pdfaid:part>");
  expect(meta).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
  expect(meta).toContain("Æblevej – Øster Åby");
  const doc = await PDFDocument.load(readFileSync(pdf), { updateMetadata: false });
  const intent = doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray).lookup(0, PDFDict);
  expect(intent.get(PDFName.of("S"))?.toString()).toBe("/GTS_PDFA1");
  expect(intent.lookup(PDFName.of("DestOutputProfile"), PDFStream).dict.get(PDFName.of("N"))?.toString()).toBe("3");
  expect(doc.context.trailerInfo.ID).toBeInstanceOf(PDFArray);
  expect(doc.getTitle()).toBe("Æblevej – Øster Åby");

  // The server kept it (its check reads pdf-lib's output as it reads jsPDF's), and its settings bring PDF/A back.
  await page.getByTestId("export-tab-history").click();
  await expect(page.getByTestId("export-history-item")).toHaveCount(1);
  await page.getByTestId("export-history-use").click();
  await expect(page.getByTestId("export-pdf-a")).toBeChecked();
});
