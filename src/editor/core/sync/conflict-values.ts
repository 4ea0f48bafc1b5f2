/**
 * How a conflict's values read to the user (issue 36): text as text, numbers as numbers, a sign by its
 * code, a geometry as "moved" or "reshaped" (coordinates mean nothing to a reader). Pure: the panel
 * (src/editor/ui/sync/sync-conflict-panel.tsx) translates the result.
 */

/** One value in a readable form: a literal to show as it is, or a word the panel translates. */
export type ReadableValue =
  | { type: "text"; value: string }
  | { type: "number"; value: number }
  | { type: "yes" }
  | { type: "no" }
  | { type: "empty" }
  | { type: "removed" }
  | { type: "moved" }
  | { type: "reshaped" }
  | { type: "unchanged" }
  | { type: "changed" };

/** Fields that hold geometry: shown as moved or reshaped. */
const GEOMETRY_FIELDS = new Set(["position", "coordinates", "geometry", "points", "path"]);

/** A sign's code from its picture's address: "/signs/A/A11.webp" → "A11". */
export function signCodeOf(imageUrl: unknown): string | null {
  if (typeof imageUrl !== "string") return null;
  const file = imageUrl.split(/[/?#]/).filter(Boolean).at(-1) ?? "";
  const code = file.replace(/\.[a-z0-9]+$/i, "");
  return code === "" ? null : decodeURIComponent(code);
}

const flat = (value: unknown): number[] => (Array.isArray(value) ? value.flatMap(flat) : typeof value === "number" ? [value] : []);

/**
 * A geometry's change from `base`: "moved" where every coordinate moved by the same offset (or it is
 * one point), "reshaped" otherwise; "unchanged" where it is the same.
 */
export function geometryChange(base: unknown, value: unknown): "moved" | "reshaped" | "unchanged" {
  const before = flat(base);
  const after = flat(value);
  if (JSON.stringify(base) === JSON.stringify(value)) return "unchanged";
  if (before.length !== after.length || before.length === 0) return "reshaped";
  if (before.length === 2) return "moved";
  const dx = after[0]! - before[0]!;
  const dy = after[1]! - before[1]!;
  const tolerance = 1e-9;
  for (let i = 0; i < before.length; i += 2) {
    if (Math.abs(after[i]! - before[i]! - dx) > tolerance || Math.abs(after[i + 1]! - before[i + 1]! - dy) > tolerance) return "reshaped";
  }
  return "moved";
}

/** One field's value of an element in a readable form; `base` is the value both sides started from. */
export function readableValue(field: string, value: unknown, base: unknown, present = true): ReadableValue {
  if (!present) return { type: "removed" };
  if (GEOMETRY_FIELDS.has(field)) return { type: geometryChange(base, value) };
  if (value === undefined || value === null || value === "") return { type: "empty" };
  if (typeof value === "string") {
    if (field === "imageUrl") return { type: "text", value: signCodeOf(value) ?? value };
    return { type: "text", value };
  }
  if (typeof value === "number") return { type: "number", value };
  if (typeof value === "boolean") return { type: value ? "yes" : "no" };
  if (typeof value === "object" && !Array.isArray(value)) {
    // A nested part (a sign's sub-sign): its text or its sign's code says what it is.
    const record = value as Record<string, unknown>;
    const text = typeof record.text === "string" && record.text !== "" ? record.text : null;
    const code = signCodeOf(record.imageUrl);
    const words = [code, text].filter((part): part is string => part !== null);
    if (words.length > 0) return { type: "text", value: words.join(" ") };
  }
  return { type: "changed" };
}

/** What names an element to the user besides its kind: a sign's name and code, a text's words. */
export function elementLabel(element: Record<string, unknown> | null): string | null {
  if (!element) return null;
  const code = signCodeOf(element.imageUrl);
  const name = typeof element.name === "string" && element.name !== "" ? element.name : null;
  const text = typeof element.text === "string" && element.text !== "" ? element.text : null;
  const words = [name ?? text, code].filter((part): part is string => part !== null);
  return words.length > 0 ? words.join(" · ") : null;
}
