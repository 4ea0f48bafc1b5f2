import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { nationalGridOf, toNationalGrid } from "./national-grid";

/** The GRS80 meridian arc from the equator to `latitude`, by numerical integration: an independent check. */
function meridianArc(latitude: number): number {
  const a = 6_378_137;
  const f = 1 / 298.257222101;
  const e2 = f * (2 - f);
  const phi = (latitude * Math.PI) / 180;
  const steps = 10_000;
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const p = ((i + 0.5) / steps) * phi;
    sum += (a * (1 - e2)) / (1 - e2 * Math.sin(p) ** 2) ** 1.5;
  }
  return (sum * phi) / steps;
}
/** Both grids are UTM-like: scale factor 0.9996 on the central meridian. */
const K0 = 0.9996;

describe("national grid", () => {
  it("gives Danish coordinates in ETRS89 / UTM 32N, whose central meridian is 9° E", () => {
    const grid = nationalGridOf("skilteplanen");
    expect(grid.name).toBe("ETRS89 / UTM 32N");
    const [east, north] = toNationalGrid(fromLonLat([9, 56]), grid);
    expect(east).toBeCloseTo(500_000, 0);
    expect(north).toBeCloseTo(K0 * meridianArc(56), 1);
    // East of the meridian: Odense lies about 588 km east in the zone's false easting.
    const [odenseEast] = toNationalGrid(fromLonLat([10.3883, 55.3959]), grid);
    expect(odenseEast).toBeGreaterThan(587_000);
    expect(odenseEast).toBeLessThan(589_000);
  });

  it("gives Swedish coordinates in SWEREF 99 TM, whose central meridian is 15° E", () => {
    const grid = nationalGridOf("ta-planen");
    expect(grid.name).toBe("SWEREF 99 TM");
    const [east, north] = toNationalGrid(fromLonLat([15, 60]), grid);
    expect(east).toBeCloseTo(500_000, 0);
    expect(north).toBeCloseTo(K0 * meridianArc(60), 1);
  });
});
