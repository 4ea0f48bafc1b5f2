import { fromLonLat } from "ol/proj";
import { apply } from "ol/transform";
import { describe, expect, it } from "vitest";
import { pageLayout } from "./page-layout";
import {
  frameRing,
  frameTurnOf,
  groundPerMapUnit,
  mapResolutionAt,
  mapToPage,
  mmPerMapUnit,
  printMetresPerPixel,
  rotationAfterFrameTurn,
  type PrintFrame,
} from "./print-frame";

/** Ground metres of one degree of longitude and of latitude at `latitude` on WGS84 (prime vertical and meridian radii). */
function degreeLengths(latitude: number): { east: number; north: number } {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const phi = (latitude * Math.PI) / 180;
  const w = 1 - e2 * Math.sin(phi) ** 2;
  return { east: ((a / Math.sqrt(w)) * Math.cos(phi) * Math.PI) / 180, north: ((a * (1 - e2)) / w ** 1.5) * (Math.PI / 180) };
}

const frameAt = (lon: number, lat: number, rotation = 0, scale = 500): PrintFrame => ({
  center: fromLonLat([lon, lat]),
  scale,
  rotation,
  map: pageLayout("A3", true).map,
});

describe("print frame", () => {
  for (const [place, lon, lat] of [
    ["Gedser", 11.93, 54.57],
    ["Odense", 10.38551, 55.40178],
    ["Skagen", 10.59, 57.72],
    ["Malmö", 13.0, 55.6],
    ["Kiruna", 20.2253, 67.8558],
  ] as const) {
    it(`prints 100 m of ground as 200 mm at 1:500 in ${place}, east–west and north–south within 0.15 %`, () => {
      const frame = frameAt(lon, lat);
      const toPage = mapToPage(frame);
      const { east, north } = degreeLengths(lat);
      const x0 = apply(toPage, fromLonLat([lon, lat]))[0]!;
      const x1 = apply(toPage, fromLonLat([lon + 100 / east, lat]))[0]!;
      const y0 = apply(toPage, fromLonLat([lon, lat]))[1]!;
      const y1 = apply(toPage, fromLonLat([lon, lat + 100 / north]))[1]!;
      expect(Math.abs(x1 - x0 - 200) / 200).toBeLessThan(0.0015);
      // North is up on the page: y grows downwards.
      expect(Math.abs(y0 - y1 - 200) / 200).toBeLessThan(0.0015);
    });
  }

  it("puts the frame's centre in the middle of the map's box and north up, or turned with the map", () => {
    const frame = frameAt(10.38551, 55.40178);
    const [x, y] = apply(mapToPage(frame), frame.center.slice());
    expect(x).toBeCloseTo(frame.map.x + frame.map.width / 2, 6);
    expect(y).toBeCloseTo(frame.map.y + frame.map.height / 2, 6);
    // Turned 90° clockwise (as OpenLayers' view rotation): a point north of the centre appears to its right.
    const turned = { ...frame, rotation: Math.PI / 2 };
    const north = apply(mapToPage(turned), [frame.center[0]!, frame.center[1]! + 10]);
    expect(north[0]!).toBeGreaterThan(frame.map.x + frame.map.width / 2);
    expect(north[1]!).toBeCloseTo(frame.map.y + frame.map.height / 2, 6);
  });

  it("has a ring on the map whose corners are the map box's corners on the page", () => {
    const frame = frameAt(10.38551, 55.40178, 0.5);
    const ring = frameRing(frame);
    expect(ring).toHaveLength(5);
    const toPage = mapToPage(frame);
    const [tl, tr, br, bl] = ring.map((corner) => apply(toPage, corner.slice()));
    expect(tl![0]).toBeCloseTo(frame.map.x, 6);
    expect(tl![1]).toBeCloseTo(frame.map.y, 6);
    expect(tr![0]).toBeCloseTo(frame.map.x + frame.map.width, 6);
    expect(br![1]).toBeCloseTo(frame.map.y + frame.map.height, 6);
    expect(bl![0]).toBeCloseTo(frame.map.x, 6);
  });

  it("gives the base map's resolution for the print's dots, and the styles' ground metres per printed CSS pixel", () => {
    const frame = frameAt(10.38551, 55.40178);
    // 300 dots an inch: a dot is 0.0847 mm, which at 1:500 is 4.23 cm on the ground.
    expect(mapResolutionAt(frame, 300) * groundPerMapUnit(frame.center)).toBeCloseTo((25.4 / 300) * 0.5, 6);
    expect(mmPerMapUnit(frame)).toBeCloseTo((groundPerMapUnit(frame.center) * 1000) / 500, 9);
    // A CSS pixel prints at 96 an inch: 0.2646 mm, 13.2 cm of ground at 1:500.
    expect(printMetresPerPixel(500)).toBeCloseTo(0.1323, 4);
  });

  it("turns the frame clockwise on a north-up map when it is turned clockwise, and says so in its number", () => {
    const rotation = rotationAfterFrameTurn(0, 5);
    const [tl, tr] = frameRing(frameAt(10.38551, 55.40178, (rotation * Math.PI) / 180));
    // The frame's top edge, from its top-left to its top-right corner, on the map (east, north). Turned
    // clockwise, it points east and a little south.
    const east = tr![0]! - tl![0]!;
    const north = tr![1]! - tl![1]!;
    expect(east).toBeGreaterThan(0);
    expect((Math.atan2(-north, east) * 180) / Math.PI).toBeCloseTo(5, 6);
    expect(frameTurnOf(rotation)).toBe(5);
    expect(frameTurnOf(rotationAfterFrameTurn(rotation, -10))).toBe(-5);
    expect(Object.is(frameTurnOf(0), 0)).toBe(true);
  });
});
