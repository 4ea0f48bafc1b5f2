import { describe, expect, it } from "vitest";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import { findDkSignDefinition, renderDkSignSvg } from "./index";
import { ON_PLATE, SERIES_TEMPORARY } from "./series-temporary";
import { insetPolygon } from "./shapes";

/** The colour that covers the sign's ground: its face, or the first filled shape for drawn outlines. */
function groundColours(drawing: SignDrawing): string[] {
  const fills = (layers: readonly SignLayer[]): string[] =>
    layers.flatMap((l) => (l.kind === "group" ? fills(l.layers) : "fill" in l && l.fill ? [l.fill] : []));
  return [drawing.face, ...fills(drawing.layers)];
}

describe("temporary road-works signs", () => {
  it("puts every temporary sign on yellow", () => {
    expect(SERIES_TEMPORARY.length).toBeGreaterThan(40);
    for (const def of SERIES_TEMPORARY) {
      const drawing = def.draw();
      expect(groundColours(drawing), def.meta.id).toContain(PALETTE.yellow);
      expect(renderDkSignSvg(def.meta.id), def.meta.id).toContain(PALETTE.yellow);
    }
  });

  it("backs the A–E signs road works use with a yellow plate, drawing the permanent sign on it", () => {
    for (const id of ON_PLATE) {
      expect(findDkSignDefinition(id), `${id} exists in the A–E series`).not.toBeNull();
      const temporary = findDkSignDefinition(`${id}-gul`);
      expect(temporary, `${id}-gul`).not.toBeNull();
      expect(temporary!.meta.code).toBe(findDkSignDefinition(id)!.meta.code);
      expect(temporary!.draw().face, id).toBe(PALETTE.yellow);
      // The plate is larger than the sign it carries.
      expect(temporary!.meta.initialWidthInMeters!).toBeGreaterThan(findDkSignDefinition(id)!.meta.initialWidthInMeters!);
    }
  });

  it("takes a temporary speed limit with any value, like C 55 itself", () => {
    const def = findDkSignDefinition("C55-gul")!;
    expect(def.meta.parameter?.kind).toBe("speed");
    expect(renderDkSignSvg("C55-gul", "30")).not.toBe(renderDkSignSvg("C55-gul", "40"));
    expect(renderDkSignSvg("C55-gul", "30")).not.toContain("<text");
    // Offered with the usual plates below it.
    expect(def.meta.subSigns?.map((s) => s.id)).toContain("U1.1");
  });

  it("writes any text on the yellow diversion signs", () => {
    for (const id of ["F14", "F14-venstre", "F18-gul-ligeud", "F18-gul-venstre", "F18-gul-hoejre"]) {
      const def = findDkSignDefinition(id)!;
      expect(def.meta.parameter, id).toEqual({ kind: "text", defaultValue: "Omkørsel" });
      expect(renderDkSignSvg(id, "Nakskov"), id).not.toBe(renderDkSignSvg(id, "Omkørsel"));
    }
    // A very long destination still fits: it is set smaller and squeezed, never outside the flag.
    const long = findDkSignDefinition("F14")!.draw("Gennemkørende trafik til Næstved og Vordingborg");
    const text = long.layers.at(-1) as { transform: string };
    const [, left] = /translate\(([-\d.]+)/.exec(text.transform)!;
    expect(Number(left)).toBeGreaterThan(0);
  });

  it("insets the flag outline evenly", () => {
    const square = insetPolygon(
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ],
      1,
    );
    expect(square.map(([x, y]) => [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000])).toEqual([
      [1, 1],
      [9, 1],
      [9, 9],
      [1, 9],
    ]);
  });
});
