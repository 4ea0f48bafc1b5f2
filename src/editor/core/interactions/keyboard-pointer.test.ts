import { describe, expect, it } from "vitest";
import { EDGE_MARGIN_PX, stepCrosshair } from "./keyboard-pointer";

describe("the keyboard pointer's step", () => {
  const size = [800, 600] as const;

  it("moves the crosshair by the step and leaves the view alone away from the edges", () => {
    expect(stepCrosshair([400, 300], [10, 0], size)).toEqual({ pixel: [410, 300], pan: [0, 0] });
    expect(stepCrosshair([400, 300], [0, -80], size)).toEqual({ pixel: [400, 220], pan: [0, 0] });
  });

  it("moves the view by the part of the step past the margin, on each side", () => {
    expect(stepCrosshair([EDGE_MARGIN_PX + 5, 300], [-10, 0], size).pan).toEqual([-5, 0]);
    expect(stepCrosshair([800 - EDGE_MARGIN_PX, 300], [10, 0], size).pan).toEqual([10, 0]);
    expect(stepCrosshair([400, EDGE_MARGIN_PX], [0, -80], size).pan).toEqual([0, -80]);
    expect(stepCrosshair([400, 600 - EDGE_MARGIN_PX - 30], [0, 80], size).pan).toEqual([0, 50]);
  });

  it("moves the view only along the step, and on a map narrower than two margins past its middle", () => {
    expect(stepCrosshair([400, 10], [10, 0], size).pan).toEqual([0, 0]);
    expect(stepCrosshair([20, 30], [10, 0], [60, 60]).pan).toEqual([0, 0]);
    expect(stepCrosshair([30, 30], [10, 0], [60, 60]).pan).toEqual([10, 0]);
    expect(stepCrosshair([30, 30], [-10, 0], [60, 60]).pan).toEqual([-10, 0]);
  });
});

describe("the editor's keys for the map", () => {
  it("are listed in the overview, with texts in both languages", async () => {
    const { ACTION_SHORTCUTS } = await import("../../ui/shortcuts");
    const da = (await import("../../../../messages/da.json")).default.editor.shortcuts.actions as Record<string, string>;
    const sv = (await import("../../../../messages/sv.json")).default.editor.shortcuts.actions as Record<string, string>;
    const actions = ACTION_SHORTCUTS.map((entry) => entry.action);
    for (const action of ["pan", "zoom", "crosshair", "placePoint", "finishKeys"]) {
      expect(actions).toContain(action);
      expect(da[action], action).toBeTruthy();
      expect(sv[action], action).toBeTruthy();
    }
  });
});
