import { afterEach, describe, expect, it, vi } from "vitest";
import { lastViewKey, readLastView, rememberView, startViewOf } from "./start-view";
import { DEFAULT_MAP_CENTER } from "@/lib/elements/plan-content";
import { SITES } from "@/sites/registry";

/** A localStorage of this test's own. */
function stubStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
  return items;
}

afterEach(() => vi.unstubAllGlobals());

describe("where a new plan opens", () => {
  it("keeps the specification's default view on the Danish sites and opens TA-planen over Sweden", () => {
    for (const site of [SITES.skilteplanen, SITES.kloakplanen]) {
      expect(startViewOf(site, null)).toEqual({ center: [...DEFAULT_MAP_CENTER], zoom: 12 });
    }
    const { center, zoom } = startViewOf(SITES["ta-planen"], null);
    // Inside Sweden's bounds, and far enough out to show the country, not a town.
    expect(center[0]).toBeGreaterThan(11);
    expect(center[0]).toBeLessThan(24);
    expect(center[1]).toBeGreaterThan(55.3);
    expect(center[1]).toBeLessThan(69);
    expect(zoom).toBeLessThanOrEqual(6);
  });

  it("opens where the user last worked on that site, which wins over the site's start", () => {
    stubStorage();
    const anna = { site: "ta-planen", userId: 7 } as const;
    expect(readLastView(anna)).toBeNull();
    rememberView(anna, { center: [20.26, 63.82], zoom: 17.5 });
    expect(readLastView(anna)).toEqual({ center: [20.26, 63.82], zoom: 17.5 });
    expect(readLastView({ site: "skilteplanen", userId: 7 })).toBeNull();
    expect(startViewOf(SITES["ta-planen"], readLastView(anna))).toEqual({ center: [20.26, 63.82], zoom: 17.5 });
  });

  it("keeps each user's last view apart in a browser they share", () => {
    stubStorage();
    rememberView({ site: "skilteplanen", userId: 7 }, { center: [12.57, 55.68], zoom: 16 });
    expect(readLastView({ site: "skilteplanen", userId: 8 })).toBeNull();
  });

  it("ignores a stored view that is not one (edited by hand, from an older version)", () => {
    const items = stubStorage();
    for (const junk of ["not json", '{"center":[10,55]}', '{"center":[500,55],"zoom":12}', '{"center":[10,55],"zoom":99}']) {
      items.set(lastViewKey({ site: "skilteplanen", userId: 1 }), junk);
      expect(readLastView({ site: "skilteplanen", userId: 1 })).toBeNull();
    }
  });

  it("works without storage (blocked by the browser): no last view, and remembering is quietly skipped", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    });
    expect(readLastView({ site: "skilteplanen", userId: 1 })).toBeNull();
    expect(() => rememberView({ site: "skilteplanen", userId: 1 }, { center: [10, 55], zoom: 12 })).not.toThrow();
  });
});
