import { describe, expect, it } from "vitest";
import { elementLabel, geometryChange, readableValue, signCodeOf } from "./conflict-values";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";

describe("conflict values as the user reads them", () => {
  it("names a sign by its code, and an element by its name or text", () => {
    expect(signCodeOf("/signs/A/A11.webp")).toBe("A11");
    expect(elementLabel(EXAMPLE_ELEMENTS.sign)).toBe("Vejarbejde · A11");
    expect(elementLabel(EXAMPLE_ELEMENTS.text)).toBe("Omkørsel");
    expect(elementLabel(EXAMPLE_ELEMENTS.line)).toBeNull();
  });

  it("tells a move from a new shape", () => {
    expect(geometryChange([1, 2], [3, 4])).toBe("moved");
    expect(
      geometryChange(
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 3],
          [3, 4],
        ],
      ),
    ).toBe("moved");
    expect(
      geometryChange(
        [
          [0, 0],
          [1, 1],
        ],
        [
          [0, 0],
          [1, 2],
        ],
      ),
    ).toBe("reshaped");
    expect(readableValue("coordinates", [[0, 0]], [[0, 0]])).toEqual({ type: "unchanged" });
  });

  it("shows text, numbers, yes/no, sub-signs and removal readably", () => {
    expect(readableValue("text", "Omkørsel", "x")).toEqual({ type: "text", value: "Omkørsel" });
    expect(readableValue("rotation", 45, 0)).toEqual({ type: "number", value: 45 });
    expect(readableValue("whiteBackground", true, false)).toEqual({ type: "yes" });
    expect(readableValue("imageUrl", "/signs/B/B11.webp", null)).toEqual({ type: "text", value: "B11" });
    expect(readableValue("subSign", { imageUrl: "/signs/U/UA.webp", text: "200 m" }, null)).toEqual({ type: "text", value: "UA 200 m" });
    expect(readableValue("text", "x", "y", false)).toEqual({ type: "removed" });
    expect(readableValue("text", undefined, "y")).toEqual({ type: "empty" });
  });
});
