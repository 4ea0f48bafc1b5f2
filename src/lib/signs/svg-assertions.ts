/** Test helper shared by the catalogue tests: the SVG our renderer writes is well-formed and self-contained. */
import { expect } from "vitest";

/** Well-formed enough for our output: one root <svg>, every element closed in order, nothing unescaped. */
export function assertWellFormed(svg: string, id: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), id).toBe(true);
  expect(svg.endsWith("</svg>"), id).toBe(true);
  expect(svg, id).not.toMatch(/NaN|undefined|Infinity|\[object/);
  // No external references: only fragment links (clip paths) are allowed.
  expect(svg, id).not.toMatch(/(?:href|src)\s*=\s*"(?!#)/);
  expect(svg, id).not.toMatch(/url\((?!#)/);
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (closing) expect(stack.pop(), `${id}: </${name}>`).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(stack, id).toEqual([]);
  const text = svg.replace(/<[^>]*>/g, "");
  expect(text, `${id}: raw < or & in text`).not.toMatch(/<|&(?!amp;|lt;|gt;|quot;|apos;)/);
}
