import { describe, expect, it } from "vitest";
import { defaultPlanContent, parsePlanContent } from "./plan-content";
import { ROAD_MARKING_COLOURS, ROAD_MARKING_STYLES, roadMarkingDefaults, type RoadMarkingElement } from "./road-marking";

describe("roadMarking schema", () => {
  it("round-trips every style and colour, with and without a subtype, through the plan content", () => {
    const roadMarkings: RoadMarkingElement[] = ROAD_MARKING_STYLES.map((style, i) => ({
      id: `rm-${i}`,
      coordinates: [
        [10.3855, 55.4017 + i * 1e-5],
        [10.3865, 55.4017 + i * 1e-5],
      ],
      style,
      colour: ROAD_MARKING_COLOURS[i % 3]!,
      width: i % 2 ? 0.3 : 0.1,
      ...(i % 4 === 0 ? { subtype: "small" } : {}),
      flip: i % 3 === 0,
    }));
    const raw = JSON.parse(JSON.stringify({ ...defaultPlanContent(), roadMarkings }));
    const result = parsePlanContent(raw);
    expect(result.success).toBe(true);
    expect(result.data!.roadMarkings).toEqual(roadMarkings);
  });

  it("refuses a colour that is not road paint and a width of 0", () => {
    const base = {
      id: "x",
      coordinates: [
        [10, 55],
        [10.001, 55],
      ],
      ...roadMarkingDefaults,
    };
    expect(parsePlanContent({ ...defaultPlanContent(), roadMarkings: [{ ...base, colour: "#ff0000" }] }).success).toBe(false);
    expect(parsePlanContent({ ...defaultPlanContent(), roadMarkings: [{ ...base, width: 0 }] }).success).toBe(false);
    expect(parsePlanContent({ ...defaultPlanContent(), roadMarkings: [base] }).success).toBe(true);
  });
});
