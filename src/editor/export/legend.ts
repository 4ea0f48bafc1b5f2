/**
 * The legend of a page: the signs a plan uses, one row per picture (a sign with its value, an upload),
 * with how many are placed, in the catalogue's code order.
 */
import { signImageOf } from "../kinds/sign/sign-image";
import type { LegendSource } from "./export-plan";
import type { SignElement } from "@/lib/elements/sign";

const collator = new Intl.Collator("da", { numeric: true });

export function legendOf(signs: readonly SignElement[], uploadName: string): LegendSource[] {
  const rows = new Map<string, LegendSource>();
  for (const sign of signs) {
    const image = signImageOf(sign);
    const key = image.placeholder ? `placeholder:${sign.imageUrl}` : image.src;
    const row = rows.get(key);
    if (row) {
      row.count += 1;
      continue;
    }
    const code = image.sign?.code ?? "";
    const value = image.showsValue ? (sign.text ?? sign.name ?? "") : "";
    const name = image.sign
      ? `${image.sign.name}${value && !image.sign.name.includes(value) ? ` (${value})` : ""}`
      : (sign.name ?? uploadName);
    rows.set(key, { src: image.src, code, name, count: 1 });
  }
  return [...rows.values()].sort((a, b) =>
    a.code && b.code ? collator.compare(a.code, b.code) : a.code ? -1 : b.code ? 1 : collator.compare(a.name, b.name),
  );
}
