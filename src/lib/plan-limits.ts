/**
 * The plan API's limits (core §7, Signplans), apart from its zod schemas (./schemas/signplan.ts, which
 * re-exports them): the editor checks a plan file against the content limit without loading every
 * schema of the plan API.
 */

/** Largest plan document accepted, in bytes of JSON. */
export const MAX_PLAN_CONTENT_BYTES = 20 * 1024 * 1024;
/** Largest background image or PDF. */
export const MAX_BACKGROUND_BYTES = 50 * 1024 * 1024;
/**
 * Largest area a background image is drawn at: 16,777,216 px is iOS Safari's canvas limit (beyond it the
 * canvas silently stays blank) and 64 MB of pixels. The server stores larger images scaled down to it, so
 * no viewer has to decode more; the editor scales a larger file (one stored before) down as it decodes.
 */
export const MAX_BACKGROUND_AREA_PX = 4096 * 4096;
/**
 * Largest background image accepted, in pixels: 100 megapixels takes an A1 sheet scanned at 300 dpi
 * (70 MP) or an A3 one at 600 dpi, and bounds what the server decodes to scale it down (a 20,000 ×
 * 20,000 PNG of a few hundred KB would be 1.6 GB of pixels).
 */
export const MAX_BACKGROUND_PIXELS = 100_000_000;
/**
 * Most pages a background PDF may have. Only the first is shown and kept, but the whole file is parsed:
 * a drawing set has a handful of sheets, and a file of hundreds of pages is most likely the wrong one.
 */
export const MAX_BACKGROUND_PDF_PAGES = 100;
/**
 * Most objects (numbered PDF objects) a background PDF may hold. Reading, copying and cleaning the first
 * page take time in proportion to them, on the server's one thread: a drawing set of a hundred sheets has
 * some tens of thousands, and a file built to hold hundreds of thousands of empty ones only costs time.
 */
export const MAX_BACKGROUND_PDF_OBJECTS = 100_000;
/**
 * Longest side of a background PDF's page, in points (1/72 inch): 14,400 pt (200 inches, 5.08 m) is the
 * page size limit of Acrobat and of PDF 1.6's implementation limits; A0 is 3,370 pt, so every plotter
 * sheet fits, and a page beyond it is no drawing anyone printed.
 */
export const MAX_BACKGROUND_PDF_SIDE_PT = 14_400;
export const PAPER_SIZES = ["A4", "A3", "A2", "A1", "A0"] as const;
/** Days a deleted plan or project stays in the trash before it is purged. */
export const TRASH_RETENTION_DAYS = 30;
