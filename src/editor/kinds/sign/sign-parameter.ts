/**
 * The value of a parametric sign (a speed limit, a weight limit, a distance plate), checked per kind
 * before the sign is placed or changed. Pure, so the rules are unit-tested; the messages are keys under
 * `editorSigns.value.errors`.
 */
import type { SignParameter } from "@/lib/signs/types";

export type ParameterKind = SignParameter["kind"];

export type ParameterCheck = { ok: true; value: string } | { ok: false; error: ParameterKind };

/** Limits of the numeric kinds: real signs stay far inside them; they only stop typing mistakes. */
const NUMERIC: Partial<Record<ParameterKind, { min: number; max: number; step?: number; decimals: number }>> = {
  /** km/h; Danish limits come in steps of 10, temporary road-works limits also at 5 km/h steps (e.g. 15, 25). */
  speed: { min: 5, max: 130, step: 5, decimals: 0 },
  /** Tonnes. */
  weight: { min: 0.5, max: 60, decimals: 1 },
  axleWeight: { min: 0.5, max: 20, decimals: 1 },
  /** Metres. */
  height: { min: 1, max: 6, decimals: 1 },
  width: { min: 1, max: 5, decimals: 1 },
};

/** Free texts on a plate (a distance "200 m", a length "1,5 km", a place name): short enough to fit. */
const MAX_TEXT = { distance: 16, length: 16, text: 60 } as const;

/** Danish decimals use a comma; a dot typed by habit is accepted and shown as a comma. */
function parseDecimal(input: string): number | null {
  const normal = input.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}

function formatDecimal(value: number, decimals: number): string {
  const fixed = decimals === 0 ? String(Math.round(value)) : String(Math.round(value * 10 ** decimals) / 10 ** decimals);
  return fixed.replace(".", ",");
}

/** Checks a typed value and gives it in the form the sign shows ("3.5" → "3,5", " 80 " → "80"). */
export function checkParameterValue(kind: ParameterKind, input: string): ParameterCheck {
  const numeric = NUMERIC[kind];
  if (numeric) {
    const value = parseDecimal(input);
    if (value === null || value < numeric.min || value > numeric.max) return { ok: false, error: kind };
    if (numeric.decimals === 0 && !Number.isInteger(value)) return { ok: false, error: kind };
    if (numeric.step && value % numeric.step !== 0) return { ok: false, error: kind };
    return { ok: true, value: formatDecimal(value, numeric.decimals) };
  }
  const text = input.trim().replace(/\s+/g, " ");
  const max = MAX_TEXT[kind as keyof typeof MAX_TEXT] ?? MAX_TEXT.text;
  if (!text || text.length > max) return { ok: false, error: kind };
  // A distance or a length names a number ("200 m", "1,5 km", "100-300 m").
  if ((kind === "distance" || kind === "length") && !/\d/.test(text)) return { ok: false, error: kind };
  return { ok: true, value: text };
}
