import { describe, expect, it } from "vitest";
import { viewMoved } from "./view";
import type { MapView } from "@/lib/elements/plan-content";

const stored: MapView = { center: [10.385512345, 55.401781234], zoom: 15.12345, rotation: 10, activeMapLayerId: "osm" };

describe("viewMoved", () => {
  it("sees no move in the rounding of a stored view (so opening a plan never saves it)", () => {
    expect(viewMoved(stored, { center: [10.3855123, 55.4017812], zoom: 15.123, rotation: 10 }, true)).toBe(false);
  });

  it("sees a pan, a zoom and, where the plan rotates, a turn", () => {
    expect(viewMoved(stored, { center: [10.3856, 55.4017812], zoom: 15.123, rotation: 10 }, true)).toBe(true);
    expect(viewMoved(stored, { center: [10.3855123, 55.4017812], zoom: 16, rotation: 10 }, true)).toBe(true);
    expect(viewMoved(stored, { center: [10.3855123, 55.4017812], zoom: 15.123, rotation: 15 }, true)).toBe(true);
    // A plan without rotation shows north up whatever it stores: not a move.
    expect(viewMoved(stored, { center: [10.3855123, 55.4017812], zoom: 15.123, rotation: 0 }, false)).toBe(false);
  });
});
