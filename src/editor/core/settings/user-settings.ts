/**
 * The user's editor settings (GET/PATCH /user-settings): the standard sign size, the recently used signs,
 * the style each kind's next drawing starts with and the look of each kind of water a pipe carries. One store per open editor, shared by the sign tools,
 * the drawing tools and the sign gallery's size field.
 *
 * As the specification says for user settings (core §4, §8): loading is skipped when already loaded or
 * loading; an update is applied at once (optimistically), rolled back when the server refuses it, and the
 * error rethrown; a failed load is logged and leaves the defaults.
 *
 * Where the server has no settings (an older server answering 404), the settings are kept in this
 * browser's localStorage instead, so the gallery and the styles work either way.
 *
 * No React and no fetch here: the I/O comes in through `SettingsIo`, so the rules are unit-tested.
 */
import type { PipeLook, PipeWaterKind } from "@/lib/elements/pipe";
import type { ElementKind } from "@/lib/elements/registry";
import {
  mergeDrawingStyles,
  mergePipeWaterKindLooks,
  pipeWaterKindLook,
  type DrawingStyles,
  type DrawingStylesChange,
  type KindStyle,
  type PipeWaterKindLooks,
  type PipeWaterKindLooksChange,
} from "@/lib/schemas/user-settings";

export interface UserSettings {
  /** Height in metres of a newly placed sign; null: the catalogue's size, or the size follows the zoom. */
  standardSignSize: number | null;
  /** Image URLs of the recently used signs, newest first. */
  recentSigns: string[];
  /** The style each kind's next drawing starts with: the last one the user set. */
  drawingStyles: DrawingStyles;
  /** The colour and dash of each kind of water the user changed; the others keep PIPE_WATER_KIND_DEFAULTS. */
  pipeWaterKinds: PipeWaterKindLooks;
}

/** A change, as PATCH /user-settings takes it: the fields it names; a drawing style per kind, null forgets it. */
export interface UserSettingsChange {
  standardSignSize?: number | null;
  recentSigns?: string[];
  drawingStyles?: DrawingStylesChange;
  /** Per kind of water; null gives it back its default look. */
  pipeWaterKinds?: PipeWaterKindLooksChange;
}

/** The server keeps 24 (MAX_RECENT_SIGNS in src/lib/schemas/signs.ts); so do we. */
export const RECENT_SIGNS_LIMIT = 24;

export const DEFAULT_USER_SETTINGS: UserSettings = { standardSignSize: null, recentSigns: [], drawingStyles: {}, pipeWaterKinds: {} };

/** Where the settings live: the API, with localStorage as the fallback. */
export interface SettingsIo {
  /** The stored settings; null when the server has no settings API (404). Throws on other failures. */
  fetch(): Promise<UserSettings | null>;
  /** Saves fields; answers the settings as stored. Throws on failure. */
  patch(change: UserSettingsChange): Promise<UserSettings>;
  /** What this browser keeps when the server has no settings; null when nothing. */
  readLocal(): Partial<UserSettings> | null;
  writeLocal(settings: UserSettings): void;
}

export type SettingsStatus = "idle" | "loading" | "loaded";

/** A new list with `imageUrl` first, without duplicates, cut to the limit. */
export function withRecentSign(recent: readonly string[], imageUrl: string): string[] {
  return [imageUrl, ...recent.filter((url) => url !== imageUrl)].slice(0, RECENT_SIGNS_LIMIT);
}

/** The settings with a change applied, as the server applies it. */
export function applyChange(settings: UserSettings, change: UserSettingsChange): UserSettings {
  return {
    standardSignSize: change.standardSignSize !== undefined ? change.standardSignSize : settings.standardSignSize,
    recentSigns: change.recentSigns ?? settings.recentSigns,
    drawingStyles: change.drawingStyles ? mergeDrawingStyles(settings.drawingStyles, change.drawingStyles) : settings.drawingStyles,
    pipeWaterKinds: change.pipeWaterKinds
      ? mergePipeWaterKindLooks(settings.pipeWaterKinds, change.pipeWaterKinds)
      : settings.pipeWaterKinds,
  };
}

/**
 * `target` with the parts `change` names taken from `source`, but only those still as `ours` left them:
 * a later optimistic change to the same part must not be overwritten by an earlier one's answer or
 * rollback. Drawing styles and water kinds' looks count per kind, so styling a line and then an arrow
 * are independent.
 */
