"use client";
/** The version history calls (src/lib/schemas/signplan-versions.ts) on top of the one API client. */
import { api } from "@/client/api";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SignplanVersionDto, SignplanVersionsDto } from "@/lib/schemas/signplan-versions";

export function listVersions(planId: number, signal?: AbortSignal): Promise<SignplanVersionsDto> {
  return api.get<SignplanVersionsDto>(`/signplan/${planId}/versions`, { toast: false, signal });
}

export function getVersion(planId: number, version: number, signal?: AbortSignal): Promise<SignplanVersionDto> {
  return api.get<SignplanVersionDto>(`/signplan/${planId}/versions/${version}`, { toast: false, signal });
}

/** Makes `version`'s content the plan's next version; `current` is the version the editor has (409 when stale). */
export function restoreVersion(planId: number, version: number, current: number): Promise<SignplanSummaryDto> {
  return api.post<SignplanSummaryDto>(`/signplan/${planId}/versions/${version}/restore`, { version: current }, { toast: false });
}
