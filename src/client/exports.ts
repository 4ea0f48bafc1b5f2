"use client";
/**
 * The export history's calls (spec 2-content §7: GET /exports/signplan/{id}), typed, on top of the one
 * API client: the export dialog lists a plan's earlier exports (each with the settings to make it again),
 * saves each new export with its settings, and downloads a stored file again.
 */
import { api, type ApiCallOptions } from "@/client/api";
import { fetchApiFile, type FetchApiFileOptions } from "@/client/api-file";
import { saveBlobAs } from "@/client/save-file";
import type { ExportDto, ExportSettings } from "@/lib/schemas/export";
import { exportFileUrl } from "@/lib/schemas/export-history";

export { exportFileUrl };

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal" | "sharedHandling">;

/** The plan's exports, newest first. */
export function listExports(planId: number, options?: Options): Promise<ExportDto[]> {
  return api.get<ExportDto[]>(`/exports/signplan/${planId}`, { ...options, accept: Array.isArray });
}

/**
 * Stores an export the browser made: `file` is the PDF or JPG (its bytes must be what `settings.format`
 * says), `fileName` the name it is downloaded under again. The server keeps a plan's newest
 * EXPORT_HISTORY_LIMIT exports and refuses files over MAX_EXPORT_BYTES with a 413.
 */
export function saveExport(planId: number, settings: ExportSettings, file: Blob, fileName: string, options?: Options): Promise<ExportDto> {
  const form = new FormData();
  form.set("settings", JSON.stringify(settings));
  form.set("file", file, fileName);
  return api.post<ExportDto>(`/exports/signplan/${planId}`, form, options);
}

/** A stored export's file (GET {@link exportFileUrl}), e.g. to show a JPG again. */
export function fetchExportFile(exportDto: Pick<ExportDto, "fileUrl">, options?: FetchApiFileOptions): Promise<Blob> {
  return fetchApiFile(exportDto.fileUrl, options);
}

/**
 * Downloads a stored export again under its file name. The file needs the bearer token, so it is fetched
 * and handed to the browser's download rather than opened by a link.
 */
export async function downloadExport(exportDto: Pick<ExportDto, "fileUrl" | "fileName">, options?: FetchApiFileOptions): Promise<void> {
  saveBlobAs(await fetchExportFile(exportDto, options), exportDto.fileName);
}
