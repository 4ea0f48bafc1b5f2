/**
 * The export history's API (spec 2-content §7: GET /exports/signplan/{id}): the body of a saved export,
 * its limits, and where a stored file is downloaded. The settings themselves are `exportSettingsSchema`
 * (./export.ts). Error messages are keys under `validation`.
 */
import * as z from "zod";
import { exportSettingsSchema, type ExportFormat } from "./export";
import { rowIdSchema } from "./project";

/**
 * Largest exported file the server keeps, in bytes. An A0 page at 300 dpi with an orthophoto under it
 * comes to 60–100 MB as PDF; 150 MB leaves room without letting one upload fill the disk.
 */
export const MAX_EXPORT_BYTES = 150 * 1024 * 1024;

/**
 * Exports kept per plan: the newest this many, older ones (and their files) are removed when a new one
 * is saved. A plan is typically exported a few times per phase; 50 is months of work.
 */
export const EXPORT_HISTORY_LIMIT = 50;

/**
 * Bytes of stored exports per account, counted over the plans of the projects it owns (whoever saved
 * them: a colleague's export of a shared project counts for its owner). README "Uploaded files" says why.
 */
export const EXPORT_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;

/** Largest JPG export kept, in pixels: an A0 page at 300 dpi is 140 megapixels. */
export const MAX_EXPORT_JPG_PIXELS = 200_000_000;

/** Longest stored file name (the name the download is saved under). */
export const EXPORT_FILE_NAME_MAX = 150;

/** The settings field as text: JSON is at most a few kilobytes; anything longer is not settings. */
const SETTINGS_TEXT_MAX = 64 * 1024;

/** The stored type and extension of each export format; the file's bytes must match (checked on upload). */
export const EXPORT_FILE_TYPES: Readonly<Record<ExportFormat, { contentType: string; extension: string }>> = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  jpg: { contentType: "image/jpeg", extension: "jpg" },
};

/**
 * POST /exports/signplan/{id}, multipart: `settings` (JSON text of ExportSettings) beside `file` (the
 * PDF or JPG, whose part name is the file name it is downloaded under again).
 */
export const saveExportBodySchema = z.object({
  settings: z
    .string({ error: "exportSettingsInvalid" })
    .max(SETTINGS_TEXT_MAX, { error: "exportSettingsInvalid" })
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "exportSettingsInvalid" });
        return z.NEVER;
      }
    })
    .pipe(exportSettingsSchema),
});
export type SaveExportBody = z.output<typeof saveExportBodySchema>;

/** The route parameter of GET /exports/{exportId}/file. */
export const exportIdParamSchema = z.object({ exportId: rowIdSchema });

/** Where an export's file is downloaded (with the bearer token): GET /api/exports/{exportId}/file. */
export const exportFileUrl = (exportId: number) => `/api/exports/${exportId}/file`;
