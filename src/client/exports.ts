"use client";
/**
 * A plan's export history (spec 2-content §7: GET /exports/signplan/{id}): list, keep a new export's
 * file with its settings, and fetch a kept file again. Files are multipart and binary, so these use
 * fetch with the user's token as the API client does.
 */
import { api, ApiRequestError, NETWORK_ERROR } from "@/client/api";
import { readToken } from "@/client/session";
import type { ExportDto, ExportSettings } from "@/lib/schemas/export";

function authHeaders(): Headers {
  const headers = new Headers();
  const token = readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return headers;
}

async function failure(res: Response): Promise<ApiRequestError> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return new ApiRequestError(res.status, typeof body?.message === "string" ? body.message : "", "", body);
}

export function listExports(planId: number): Promise<ExportDto[]> {
  return api.get<ExportDto[]>(`/api/exports/signplan/${planId}`);
}

export async function saveExport(planId: number, settings: ExportSettings, file: Blob, fileName: string): Promise<ExportDto> {
  const form = new FormData();
  form.set("settings", JSON.stringify(settings));
  form.set("file", file, fileName);
  let res: Response;
  try {
    res = await fetch(`/api/exports/signplan/${planId}`, {
      method: "POST",
      body: form,
      headers: authHeaders(),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiRequestError(0, "", NETWORK_ERROR, null);
  }
  if (!res.ok) throw await failure(res);
  return (await res.json()) as ExportDto;
}

/** The kept file of an export. */
export async function fetchExportFile(exported: ExportDto): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(exported.fileUrl, { headers: authHeaders(), credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(0, "", NETWORK_ERROR, null);
  }
  if (!res.ok) throw await failure(res);
  return res.blob();
}
