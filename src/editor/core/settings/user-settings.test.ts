import { describe, expect, it, vi } from "vitest";
import { PIPE_WATER_KIND_DEFAULTS } from "@/lib/elements/pipe";
import {
  DEFAULT_USER_SETTINGS,
  RECENT_SIGNS_LIMIT,
  UserSettingsStore,
  applyChange,
  withRecentSign,
  type SettingsIo,
  type UserSettings,
  type UserSettingsChange,
} from "./user-settings";

type FakeIo = SettingsIo & { local: Partial<UserSettings> | null; server: UserSettings };

/** A server that applies each change as the real one does (per field; drawing styles per kind). */
function io(overrides: Partial<SettingsIo> = {}): FakeIo {
  const fake: FakeIo = {
    local: null,
    server: {
      standardSignSize: 1,
      recentSigns: ["/a.webp"],
      drawingStyles: { line: { colour: "#111111", width: 2 } },
      pipeWaterKinds: { regnvand: { colour: "#00aa00", dashPattern: "long" } },
    },
    fetch: vi.fn(async (): Promise<UserSettings | null> => fake.server),
    patch: vi.fn(async (change: UserSettingsChange) => (fake.server = applyChange(fake.server, change))),
    readLocal: (): Partial<UserSettings> | null => fake.local,
    writeLocal: (settings: UserSettings) => {
      fake.local = settings;
    },
    ...overrides,
  };
  return fake;
}

/** A patch that waits until the test settles it. */
function deferredPatch() {
  const calls: { change: UserSettingsChange; resolve: (s: UserSettings) => void; reject: (e: unknown) => void }[] = [];
  const patch = vi.fn(
    (change: UserSettingsChange) => new Promise<UserSettings>((resolve, reject) => calls.push({ change, resolve, reject })),
  );
  return { patch, calls };
}

describe("withRecentSign", () => {
  it("puts the sign first, once, and keeps at most the limit", () => {
    expect(withRecentSign(["/a", "/b", "/c"], "/b")).toEqual(["/b", "/a", "/c"]);
    const full = Array.from({ length: RECENT_SIGNS_LIMIT }, (_, i) => `/s${i}`);
    const next = withRecentSign(full, "/new");
    expect(next).toHaveLength(RECENT_SIGNS_LIMIT);
    expect(next[0]).toBe("/new");
    expect(next).not.toContain(`/s${RECENT_SIGNS_LIMIT - 1}`);
  });
});

