import { describe, expect, it } from "vitest";
import { COMMON_PIPE_TYPES, offeredPipeTypes } from "./common-types";
import { presetStyle } from "./use-pipe-tools";
import { pipeSchema } from "@/lib/elements/pipe";
import { pipePresetBodySchema, type PipePresetDto } from "@/lib/schemas/pipe-presets";

const names = { spildevand: "Spildevand", regnvand: "Regnvand", faelles: "Fællesvand", draen: "Drænvand" } as const;
const name = (kind: keyof typeof names) => names[kind];

describe("offeredPipeTypes", () => {
  it("offers the common types, named as a kloakmester writes them, while the user has none of their own", () => {
    const { types, common } = offeredPipeTypes([], name);
    expect(common).toBe(true);
    expect(types.map((t) => t.name)).toEqual([
      "Spildevand 110 PVC 20 ‰",
      "Spildevand 160 PVC 10 ‰",
      "Regnvand 110 PVC 20 ‰",
      "Regnvand 160 PVC 10 ‰",
      "Fællesvand 200 PVC 5 ‰",
      "Fællesvand 300 beton 3 ‰",
      "Drænvand 70 PVC 3 ‰",
    ]);
    expect(new Set(types.map((t) => t.id)).size).toBe(COMMON_PIPE_TYPES.length);
    expect(types[2]).toMatchObject({ colour: "#1565c0", dashPattern: "standard", widthMm: 110, waterKind: "regnvand" });
  });

  it("gives types a preset and a drawn pipe accept", () => {
    for (const type of offeredPipeTypes([], name).types) {
      const { id: _id, ...body } = type;
      expect(pipePresetBodySchema.safeParse(body).success).toBe(true);
      const pipe = {
        id: "p",
        coordinates: [
          [10, 55],
          [10.001, 55],
        ],
        ...presetStyle(type),
      };
      expect(pipeSchema.safeParse(pipe).success).toBe(true);
    }
  });

  it("offers only the user's own types once they have one", () => {
    const own: PipePresetDto = {
      id: "x",
      name: "Stik 110 PP",
      colour: "#000000",
      widthMm: 110,
      dashPattern: "solid",
      textAbove: "",
      textBelow: "",
      createdAt: "2026-01-01T00:00:00Z",
      updatedAt: "2026-01-01T00:00:00Z",
    };
    expect(offeredPipeTypes([own], name)).toEqual({ types: [own], common: false });
  });
});
