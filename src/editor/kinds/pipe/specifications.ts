/**
 * The pipe specifications of a sewer drawing (spec 2-content §3, Export: "pipe specifications"): one row
 * per type of pipe on the plan, with its look, its data and how much of it is laid, so the drawing's
 * reader can tell the lines apart and the contractor can order pipe. Pure: the names of the kinds of
 * water come in through `names`, so it is unit-tested without a browser.
 */
import { segmentLengths } from "../ruler";
import { pipeSpecLabel, PIPE_WATER_KINDS, type PipeDashPattern, type PipeElement, type PipeWaterKind } from "@/lib/elements/pipe";

export interface PipeSpecRow {
  /** Stable and unique within the table: the type's name, look and data. */
  key: string;
  /** The preset's name, or the kind of water with dimension and material ("Spildevand 110 PP"). */
  name: string;
  /** The type without the data that has columns of its own: the preset's name, the kind of water, or "Rør". */
  label: string;
  presetName: string | null;
  waterKind: PipeWaterKind | null;
  colour: string;
  dashPattern: PipeDashPattern;
  /** Drawn width on the ground in millimetres. */
  widthMm: number;
  dimension: number | null;
  material: string | null;
  /** The falls the pipes of this type are laid with, in per mille, ascending; empty when none is given. */
  falls: number[];
  /** Geodesic length of all its pipes in metres, to 0.1 m. */
  lengthMetres: number;
  /** How many pipes (drawn lines) it is made of. */
  count: number;
}

export interface PipeSpecNames {
  /** "Spildevand", "Regnvand" … in the site's language. */
  waterKind(kind: PipeWaterKind): string;
  /** The name of a pipe with neither preset nor kind of water ("Rør"). */
  pipe: string;
  /** The language names are sorted in (default Danish). */
  locale?: string;
}

const tenths = (metres: number) => Math.round(metres * 10) / 10;

/** The length of a pipe on the ground in metres (great circles on the specification's sphere, as the ruler measures). */
export function pipeLengthMetres(pipe: Pick<PipeElement, "coordinates">): number {
  return segmentLengths(pipe.coordinates).reduce((sum, length) => sum + length, 0);
}

/** What a pipe's type is called apart from its data: its preset's name, else its kind of water, else "Rør". */
function pipeTypeLabel(pipe: PipeElement, names: PipeSpecNames): string {
  return pipe.presetName?.trim() || (pipe.waterKind ? names.waterKind(pipe.waterKind) : names.pipe);
}

/** The name of a pipe's type: its preset's, else its kind of water (or "Rør") with dimension and material. */
export function pipeTypeName(pipe: PipeElement, names: PipeSpecNames): string {
  if (pipe.presetName?.trim()) return pipeTypeLabel(pipe, names);
  return [pipeTypeLabel(pipe, names), pipeSpecLabel({ dimension: pipe.dimension, material: pipe.material })].filter(Boolean).join(" ");
}

/**
 * The rows of a plan's pipe table: pipes with the same name, look and data are one type (their falls
 * may differ: a type is laid with the fall each stretch needs). Sorted by kind of water in the
 * schema's order (pipes without one last), then by name in natural order, then dimension.
 */
export function pipeSpecifications(pipes: readonly PipeElement[], names: PipeSpecNames): PipeSpecRow[] {
  const rows = new Map<string, PipeSpecRow & { exact: number }>();
  for (const pipe of pipes) {
    const name = pipeTypeName(pipe, names);
    const material = pipe.material?.trim() || null;
    const colour = pipe.colour.toLowerCase();
    const key = JSON.stringify([name, pipe.waterKind ?? null, pipe.dimension ?? null, material, colour, pipe.dashPattern, pipe.widthMm]);
    const length = pipeLengthMetres(pipe);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        name,
        label: pipeTypeLabel(pipe, names),
        presetName: pipe.presetName?.trim() || null,
        waterKind: pipe.waterKind ?? null,
        colour,
        dashPattern: pipe.dashPattern,
        widthMm: pipe.widthMm,
        dimension: pipe.dimension ?? null,
        material,
        falls: [],
        lengthMetres: 0,
        count: 0,
        exact: 0,
      };
      rows.set(key, row);
    }
    row.exact += length;
    row.count += 1;
    if (pipe.fallPerMille !== undefined && !row.falls.includes(pipe.fallPerMille)) row.falls.push(pipe.fallPerMille);
  }
  const collator = new Intl.Collator(names.locale ?? "da", { numeric: true });
  const kindOrder = (kind: PipeWaterKind | null) => (kind ? PIPE_WATER_KINDS.indexOf(kind) : PIPE_WATER_KINDS.length);
  return [...rows.values()]
    .map(({ exact, ...row }) => ({ ...row, lengthMetres: tenths(exact), falls: row.falls.sort((a, b) => a - b) }))
    .sort(
      (a, b) =>
        kindOrder(a.waterKind) - kindOrder(b.waterKind) ||
        collator.compare(a.name, b.name) ||
        (a.dimension ?? Infinity) - (b.dimension ?? Infinity) ||
        collator.compare(a.key, b.key),
    );
}

/** The total length of the table's rows, as the rows print it (so the column adds up). */
export function pipeSpecificationsTotal(rows: readonly PipeSpecRow[]): number {
  return tenths(rows.reduce((sum, row) => sum + row.lengthMetres, 0));
}