describe("UserSettingsStore", () => {
  it("loads once, however often it is asked", async () => {
    const fake = io();
    const store = new UserSettingsStore(fake);
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    expect(store.getSettings()).toEqual(fake.server);
    expect(store.getStatus()).toBe("loaded");
  });

  it("shows a recent sign at once and keeps the server's answer", async () => {
    const fake = io();
    const store = new UserSettingsStore(fake);
    await store.load();
    const saving = store.addRecentSign("/b.webp");
    expect(store.getSettings().recentSigns).toEqual(["/b.webp", "/a.webp"]);
    await saving;
    expect(fake.patch).toHaveBeenCalledWith({ recentSigns: ["/b.webp", "/a.webp"] });
    expect(store.getSettings().recentSigns).toEqual(["/b.webp", "/a.webp"]);
  });

  it("rolls back and rethrows when the server refuses the update", async () => {
    const failure = new Error("refused");
    const fake = io({ patch: vi.fn(async () => Promise.reject(failure)) });
    const store = new UserSettingsStore(fake);
    await store.load();
    const seen: string[][] = [];
    store.subscribe(() => seen.push(store.getSettings().recentSigns));
    await expect(store.addRecentSign("/b.webp")).rejects.toBe(failure);
    expect(store.getSettings().recentSigns).toEqual(["/a.webp"]);
    expect(seen).toEqual([["/b.webp", "/a.webp"], ["/a.webp"]]);
  });

  it("shows a new standard size at once, and the old one again when saving fails", async () => {
    const { patch, calls } = deferredPatch();
    const store = new UserSettingsStore(io({ patch }));
    await store.load();
    const saving = store.update({ standardSignSize: 2.5 });
    expect(store.getSettings().standardSignSize).toBe(2.5);
    calls[0]!.reject(new Error("offline"));
    await expect(saving).rejects.toThrow("offline");
    expect(store.getSettings().standardSignSize).toBe(1);
    // Emptied: the size follows the zoom again.
    const clearing = store.update({ standardSignSize: null });
    expect(store.getSettings().standardSignSize).toBeNull();
    calls[1]!.resolve({ ...DEFAULT_USER_SETTINGS, standardSignSize: null });
    await clearing;
    expect(patch).toHaveBeenLastCalledWith({ standardSignSize: null });
    expect(store.getSettings().standardSignSize).toBeNull();
  });

  it("does not roll back a later change when an earlier one fails", async () => {
    const { patch, calls } = deferredPatch();
    const store = new UserSettingsStore(io({ patch }));
    await store.load();
    const first = store.update({ standardSignSize: 2 });
    const second = store.update({ standardSignSize: 3 });
    calls[0]!.reject(new Error("refused"));
    await expect(first).rejects.toThrow();
    expect(store.getSettings().standardSignSize).toBe(3);
    calls[1]!.resolve({ ...DEFAULT_USER_SETTINGS, standardSignSize: 3 });
    await second;
    expect(store.getSettings().standardSignSize).toBe(3);
  });

  it("rolls back only the kind whose style failed, not another kind styled meanwhile", async () => {
    const { patch, calls } = deferredPatch();
    const store = new UserSettingsStore(io({ patch }));
    await store.load();
    const line = store.update({ drawingStyles: { line: { colour: "#ff0000", width: 3 } } });
    const arrow = store.update({ drawingStyles: { arrow: { colour: "#0000ff", width: 1 } } });
    calls[0]!.reject(new Error("refused"));
    await expect(line).rejects.toThrow();
    expect(store.getSettings().drawingStyles).toEqual({ line: { colour: "#111111", width: 2 }, arrow: { colour: "#0000ff", width: 1 } });
    calls[1]!.resolve({
      ...DEFAULT_USER_SETTINGS,
      drawingStyles: { line: { colour: "#111111", width: 2 }, arrow: { colour: "#0000ff", width: 1 } },
    });
    await arrow;
    expect(calls.map((c) => c.change)).toEqual([
      { drawingStyles: { line: { colour: "#ff0000", width: 3 } } },
      { drawingStyles: { arrow: { colour: "#0000ff", width: 1 } } },
    ]);
  });

  it("keeps the settings in this browser when the server has no settings", async () => {
    const fake = io({ fetch: vi.fn(async () => null) });
    fake.local = { recentSigns: ["/x.webp"] };
    const store = new UserSettingsStore(fake);
    await store.load();
    expect(store.getSettings()).toEqual({ standardSignSize: null, recentSigns: ["/x.webp"], drawingStyles: {}, pipeWaterKinds: {} });
    await store.addRecentSign("/y.webp");
    await store.update({ standardSignSize: 4 });
    await store.setDrawingStyle("line", { width: 7 });
    await store.setPipeWaterKindLook("draen", { colour: "#654321", dashPattern: "long-short" });
    expect(fake.local).toEqual({
      standardSignSize: 4,
      recentSigns: ["/y.webp", "/x.webp"],
      drawingStyles: { line: { width: 7 } },
      pipeWaterKinds: { draen: { colour: "#654321", dashPattern: "long-short" } },
    });
    expect(fake.patch).not.toHaveBeenCalled();
  });

  it("logs a failed load and keeps the defaults", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = new UserSettingsStore(io({ fetch: vi.fn(async () => Promise.reject(new Error("down"))) }));
    await store.load();
    expect(store.getSettings()).toEqual(DEFAULT_USER_SETTINGS);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("UserSettingsStore drawing styles", () => {
  it("starts each kind with its saved style once loaded, and with nothing for a kind never styled", async () => {
    const store = new UserSettingsStore(io());
    expect(store.getDrawingStyle("line")).toEqual({});
    await store.load();
    expect(store.getDrawingStyle("line")).toEqual({ colour: "#111111", width: 2 });
    expect(store.getDrawingStyle("arrow")).toEqual({});
  });

  it("saves a style set for a kind, merged over the kind's current one, as that kind's whole style", async () => {
    const fake = io();
    const store = new UserSettingsStore(fake);
    await store.load();
    await store.setDrawingStyle("line", { width: 4 });
    expect(fake.patch).toHaveBeenCalledWith({ drawingStyles: { line: { colour: "#111111", width: 4 } } });
    expect(store.getDrawingStyle("line")).toEqual({ colour: "#111111", width: 4 });
    // A reload: a new store reads what was saved.
    const reopened = new UserSettingsStore(fake);
    await reopened.load();
    expect(reopened.getDrawingStyle("line")).toEqual({ colour: "#111111", width: 4 });
  });

  it("keeps a style for this editor's next drawings when saving it fails, while the saved settings roll back", async () => {
    const failure = new Error("offline");
    const store = new UserSettingsStore(io({ patch: vi.fn(async () => Promise.reject(failure)) }));
    await store.load();
    await expect(store.setDrawingStyle("line", { colour: "#00ff00" })).rejects.toBe(failure);
    expect(store.getSettings().drawingStyles.line).toEqual({ colour: "#111111", width: 2 });
    expect(store.getDrawingStyle("line")).toEqual({ colour: "#00ff00", width: 2 });
  });
});

describe("UserSettingsStore water kinds' looks", () => {
  it("gives each kind of water the user's look once loaded, else the default", async () => {
    const store = new UserSettingsStore(io());
    expect(store.getPipeWaterKindLook("regnvand")).toEqual(PIPE_WATER_KIND_DEFAULTS.regnvand);
    await store.load();
    expect(store.getPipeWaterKindLook("regnvand")).toEqual({ colour: "#00aa00", dashPattern: "long" });
    expect(store.getPipeWaterKindLook("spildevand")).toEqual(PIPE_WATER_KIND_DEFAULTS.spildevand);
  });

  it("saves a kind's look and keeps the other kinds; null gives the default back", async () => {
    const fake = io();
    const store = new UserSettingsStore(fake);
    await store.load();
    const black = { colour: "#000000", dashPattern: "solid" } as const;
    await store.setPipeWaterKindLook("spildevand", black);
    expect(fake.patch).toHaveBeenCalledWith({ pipeWaterKinds: { spildevand: black } });
    expect(store.getSettings().pipeWaterKinds).toEqual({ regnvand: { colour: "#00aa00", dashPattern: "long" }, spildevand: black });
    await store.setPipeWaterKindLook("regnvand", null);
    expect(store.getPipeWaterKindLook("regnvand")).toEqual(PIPE_WATER_KIND_DEFAULTS.regnvand);
    expect(fake.server.pipeWaterKinds).toEqual({ spildevand: black });
    // Another setting leaves the looks alone.
    await store.update({ standardSignSize: 2 });
    expect(store.getSettings().pipeWaterKinds).toEqual({ spildevand: black });
  });

  it("rolls back only the kind of water whose look failed", async () => {
    const { patch, calls } = deferredPatch();
    const store = new UserSettingsStore(io({ patch }));
    await store.load();
    const red = { colour: "#ff0000", dashPattern: "short" } as const;
    const black = { colour: "#000000", dashPattern: "solid" } as const;
    const rain = store.setPipeWaterKindLook("regnvand", red);
    const foul = store.setPipeWaterKindLook("spildevand", black);
    calls[0]!.reject(new Error("refused"));
    await expect(rain).rejects.toThrow();
    expect(store.getSettings().pipeWaterKinds).toEqual({ regnvand: { colour: "#00aa00", dashPattern: "long" }, spildevand: black });
    calls[1]!.resolve({
      ...DEFAULT_USER_SETTINGS,
      pipeWaterKinds: { regnvand: { colour: "#00aa00", dashPattern: "long" }, spildevand: black },
    });
    await foul;
    expect(store.getPipeWaterKindLook("spildevand")).toEqual(black);
  });
});
