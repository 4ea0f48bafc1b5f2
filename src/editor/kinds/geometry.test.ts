import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { lineStringOf, positionsOfLineString, toMapCoordinate } from "./geometry";
import type { Position } from "@/lib/elements/common";

describe("element geometry", () => {
  const positions: Position[] = [
    [10.38551, 55.40178],
    [10.3860001, 55.4020002],
    [-179.9999999, -84.9],
    [12.5683, 55.6761],
  ];

  it("builds a line in exactly the Web Mercator coordinates fromLonLat gives each vertex", () => {
    const line = lineStringOf(positions);
    expect(line.getLayout()).toBe("XY");
    expect(line.getCoordinates()).toEqual(positions.map((position) => fromLonLat(position)));
    expect(positions.map(toMapCoordinate)).toEqual(line.getCoordinates());
  });

  it("leaves the stored positions untouched and reads them back at the stored precision", () => {
    const copy = structuredClone(positions);
    const line = lineStringOf(positions);
    expect(positions).toEqual(copy);
    expect(positionsOfLineString(line)).toEqual(positions);
  });
});
