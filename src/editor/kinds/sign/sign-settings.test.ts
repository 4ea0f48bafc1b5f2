import { describe, expect, it, vi } from "vitest";
import { RECENT_SIGNS_LIMIT, SignSettingsStore, withRecentSign, type SettingsIo, type SignUserSettings } from "./sign-settings";

type FakeIo = SettingsIo & { local: string[] | null };

function io(overrides: Partial<SettingsIo> = {}): FakeIo {
  const fake: FakeIo = {
    local: null,
    fetch: vi.fn(async (): Promise<SignUserSettings | null> => ({ standardSignSize: 1, recentSigns: ["/a.webp"] })),
    patch: vi.fn(async (change: Partial<SignUserSettings>) => ({ standardSignSize: 1, recentSigns: change.recentSigns ?? [] })),
    readLocal: (): string[] | null => fake.local,
    writeLocal: (list: string[]) => {
      fake.local = list;
    },
    ...overrides,
  };
  return fake;
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

describe("SignSettingsStore", () => {
  it("loads once, however often it is asked", async () => {
    const fake = io();
    const store = new SignSettingsStore(fake);
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    expect(store.getSettings()).toEqual({ standardSignSize: 1, recentSigns: ["/a.webp"] });
    expect(store.getStatus()).toBe("loaded");
  });

  it("shows a recent sign at once and keeps the server's answer", async () => {
    const fake = io();
    const store = new SignSettingsStore(fake);
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
    const store = new SignSettingsStore(fake);
    await store.load();
    const seen: string[][] = [];
    store.subscribe(() => seen.push(store.getSettings().recentSigns));
    await expect(store.addRecentSign("/b.webp")).rejects.toBe(failure);
    expect(store.getSettings().recentSigns).toEqual(["/a.webp"]);
    expect(seen).toEqual([["/b.webp", "/a.webp"], ["/a.webp"]]);
  });

  it("keeps the recent signs in this browser when the server has no settings", async () => {
    const fake = io({ fetch: vi.fn(async () => null) });
    fake.local = ["/x.webp"];
    const store = new SignSettingsStore(fake);
    await store.load();
    expect(store.getSettings()).toEqual({ standardSignSize: null, recentSigns: ["/x.webp"] });
    await store.addRecentSign("/y.webp");
    expect(fake.local).toEqual(["/y.webp", "/x.webp"]);
    expect(fake.patch).not.toHaveBeenCalled();
  });

  it("logs a failed load and keeps the defaults", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = new SignSettingsStore(io({ fetch: vi.fn(async () => Promise.reject(new Error("down"))) }));
    await store.load();
    expect(store.getSettings()).toEqual({ standardSignSize: null, recentSigns: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
