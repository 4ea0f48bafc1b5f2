/**
 * The user's sign settings in the editor: the standard sign size and the recently used signs
 * (GET/PATCH /user-settings). As the specification says for user settings (core §4, §8): loading is
 * skipped when already loaded or loading; an update is applied at once (optimistically), rolled back
 * when the server refuses it, and the error rethrown; a failed load is logged and leaves the defaults.
 *
 * Where the server has no settings (an older server answering 404), the recent signs are kept in this
 * browser's localStorage instead, so the gallery works either way.
 *
 * No React and no fetch here: the I/O comes in through `SettingsIo`, so the rules are unit-tested.
 */

export interface SignUserSettings {
  /** Height in metres of a newly placed sign; null: the catalogue's size, or the size follows the zoom. */
  standardSignSize: number | null;
  /** Image URLs of the recently used signs, newest first. */
  recentSigns: string[];
}

/** The server keeps 24 (MAX_RECENT_SIGNS in src/lib/schemas/signs.ts); so do we. */
export const RECENT_SIGNS_LIMIT = 24;

export const DEFAULT_SIGN_SETTINGS: SignUserSettings = { standardSignSize: null, recentSigns: [] };

/** Where the settings live: the API, with localStorage as the fallback. */
export interface SettingsIo {
  /** The stored settings; null when the server has no settings API (404). Throws on other failures. */
  fetch(): Promise<SignUserSettings | null>;
  /** Saves fields; answers the settings as stored. Throws on failure. */
  patch(change: Partial<SignUserSettings>): Promise<SignUserSettings>;
  readLocal(): string[] | null;
  writeLocal(recentSigns: string[]): void;
}

export type SettingsStatus = "idle" | "loading" | "loaded";

/** A new list with `imageUrl` first, without duplicates, cut to the limit. */
export function withRecentSign(recent: readonly string[], imageUrl: string): string[] {
  return [imageUrl, ...recent.filter((url) => url !== imageUrl)].slice(0, RECENT_SIGNS_LIMIT);
}

export class SignSettingsStore {
  private settings: SignUserSettings = DEFAULT_SIGN_SETTINGS;
  private status: SettingsStatus = "idle";
  private backend: "server" | "local" = "server";
  private readonly listeners = new Set<() => void>();

  constructor(private readonly io: SettingsIo) {}

  getSettings(): SignUserSettings {
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
      if (stored) this.set(stored);
      else {
        this.backend = "local";
        this.set({ ...this.settings, recentSigns: this.io.readLocal() ?? [] });
      }
    } catch (error) {
      console.error("sign settings: load failed", error);
    } finally {
      this.status = "loaded";
      this.emit();
    }
  }

  /** Puts a sign first in the recently used list, at once; rolled back (and rethrown) when saving fails. */
  async addRecentSign(imageUrl: string): Promise<void> {
    const before = this.settings;
    const recentSigns = withRecentSign(before.recentSigns, imageUrl);
    this.set({ ...before, recentSigns });
    if (this.backend === "local") {
      this.io.writeLocal(recentSigns);
      return;
    }
    try {
      const saved = await this.io.patch({ recentSigns });
      // Only if nothing newer happened meanwhile: a later optimistic change must not be overwritten.
      if (this.settings.recentSigns === recentSigns) this.set(saved);
    } catch (error) {
      if (this.settings.recentSigns === recentSigns) this.set(before);
      throw error;
    }
  }

  private set(next: SignUserSettings): void {
    this.settings = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
