import type { Coordinate } from "ol/coordinate";
import Polygon from "ol/geom/Polygon";
import type { GeometryFunction } from "ol/interaction/Draw";
import type Style from "ol/style/Style";
import { describe, expect, it } from "vitest";
import { dragRectangleCorner, rectangleCorners, rectangleEditor } from ".";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";
import type { RectangleElement } from "@/lib/elements/rectangle";

const dot = (a: Coordinate, b: Coordinate, c: Coordinate) => (b[0]! - a[0]!) * (c[0]! - a[0]!) + (b[1]! - a[1]!) * (c[1]! - a[1]!);
const distance = (a: Coordinate, b: Coordinate) => Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);

/** Every corner a right angle. */
function expectRectangle(corners: Coordinate[]) {
  expect(corners).toHaveLength(4);
  for (let i = 0; i < 4; i++) {
    const at = corners[i]!;
    const scale = distance(at, corners[(i + 1) % 4]!) * distance(at, corners[(i + 3) % 4]!);
    expect(Math.abs(dot(at, corners[(i + 1) % 4]!, corners[(i + 3) % 4]!)) / scale).toBeLessThan(1e-6);
  }
}

describe("the right-angle figure from three clicks", () => {
  it("takes the first edge from clicks 1 and 2 and the width across it from click 3", () => {
    const corners = rectangleCorners([0, 0], [30, 40], [100, 0]);
    expectRectangle(corners);
    expect(corners.slice(0, 2)).toEqual([
      [0, 0],
      [30, 40],
    ]);
    // Click 3 is 80 from the line through the first edge (|(100,0)·(0.8,-0.6)|): the rectangle is 50 × 80.
    expect(distance(corners[1]!, corners[2]!)).toBeCloseTo(80, 9);
    expect(corners[3]![0]).toBeCloseTo(64, 9);
    expect(corners[3]![1]).toBeCloseTo(-48, 9);
  });

  it("is what Draw makes: three clicks, a polygon, the first edge alone while the width is not set", () => {
    const options = rectangleEditor.drawOptions!({});
    expect(options).toMatchObject({ maxPoints: 3, minPoints: 3 });
    const make = options.geometryFunction as GeometryFunction;
    const edge = make(
      [
        [
          [0, 0],
          [10, 0],
        ],
      ],
      undefined as never,
      undefined as never,
    ) as Polygon;
    expect(edge.getType()).toBe("Polygon");
    expect(edge.getCoordinates()[0]).toEqual([
      [0, 0],
      [10, 0],
      [0, 0],
    ]);
    const rectangle = make(
      [
        [
          [0, 0],
          [10, 0],
          [7, 5],
        ],
      ],
      edge,
      undefined as never,
    ) as Polygon;
    expect(rectangle).toBe(edge); // Draw's sketch geometry is updated in place
    expect(rectangle.getCoordinates()[0]).toEqual([
      [0, 0],
      [10, 0],
      [10, 5],
      [0, 5],
      [0, 0],
    ]);
  });

  it("without right angles is a free quadrilateral of four clicks", () => {
    expect(rectangleEditor.drawOptions!({ rightAngle: false })).toEqual({ maxPoints: 4, minPoints: 4 });
  });
});

