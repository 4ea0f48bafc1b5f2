import type CircleStyle from "ol/style/Circle";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { pointEditor, pointRadiusPixels } from ".";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";
import type { PointElement } from "@/lib/elements/point";

const point: PointElement = { id: "p1", position: [10.38551, 55.40178], colour: "#00aa00", sizeInMeters: 2, label: "Brønd 1" };

const circleOf = (styles: Style[]) => styles.at(-1)!.getImage() as CircleStyle;

describe("pointEditor", () => {
  it("turns the position into a point and back, unchanged, and is created with the drawing style", () => {
    const geometry = pointEditor.toGeometry(point);
    expect(pointEditor.withGeometry(point, geometry)).toEqual(point);
    expect(pointEditor.create("p2", geometry, { colour: "#00aa00", sizeInMeters: 2, label: "Brønd 1" })).toEqual({ ...point, id: "p2" });
    // Without a label in the drawing style the point has none (not an empty one).
    expect(pointEditor.create("p3", geometry, {})).toEqual({ id: "p3", position: point.position, colour: "#ff0000", sizeInMeters: 1 });
  });

  it("is a filled circle of its diameter on the ground, at two scales", () => {
    const near = pointEditor.style(point, { metresPerPixel: 0.1, selected: false }) as Style[];
    expect(circleOf(near).getRadius()).toBe(10); // 2 m across at 0.1 m/px
    expect(circleOf(near).getFill()!.getColor()).toBe("#00aa00");
    const far = pointEditor.style(point, { metresPerPixel: 4, selected: false }) as Style[];
    expect(circleOf(far).getRadius()).toBe(2); // never smaller than 2 px
    expect(pointRadiusPixels(2, 0.3)).toBe(3.25);
  });

  it("shows its label beside the circle, upright when the map turns", () => {
    const text = (pointEditor.style(point, { metresPerPixel: 0.1, selected: false }) as Style[]).at(-1)!.getText()!;
    expect(text.getText()).toBe("Brønd 1");
    expect(text.getRotateWithView()).toBe(false);
    expect(text.getTextAlign()).toBe("left");
    expect(text.getOffsetX()).toBeGreaterThan(10);
    const unlabelled = pointEditor.style({ ...point, label: undefined }, { metresPerPixel: 0.1, selected: false }) as Style[];
    expect(unlabelled.at(-1)!.getText()).toBeFalsy();
    // Zoomed out past 1 m a pixel the label is left out; the point stays.
    expect((pointEditor.style(point, { metresPerPixel: 1, selected: false }) as Style[]).at(-1)!.getText()!.getText()).toBe("Brønd 1");
    const far = pointEditor.style(point, { metresPerPixel: 1.5, selected: false }) as Style[];
    expect(far.at(-1)!.getText()).toBeFalsy();
    expect(far.at(-1)!.getImage()).toBeTruthy();
  });

  it("has a halo when selected, and caches its styles", () => {
    const selected = pointEditor.style(point, { metresPerPixel: 0.1, selected: true }) as Style[];
    expect(selected).toHaveLength(2);
    expect((selected[0]!.getImage() as CircleStyle).getRadius()).toBe(13);
    expect(pointEditor.style({ ...point }, { metresPerPixel: 0.1, selected: true })).toBe(selected);
  });

  it("round-trips through the stored plan schema, with and without a label", () => {
    const plain = { ...point, id: "p4", label: undefined };
    delete plain.label;
    const parsed = parsePlanContent(JSON.parse(JSON.stringify({ ...defaultPlanContent(), points: [point, plain] })));
    expect(parsed.success && parsed.data.points).toEqual([point, plain]);
    // The server stores the parsed plan: a new point's keys are already in that order.
    const created = pointEditor.create("p5", pointEditor.toGeometry(point), { label: "A" });
    const again = parsePlanContent(JSON.parse(JSON.stringify({ ...defaultPlanContent(), points: [created] })));
    expect(again.success && JSON.stringify(again.data.points[0])).toBe(JSON.stringify(created));
  });
});
