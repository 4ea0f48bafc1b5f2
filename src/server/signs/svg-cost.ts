import "server-only";
import type { Element } from "@xmldom/xmldom";

/*
 * What an SVG costs to draw once its references are followed, for the sanitiser (./svg-sanitizer.ts).
 *
 * A renderer draws a <use> by drawing what it refers to again, and a url(#…) (fill, stroke, clip-path, mask,
 * filter, marker) by drawing the referenced element for every element that uses it; a marker is drawn at
 * every vertex. References inside referenced elements multiply: nine nested groups of ten <use> each are a
 * 2 KB file that a browser tries to draw as 10¹² elements. So the drawing is counted as a renderer expands
 * it, each element once per time it is drawn, and refused past MAX_RENDERED_ELEMENTS (the same bound as
 * the file's own elements: expanding may not make a file dearer than the largest file we accept without
 * references); references chained more than MAX_REFERENCE_DEPTH deep, and cycles, are refused outright.
 * Each element is counted once however often it is referenced (a memo), so the check itself is linear.
 */

export const MAX_RENDERED_ELEMENTS = 100_000;
/** <use> of a group of <use>…: icons need one or two levels (a symbol, a gradient's template). */
export const MAX_REFERENCE_DEPTH = 8;

export type CostRefusal = { reason: "references" | "referenceDepth"; detail: string };

const XLINK_NS = "http://www.w3.org/1999/xlink";
const PAINT_ONLY = new Set(["linearGradient", "radialGradient"]);
const URL_REF = /url\(\s*['"]?\s*#([^'")\s]+)/gi;
const NUMBER = /[-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?/gi;

class TooCostly extends Error {
  constructor(readonly refusal: CostRefusal) {
    super(refusal.reason);
  }
}

function* elementChildren(element: Element): Generator<Element> {
  for (let child = element.firstChild; child; child = child.nextSibling) if (child.nodeType === child.ELEMENT_NODE) yield child as Element;
}

/** A marker is drawn at each vertex: the coordinates of the element's path or points bound their number. */
function vertexBound(element: Element): number {
  const coordinates = (element.getAttribute("d") ?? element.getAttribute("points") ?? "").match(NUMBER)?.length ?? 0;
  return Math.max(2, coordinates);
}

/** The ids a CSS value or presentation attribute refers to, with how often each is drawn per element. */
function urlReferences(property: string, value: string, element: Element, into: { id: string; times: number }[]): void {
  for (const match of value.matchAll(URL_REF)) into.push({ id: match[1]!, times: /^marker/i.test(property) ? vertexBound(element) : 1 });
}

function referencesOf(element: Element): { id: string; times: number }[] {
  const found: { id: string; times: number }[] = [];
  for (const attr of Array.from(element.attributes)) {
    const local = attr.localName ?? attr.name;
    if (local === "href" && (attr.namespaceURI === null || attr.namespaceURI === XLINK_NS)) {
      const id = /^\s*#(\S+)\s*$/.exec(attr.value)?.[1];
      if (id) found.push({ id, times: 1 });
    } else if (local === "style") {
      for (const declaration of attr.value.split(";")) {
        const colon = declaration.indexOf(":");
        if (colon > 0) urlReferences(declaration.slice(0, colon).trim(), declaration.slice(colon + 1), element, found);
      }
    } else urlReferences(local, attr.value, element, found);
  }
  return found;
}

/**
 * The elements drawn when `root` is rendered, references expanded; throws TooCostly past the bounds.
 * `perElement`: what every element costs on top of itself (what a <style> rule's url(#…) may attach to it).
 */
function expand(root: Element, ids: Map<string, Element>, perElement: number): number {
  const memo = new Map<Element, { elements: number; depth: number }>();
  const visiting = new Set<Element>();
  const cost = (element: Element, hops: number): { elements: number; depth: number } => {
    const known = memo.get(element);
    if (known) {
      if (hops + known.depth > MAX_REFERENCE_DEPTH) throw new TooCostly({ reason: "referenceDepth", detail: `${MAX_REFERENCE_DEPTH}` });
      return known;
    }
    visiting.add(element);
    let elements = 1 + perElement;
    let depth = 0;
    const add = (part: { elements: number; depth: number }, times: number, extraDepth: number) => {
      elements += part.elements * times;
      depth = Math.max(depth, part.depth + extraDepth);
      if (elements > MAX_RENDERED_ELEMENTS) throw new TooCostly({ reason: "references", detail: `${MAX_RENDERED_ELEMENTS}` });
    };
    for (const child of elementChildren(element)) add(cost(child, hops), 1, 0);
    for (const { id, times } of referencesOf(element)) {
      const target = ids.get(id);
      // Missing: drawn as nothing (or the fallback colour). A gradient holds only stops, nothing it draws.
      if (!target || PAINT_ONLY.has(target.localName ?? "")) continue;
      if (visiting.has(target)) throw new TooCostly({ reason: "referenceDepth", detail: `#${id}` });
      if (hops + 1 > MAX_REFERENCE_DEPTH) throw new TooCostly({ reason: "referenceDepth", detail: `#${id}` });
      add(cost(target, hops + 1), times, 1);
    }
    visiting.delete(element);
    const result = { elements, depth };
    memo.set(element, result);
    return result;
  };
  return cost(root, 0).elements;
}

/**
 * Refuses a drawing whose expansion is too large or too deep (see above). Runs on the cleaned tree, whose
 * depth the sanitiser has already bounded, so the recursion is bounded by that depth times the reference depth.
 */
export function checkRenderCost(root: Element): CostRefusal | null {
  const ids = new Map<string, Element>();
  const styleTargets: string[] = [];
  const stack = [root];
  for (let element = stack.pop(); element; element = stack.pop()) {
    const id = element.getAttribute("id");
    // The first element with an id wins, as getElementById answers.
    if (id && !ids.has(id)) ids.set(id, element);
    if (element.localName === "style") for (const match of (element.textContent ?? "").matchAll(URL_REF)) styleTargets.push(match[1]!);
    stack.push(...Array.from(elementChildren(element)).reverse());
  }
  try {
    // A <style> rule may attach its url(#…) to any element: every element is charged for drawing each
    // target once (a marker's per-vertex copies through CSS are not counted).
    let perElement = 0;
    for (const id of styleTargets) {
      const target = ids.get(id);
      if (target) perElement += expand(target, ids, 0);
      if (perElement > MAX_RENDERED_ELEMENTS) throw new TooCostly({ reason: "references", detail: `${MAX_RENDERED_ELEMENTS}` });
    }
    expand(root, ids, perElement);
    return null;
  } catch (error) {
    if (error instanceof TooCostly) return error.refusal;
    throw error;
  }
}