describe("reshaping a figure", () => {
  const rect: RectangleElement = {
    id: "r1",
    colour: "#000000",
    width: 0.5,
    rightAngle: true,
    coordinates: [
      [10.385, 55.4015],
      [10.386, 55.4015],
      [10.386, 55.402],
      [10.385, 55.402],
    ],
  };

  it("drags a corner as a resize: the opposite corner stays and the angles stay right", () => {
    const corners: Coordinate[] = [
      [0, 0],
      [40, 30],
      [10, 70],
      [-30, 40],
    ];
    const dragged = dragRectangleCorner(corners, 1, [60, 20]);
    expectRectangle(dragged);
    expect(dragged[1]).toEqual([60, 20]);
    expect(dragged[3]).toEqual(corners[3]);
  });

  it("keeps a right-angle figure a rectangle when one vertex is dragged; a free one moves only that vertex", () => {
    const polygon = rectangleEditor.toGeometry(rect) as Polygon;
    const ring = polygon.getCoordinates()[0]!;
    ring[2] = [ring[2]![0]! + 30, ring[2]![1]! + 10];
    const edited = new Polygon([ring.slice(0, 4).concat([ring[0]!])]);
    const kept = rectangleEditor.withGeometry(rect, edited);
    expect(kept.rightAngle).toBe(true);
    expectRectangle((rectangleEditor.toGeometry(kept) as Polygon).getCoordinates()[0]!.slice(0, 4));
    expect(kept.coordinates[0]).toEqual(rect.coordinates[0]); // the opposite corner
    const free = rectangleEditor.withGeometry({ ...rect, rightAngle: false }, edited);
    expect(free.coordinates.filter((p, i) => p[0] !== rect.coordinates[i]![0] || p[1] !== rect.coordinates[i]![1])).toHaveLength(1);
  });

  it("moves whole without change of shape, and becomes free when a vertex is added", () => {
    const polygon = rectangleEditor.toGeometry(rect) as Polygon;
    polygon.translate(50, -20);
    const moved = rectangleEditor.withGeometry(rect, polygon);
    expect(moved.rightAngle).toBe(true);
    expect(moved.coordinates).toHaveLength(4);
    const ring = (rectangleEditor.toGeometry(rect) as Polygon).getCoordinates()[0]!;
    const five = new Polygon([[ring[0]!, [ring[0]![0]! + 5, ring[0]![1]! - 5], ...ring.slice(1)]]);
    expect(rectangleEditor.withGeometry(rect, five)).toMatchObject({ rightAngle: false });
  });

  it("draws its outline in metres on the ground (at least a pixel), with the selection halo", () => {
    const near = rectangleEditor.style(rect, { metresPerPixel: 0.05, selected: false }) as Style[];
    const far = rectangleEditor.style(rect, { metresPerPixel: 5, selected: false }) as Style[];
    expect(near[0]!.getStroke()!.getWidth()).toBe(10);
    expect(far[0]!.getStroke()!.getWidth()).toBe(1);
    expect(rectangleEditor.style(rect, { metresPerPixel: 0.05, selected: true })).toHaveLength(2);
  });

  it("reads a version 1 figure's pixel line width as metres at 0.25 m a pixel", () => {
    const { width, ...old } = { ...rect, lineWidth: 4 };
    expect(width).toBe(0.5);
    const parsed = parsePlanContent({ ...defaultPlanContent(), rectangles: [old, { ...old, id: "thin", lineWidth: 0.1 }] });
    expect(parsed.success && parsed.data.rectangles).toEqual([
      { ...rect, width: 1 },
      { ...rect, id: "thin", width: 0.1 },
    ]);
    // A width outside 0.1–100 m is refused with the drawing widths' message.
    const wide = parsePlanContent({ ...defaultPlanContent(), rectangles: [{ ...rect, width: 101 }] });
    expect(!wide.success && wide.error.issues[0]!.message).toBe("drawingWidth"); // the message key of 'Bredde skal være mellem 0.1 og 100 meter'
  });

  it("is created with the drawing style and round-trips through the stored plan schema", () => {
    const created = rectangleEditor.create("r2", rectangleEditor.toGeometry(rect), { rightAngle: false, width: 4 });
    expect(created).toEqual({ ...rect, id: "r2", rightAngle: false, width: 4 });
    const parsed = parsePlanContent(JSON.parse(JSON.stringify({ ...defaultPlanContent(), rectangles: [rect, created] })));
    expect(parsed.success && parsed.data.rectangles).toEqual([rect, created]);
    // The server stores the parsed plan: a new figure's keys are already in that order.
    expect(parsed.success && JSON.stringify(parsed.data.rectangles[1])).toBe(JSON.stringify(created));
  });
});
