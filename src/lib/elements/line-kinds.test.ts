import { describe, expect, it } from "vitest";
import { arrowSchema } from "./arrow";
import { EXAMPLE_ELEMENTS } from "./examples";
import { parsePlanContent } from "./plan-content";

// The line family of issue 17 (barrier, arrow, wall, guardrail, contract boundary) as a plan holds them.
describe("a plan with the line family", () => {
  const A = EXAMPLE_ELEMENTS.barrier.coordinates[0]!;
  const B = EXAMPLE_ELEMENTS.barrier.coordinates[1]!;
  const content = {
    barriers: [{ id: "b1", coordinates: [A, B] }, { ...EXAMPLE_ELEMENTS.barrier }],
    arrows: [
      { id: "a1", coordinates: [A, B], colour: "#000000", width: 0.5 },
      { id: "a2", coordinates: [A, B], colour: "#ff0000", width: 2, headStyle: "open", bothEnds: true },
    ],
    walls: [{ id: "w1", coordinates: [A, B] }, { ...EXAMPLE_ELEMENTS.wall }],
    guardrails: [{ id: "g1", coordinates: [A, B], colour: "#333333" }],
    entrepriseBoundaries: [{ id: "e1", coordinates: [A, B] }],
  };

  it("round-trips unchanged, also through JSON", () => {
    const parsed = parsePlanContent(JSON.parse(JSON.stringify(content)));
    expect(parsed.error).toBeUndefined();
    for (const [key, list] of Object.entries(content)) expect(parsed.data?.[key as keyof typeof content]).toEqual(list);
  });

  it("keeps an arrow of version 1 (no bothEnds) valid and refuses a bothEnds that is not a boolean", () => {
    expect(arrowSchema.safeParse(content.arrows[0]).success).toBe(true);
    const bad = parsePlanContent({ arrows: [{ ...content.arrows[1], bothEnds: "yes" }] });
    expect(bad.error?.issues[0]?.path).toEqual(["arrows", 0, "bothEnds"]);
  });

  it("refuses a barrier with one position or a bad colour", () => {
    expect(parsePlanContent({ barriers: [{ id: "b", coordinates: [A] }] }).error?.issues[0]?.path).toEqual(["barriers", 0, "coordinates"]);
    expect(parsePlanContent({ walls: [{ id: "w", coordinates: [A, B], colour: "grey" }] }).error?.issues[0]?.path).toEqual([
      "walls",
      0,
      "colour",
    ]);
  });
});
