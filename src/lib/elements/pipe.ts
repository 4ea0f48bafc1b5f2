/**
 * A pipe on a sewer drawing (spec 2-content §3, "Pipe style" and "Pipe preset"), with what a kloakmester
 * writes beside it (DOMAIN.md, "Sewer drawings"): dimension, material, fall and the kind of water.
 */
import * as z from "zod";
import {
  colourSchema,
  defineElement,
  elementObject,
  freeTextSchema,
  lineCoordinatesSchema,
  migrateIdentity,
  legendTextSchema,
} from "./common";

/** The specification's six dash patterns, in its order. */
export const PIPE_DASH_PATTERNS = ["solid", "standard", "short", "long", "long-short", "long-long-short"] as const;
export type PipeDashPattern = (typeof PIPE_DASH_PATTERNS)[number];

/**
 * Each pattern as dash, gap, dash, gap … in metres on the ground, so a pipe prints the same at its scale
 * as it shows on the screen (1 m is 5 mm on paper at 1:200). Empty: a solid line.
 */
export const PIPE_DASH_METRES: Record<PipeDashPattern, readonly number[]> = {
  solid: [],
  standard: [1, 0.5],
  short: [0.4, 0.3],
  long: [2.4, 0.5],
  "long-short": [2.4, 0.4, 0.4, 0.4],
  "long-long-short": [2.4, 0.4, 2.4, 0.4, 0.4, 0.4],
};

/**
 * The kinds of water a pipe carries (DANDAS distinguishes them too). No national colour convention
 * exists (DOMAIN.md), so these only give a new pipe its default colour and dash; users change them.
 */
export const PIPE_WATER_KINDS = ["spildevand", "regnvand", "faelles", "draen"] as const;
export type PipeWaterKind = (typeof PIPE_WATER_KINDS)[number];

export interface PipeLook {
  colour: string;
  dashPattern: PipeDashPattern;
}

/** Foul water red and solid, rainwater blue and dashed, combined purple, drains green and short-dashed. */
export const PIPE_WATER_KIND_DEFAULTS: Record<PipeWaterKind, PipeLook> = {
  spildevand: { colour: "#c62828", dashPattern: "solid" },
  regnvand: { colour: "#1565c0", dashPattern: "standard" },
  faelles: { colour: "#6a1b9a", dashPattern: "solid" },
  draen: { colour: "#2e7d32", dashPattern: "short" },
};

/** Longest material name ("Ultra Rib 2", "PP SN8", "beton"). */
export const MAX_PIPE_MATERIAL = 40;

export const pipeSchema = elementObject(() => ({
  /** [lon, lat] positions in drawing order; the flow runs from the first to the last. */
  coordinates: lineCoordinatesSchema,
  /** The user's pipe preset it was drawn with; the style below is a copy, so a deleted preset changes nothing. */
  presetId: z.string().min(1).max(64).optional(),
  /** The preset's name at the time, so the export's pipe table can name the type after the preset is gone. */
  presetName: z.string().max(100).optional(),
  colour: colourSchema,
  /** The drawn width in millimetres on the ground (a 110 mm pipe at 1:200 is 0.55 mm on paper); 5000 mm bounds culverts. */
  widthMm: z.number().positive().max(5_000),
  dashPattern: z.enum(PIPE_DASH_PATTERNS),
  /** Texts shown above and below the pipe, edited in place on the map; may be empty. */
  textAbove: freeTextSchema,
  textBelow: freeTextSchema,
  /** Nominal outer diameter in millimetres (110, 160, 200 …). */
  dimension: z.number().int().positive().max(5_000).optional(),
  material: z.string().max(MAX_PIPE_MATERIAL).optional(),
  /** Fall in per mille (20 ‰ is 2 cm a metre). */
  fallPerMille: z.number().min(0).max(1_000).optional(),
  waterKind: z.enum(PIPE_WATER_KINDS).optional(),
  /** The export legend's name for the element's look (see `legendTextSchema`). */
  legendText: legendTextSchema,
}));
export type PipeElement = z.output<typeof pipeSchema>;

/** 110 mm is the common PVC or PP sewer pipe of a single house connection. */
export const pipeDefaults = {
  colour: "#000000",
  widthMm: 110,
  dashPattern: "solid",
  textAbove: "",
  textBelow: "",
} as const satisfies Partial<PipeElement>;

/**
 * The label a kloakmester writes along a pipe, built from its data: "110 PP 20 ‰" (DOMAIN.md); parts not
 * given are left out, "" when none is. `decimal` formats the fall in the site's language.
 */
export function pipeSpecLabel(
  pipe: Pick<PipeElement, "dimension" | "material" | "fallPerMille">,
  decimal: (value: number) => string = String,
): string {
  const parts = [
    pipe.dimension !== undefined ? String(pipe.dimension) : "",
    pipe.material?.trim() ?? "",
    pipe.fallPerMille !== undefined ? `${decimal(pipe.fallPerMille)} ‰` : "",
  ];
  return parts.filter((part) => part !== "").join(" ");
}

/** Version 1: the first stored shape (the fields after textBelow are optional additions); `migrate` is the identity. */
export const version = 1;
export const migrate = migrateIdentity;

export const pipeDefinition = defineElement({
  kind: "pipe",
  listKey: "pipes",
  schema: pipeSchema,
  defaults: pipeDefaults,
  version,
  migrate,
  isDrawing: true,
  geometry: "line",
});
