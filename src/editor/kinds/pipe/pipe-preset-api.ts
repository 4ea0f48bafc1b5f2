"use client";
/**
 * The pipe presets' calls (GET/POST /pipe-presets, PUT/DELETE /pipe-presets/{id}), typed by
 * src/lib/schemas/pipe-presets.ts as the route handlers are. None toasts by itself: the caller shows the
 * specification's message for what failed (spec 2-content §8, "Pipe presets": editorPipes.errors.fetch,
 * save, delete) through errorMessage(error, fallback), which prefers the server's own for a refusal
 * (a name already in use, the limit, a value out of range).
 */
import { api } from "@/client/api";
import type { PipePresetDto, PipePresetInput } from "@/lib/schemas/pipe-presets";

/** The user's presets, sorted by name as the site's language sorts. */
export const listPipePresets = () => api.get<PipePresetDto[]>("/pipe-presets", { toast: false });

/** Saves a new preset (no id) or replaces the preset `id` whole; answers the preset as stored. */
export const savePipePreset = (body: PipePresetInput, id?: string) =>
  id === undefined
    ? api.post<PipePresetDto>("/pipe-presets", body, { toast: false })
    : api.put<PipePresetDto>(`/pipe-presets/${encodeURIComponent(id)}`, body, { toast: false });

/** Deletes the preset; pipes drawn with it keep their style. */
export const deletePipePreset = (id: string) => api.delete<null>(`/pipe-presets/${encodeURIComponent(id)}`, undefined, { toast: false });
