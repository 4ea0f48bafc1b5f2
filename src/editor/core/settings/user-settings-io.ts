"use client";
/**
 * The user settings' calls to the server (GET/PATCH /user-settings), typed by src/lib/schemas/signs.ts
 * as the route handler is, and the localStorage fallback for a server without settings (a 404). Loads
 * never toast (core §8: "Failed loads of … user settings: logged"); a failed update is the caller's to report.
 */
import { api, ApiRequestError } from "@/client/api";
import type { UserSettingsDto } from "@/lib/schemas/signs";
import { pipeWaterKindLooksSchema } from "@/lib/schemas/user-settings";
import type { SettingsIo, UserSettings, UserSettingsChange } from "./user-settings";

/** localStorage key of the settings when the server keeps none. */
const SETTINGS_KEY = "user-settings";
/** Where older versions kept only the recent signs; still read, so they are not lost. */
const RECENT_SIGNS_KEY = "recent-signs";

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as unknown;
  } catch {
    return null; // storage blocked or a broken value
  }
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((url): url is string => typeof url === "string") : undefined;

export const userSettingsIo: SettingsIo = {
  async fetch() {
    try {
      return await api.get<UserSettingsDto>("/user-settings", { toast: false });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  },
  patch: (change: UserSettingsChange) => api.patch<UserSettingsDto>("/user-settings", change, { toast: false }),
  readLocal() {
    const stored = readJson(SETTINGS_KEY);
    if (stored && typeof stored === "object" && !Array.isArray(stored)) {
      const { standardSignSize, recentSigns, drawingStyles, pipeWaterKinds } = stored as Record<string, unknown>;
      const looks = pipeWaterKindLooksSchema.safeParse(pipeWaterKinds);
      return {
        ...(typeof standardSignSize === "number" || standardSignSize === null ? { standardSignSize } : {}),
        ...(strings(recentSigns) ? { recentSigns: strings(recentSigns) } : {}),
        ...(drawingStyles && typeof drawingStyles === "object" ? { drawingStyles: drawingStyles as UserSettings["drawingStyles"] } : {}),
        ...(looks.success ? { pipeWaterKinds: looks.data } : {}),
      };
    }
    const recentSigns = strings(readJson(RECENT_SIGNS_KEY));
    return recentSigns ? { recentSigns } : null;
  },
  writeLocal(settings) {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // storage blocked: the settings live as long as the page
    }
  },
};