function takeParts(target: UserSettings, source: UserSettings, ours: UserSettings, change: UserSettingsChange): UserSettings {
  const next = {
    ...target,
    drawingStyles: takeKinds(target.drawingStyles, source.drawingStyles, ours.drawingStyles, change.drawingStyles),
    pipeWaterKinds: takeKinds(target.pipeWaterKinds, source.pipeWaterKinds, ours.pipeWaterKinds, change.pipeWaterKinds),
  };
  if (change.standardSignSize !== undefined && target.standardSignSize === ours.standardSignSize)
    next.standardSignSize = source.standardSignSize;
  if (change.recentSigns !== undefined && target.recentSigns === ours.recentSigns) next.recentSigns = source.recentSigns;
  return next;
}

/** takeParts for one map kept per kind: the kinds `change` names, each only if still as `ours` left it. */
function takeKinds<K extends string, V>(
  target: Partial<Record<K, V>>,
  source: Partial<Record<K, V>>,
  ours: Partial<Record<K, V>>,
  change: Partial<Record<K, V | null>> | undefined,
): Partial<Record<K, V>> {
  const next = { ...target };
  for (const kind of Object.keys(change ?? {}) as K[]) {
    if (target[kind] !== ours[kind]) continue;
    const value = source[kind];
    if (value) next[kind] = value;
    else delete next[kind];
  }
  return next;
}

export class UserSettingsStore {
  private settings: UserSettings = DEFAULT_USER_SETTINGS;
  private status: SettingsStatus = "idle";
  private backend: "server" | "local" = "server";
  private readonly listeners = new Set<() => void>();
  /**
   * Styles set in this editor: they hold for its next drawings even when saving them failed (the saved
   * settings are rolled back, but a style the user just chose does not vanish from under them).
   */
  private readonly sessionStyles: DrawingStyles = {};

  constructor(private readonly io: SettingsIo) {}

  getSettings(): UserSettings {
    return this.settings;
  }

  getStatus(): SettingsStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads once: a second call while loading or after loading does nothing. */
  async load(): Promise<void> {
    if (this.status !== "idle") return;
    this.status = "loading";
    try {
      const stored = await this.io.fetch();
      if (stored) this.set({ ...DEFAULT_USER_SETTINGS, ...stored });
      else {
        this.backend = "local";
        this.set({ ...DEFAULT_USER_SETTINGS, ...this.io.readLocal() });
      }
    } catch (error) {
      console.error("user settings: load failed", error);
    } finally {
      this.status = "loaded";
      this.emit();
    }
  }

  /**
   * The one way settings change: applied at once, then saved; when saving fails the parts it changed are
   * rolled back (unless changed again meanwhile) and the error rethrown for the caller to report.
   */
  async update(change: UserSettingsChange): Promise<void> {
    const before = this.settings;
    const ours = applyChange(before, change);
    this.set(ours);
    if (this.backend === "local") {
      this.io.writeLocal(ours);
      return;
    }
    try {
      const saved = await this.io.patch(change);
      this.set(takeParts(this.settings, { ...DEFAULT_USER_SETTINGS, ...saved }, ours, change));
    } catch (error) {
      this.set(takeParts(this.settings, before, ours, change));
      throw error;
    }
  }

  /** Puts a sign first in the recently used list (see `update`). */
  addRecentSign(imageUrl: string): Promise<void> {
    return this.update({ recentSigns: withRecentSign(this.settings.recentSigns, imageUrl) });
  }

  /** The style the next drawing of a kind starts with: set in this editor, else the saved one. */
  getDrawingStyle(kind: ElementKind): KindStyle {
    return this.sessionStyles[kind] ?? this.settings.drawingStyles[kind] ?? {};
  }

  /**
   * Makes `style` (merged over the kind's current one, or instead of it with `replace`) the next
   * drawing's style, and saves it (see `update`).
   */
  setDrawingStyle(kind: ElementKind, style: KindStyle, options?: { replace?: boolean }): Promise<void> {
    const next = options?.replace ? { ...style } : { ...this.getDrawingStyle(kind), ...style };
    this.sessionStyles[kind] = next;
    return this.update({ drawingStyles: { [kind]: next } });
  }

  /** The colour and dash a new pipe carrying `kind` gets: the user's own, else the default. */
  getPipeWaterKindLook(kind: PipeWaterKind): PipeLook {
    return pipeWaterKindLook(this.settings.pipeWaterKinds, kind);
  }

  /** Sets the look of a kind of water, or null for its default again, and saves it (see `update`). */
  setPipeWaterKindLook(kind: PipeWaterKind, look: PipeLook | null): Promise<void> {
    return this.update({ pipeWaterKinds: { [kind]: look } });
  }

  private set(next: UserSettings): void {
    this.settings = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
