/**
 * The pipe types offered before a user has made their own (issue 33): the pipes a kloakmester draws
 * most on a house connection, with the falls DS 432 practice writes on them (DOMAIN.md, "Sewer
 * drawings": "110 pp, min. 20 ‰", rainwater 20 ‰ before and 10 ‰ after the sand trap, drains "70 pvc
 * 3 ‰"). They are not stored: choosing one gives the next pipe its style as a preset of the user's
 * would, and once the user has a type of their own only those are offered.
 */
import { PIPE_WATER_KIND_DEFAULTS, pipeSpecLabel, type PipeWaterKind } from "@/lib/elements/pipe";
import type { PipePresetDto } from "@/lib/schemas/pipe-presets";

/** A pipe type as the picker offers it: a user's preset, or one of the common types. */
export type PipeType = Omit<PipePresetDto, "createdAt" | "updatedAt">;

interface CommonPipeType {
  waterKind: PipeWaterKind;
  /** Nominal outer diameter in mm; also the drawn width on the ground. */
  dimension: number;
  material: string;
  fallPerMille: number;
}

export const COMMON_PIPE_TYPES: readonly CommonPipeType[] = [
  { waterKind: "spildevand", dimension: 110, material: "PVC", fallPerMille: 20 },
  { waterKind: "spildevand", dimension: 160, material: "PVC", fallPerMille: 10 },
  { waterKind: "regnvand", dimension: 110, material: "PVC", fallPerMille: 20 },
  { waterKind: "regnvand", dimension: 160, material: "PVC", fallPerMille: 10 },
  { waterKind: "faelles", dimension: 200, material: "PVC", fallPerMille: 5 },
  { waterKind: "faelles", dimension: 300, material: "beton", fallPerMille: 3 },
  { waterKind: "draen", dimension: 70, material: "PVC", fallPerMille: 3 },
];

/**
 * The types the picker offers: the user's own, or the common types while they have none (named by
 * their kind of water in the user's language and the label a kloakmester writes: "Spildevand 110 PVC
 * 20 ‰"), each in its kind of water's look.
 */
export function offeredPipeTypes(
  own: readonly PipePresetDto[],
  waterKindName: (kind: PipeWaterKind) => string,
  decimal?: (value: number) => string,
): { types: readonly PipeType[]; common: boolean } {
  if (own.length > 0) return { types: own, common: false };
  const types = COMMON_PIPE_TYPES.map((type): PipeType => ({
    id: `common-${type.waterKind}-${type.dimension}-${type.material.toLowerCase()}`,
    name: `${waterKindName(type.waterKind)} ${pipeSpecLabel(type, decimal)}`,
    ...PIPE_WATER_KIND_DEFAULTS[type.waterKind],
    widthMm: type.dimension,
    textAbove: "",
    textBelow: "",
    ...type,
  }));
  return { types, common: true };
}
