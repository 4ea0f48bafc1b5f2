import { describe, expect, it } from "vitest";
import { findDkSignDefinition, renderDkSignSvg } from "./index";
import { SERIES_L } from "./series-l";

describe("L: distance, place and route signs", () => {
  it("asks for the name on place-name and parking signs and prints it", () => {
    for (const id of ["H45", "F33.1", "F33.1-venstre"]) {
      const def = findDkSignDefinition(id)!;
      expect(def.meta.shouldPromptForName, id).toBe(true);
      expect(def.meta.parameter, id).toBeUndefined();
      expect(renderDkSignSvg(id, "Havdrup"), id).not.toBe(renderDkSignSvg(id, "Solrød Strand"));
      // Without a name the sign still shows a neutral word, never an empty plate.
      expect(renderDkSignSvg(id), id).toContain("<path");
    }
  });

  it("takes route numbers as typed text", () => {
    for (const id of ["L41", "L42", "L43", "L44", "L45", "L45.2", "L47", "F34.1", "F34.2"]) {
      const def = findDkSignDefinition(id)!;
      expect(def.meta.parameter?.kind, id).toBe("text");
      expect(renderDkSignSvg(id, "12"), id).not.toBe(renderDkSignSvg(id, "13"));
    }
    // Ring roads read "O 2" and "2" the same way: the O is drawn as a ring.
    expect(renderDkSignSvg("L44", "O 2")).toBe(renderDkSignSvg("L44", "2"));
  });

  it("belongs to category L", () => {
    for (const def of SERIES_L) expect(def.meta.category).toBe("L");
  });
});
