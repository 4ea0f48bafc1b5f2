import { describe, expect, it } from "vitest";
import { pipeLengthMetres, pipeSpecifications, pipeSpecificationsTotal, type PipeSpecNames } from "./specifications";
import type { PipeElement } from "@/lib/elements/pipe";

const names: PipeSpecNames = {
  waterKind: (kind) => ({ spildevand: "Spildevand", regnvand: "Regnvand", faelles: "Fællesvand", draen: "Drænvand" })[kind],
  pipe: "Rør",
};

/** Metres per degree along a meridian on the specification's sphere (6371 km). */
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

let next = 0;
/** A pipe running `metres` north from (10.38, 55.4 + offset). */
function pipe(metres: number, extra: Partial<PipeElement> = {}): PipeElement {
  next += 1;
  const lat = 55.4 + next * 0.001;
  return {
    id: `p${next}`,
    coordinates: [
      [10.38, lat],
      [10.38, lat + metres / METRES_PER_DEGREE],
    ],
    colour: "#c62828",
    widthMm: 110,
    dashPattern: "solid",
    textAbove: "",
    textBelow: "",
    ...extra,
  };
}

const foul = { waterKind: "spildevand", dimension: 110, material: "PP" } as const;

describe("pipeSpecifications", () => {
  it("measures a pipe along the ground, every bend counted", () => {
    expect(pipeLengthMetres(pipe(25))).toBeCloseTo(25, 6);
    const bent: Pick<PipeElement, "coordinates"> = {
      coordinates: [
        [10.38, 55.4],
        [10.38, 55.4 + 10 / METRES_PER_DEGREE],
        [10.38, 55.4 + 30 / METRES_PER_DEGREE],
      ],
    };
    expect(pipeLengthMetres(bent)).toBeCloseTo(30, 6);
  });

  it("makes one row of pipes of one type, adding up their lengths and collecting their falls", () => {
    const rows = pipeSpecifications(
      [pipe(12.34, { ...foul, fallPerMille: 20 }), pipe(7.5, { ...foul, fallPerMille: 10 }), pipe(3, { ...foul, fallPerMille: 20 })],
      names,
    );
    expect(rows).toEqual([
      {
        key: expect.any(String),
        name: "Spildevand 110 PP",
        label: "Spildevand",
        presetName: null,
        waterKind: "spildevand",
        colour: "#c62828",
        dashPattern: "solid",
        widthMm: 110,
        dimension: 110,
        material: "PP",
        falls: [10, 20],
        lengthMetres: 22.8,
        count: 3,
      },
    ]);
    expect(pipeSpecificationsTotal(rows)).toBe(22.8);
    expect(pipeSpecifications([], names)).toEqual([]);
  });

  it("names a type by its preset, else by its kind of water, else as a pipe, with dimension and material", () => {
    const rows = pipeSpecifications(
      [
        pipe(10, { presetName: " Stikledning ", dimension: 110, material: "PVC" }),
        pipe(10, { dimension: 160 }),
        pipe(10, {}),
        pipe(10, { waterKind: "regnvand", material: "beton" }),
      ],
      names,
    );
    expect(rows.map((row) => row.name)).toEqual(["Regnvand beton", "Rør", "Rør 160", "Stikledning"]);
    expect(rows.map((row) => row.label)).toEqual(["Regnvand", "Rør", "Rør", "Stikledning"]);
    expect(rows.find((row) => row.name === "Stikledning")).toMatchObject({ presetName: "Stikledning", dimension: 110, material: "PVC" });
  });

  it("keeps pipes apart that look different or carry other data; what would print as one row is one type", () => {
    const rows = pipeSpecifications(
      [
        pipe(5, foul),
        pipe(5, { ...foul, colour: "#C62828" }),
        pipe(5, { ...foul, dashPattern: "standard" }),
        pipe(5, { ...foul, widthMm: 160 }),
        pipe(5, { ...foul, colour: "#000000" }),
        pipe(5, { ...foul, material: "PVC" }),
        pipe(5, { ...foul, dimension: 160 }),
        pipe(5, { ...foul, presetName: "Spildevand 110 PP" }),
      ],
      names,
    );
    // The colour in capitals and the preset named as the pipe's data would be are the first pipe's type.
    expect(rows.length).toBe(6);
    expect(rows.map((row) => row.count).sort()).toEqual([1, 1, 1, 1, 1, 3]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(6);
  });

  it("sorts by kind of water (pipes without one last), then by name in natural order and dimension", () => {
    const rows = pipeSpecifications(
      [
        pipe(1, { dimension: 110 }),
        pipe(1, { waterKind: "draen", dimension: 100 }),
        pipe(1, { waterKind: "regnvand", dimension: 160 }),
        pipe(1, { waterKind: "regnvand", dimension: 110 }),
        pipe(1, { waterKind: "spildevand", dimension: 110 }),
        pipe(1, { waterKind: "faelles", dimension: 315 }),
      ],
      names,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "Spildevand 110",
      "Regnvand 110",
      "Regnvand 160",
      "Fællesvand 315",
      "Drænvand 100",
      "Rør 110",
    ]);
  });

  it("rounds each type's length to 0.1 m and totals the rounded lengths, so the column adds up", () => {
    const rows = pipeSpecifications([pipe(1.04, foul), pipe(1.04, { waterKind: "regnvand" }), pipe(1.04, { waterKind: "draen" })], names);
    expect(rows.map((row) => row.lengthMetres)).toEqual([1, 1, 1]);
    expect(pipeSpecificationsTotal(rows)).toBe(3);
  });
});
