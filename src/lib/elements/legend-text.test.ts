import { describe, expect, it } from "vitest";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import { LEGEND_TEXT_MAX, legendTextOf } from "./common";
import { EXAMPLE_ELEMENTS } from "./examples";
import { parsePlanContent } from "./plan-content";
import { ELEMENT_DEFINITIONS } from "./registry";

// The legend text (issue 29): the export's legend names a drawing's look by it ("Gravning").
describe("a drawing's legend text", () => {
  const drawings = ELEMENT_DEFINITIONS.filter(
    (definition) => definition.kind !== "ruler" && definition.kind !== "dimension" && definition.isDrawing,
  );

  it("is kept in the plan by every drawing kind of the legend, and is optional", () => {
    expect(drawings.map((definition) => definition.kind).sort()).toEqual(
      [
        "arrow",
        "barrier",
        "entrepriseBoundary",
        "gpx",
        "guardrail",
        "line",
        "pipe",
        "point",
        "rectangle",
        "roadMarking",
        "wall",
        "workArea",
      ].sort(),
    );
    const content = Object.fromEntries(
      drawings.map((definition) => [
        definition.listKey,
        [
          { ...EXAMPLE_ELEMENTS[definition.kind], legendText: "Gravning" },
          { ...EXAMPLE_ELEMENTS[definition.kind], id: `${definition.kind}-2` },
        ],
      ]),
    );
    const parsed = parsePlanContent(JSON.parse(JSON.stringify(content)));
    expect(parsed.error).toBeUndefined();
    for (const definition of drawings) {
      const [given, without] = parsed.data![definition.listKey] as object[];
      expect(legendTextOf(given!)).toBe("Gravning");
      expect(legendTextOf(without!)).toBeNull();
    }
  });

  it(`is refused beyond ${LEGEND_TEXT_MAX} characters, with a message in Danish and Swedish`, () => {
    const ok = parsePlanContent({ lines: [{ ...EXAMPLE_ELEMENTS.line, legendText: "x".repeat(LEGEND_TEXT_MAX) }] });
    expect(ok.error).toBeUndefined();
    const bad = parsePlanContent({ lines: [{ ...EXAMPLE_ELEMENTS.line, legendText: "x".repeat(LEGEND_TEXT_MAX + 1) }] });
    expect(bad.error?.issues[0]?.path).toEqual(["lines", 0, "legendText"]);
    expect(bad.error?.issues[0]?.message).toBe("legendText");
    expect(da.validation.legendText).toContain("60");
    expect(sv.validation.legendText).toContain("60");
  });
});
