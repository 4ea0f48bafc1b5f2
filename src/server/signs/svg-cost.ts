import "server-only";
import type { Element } from "@xmldom/xmldom";

/*
 * What an SVG costs to draw once its references are followed, for the sanitiser (./svg-sanitizer.ts).
 *
 * A renderer draws a <use> by drawing what it refers to again, and a url(#…) (fill, stroke, clip-path, mask,
 * filter, marker; in an attribute, a style attribute or a <style> rule) by drawing the referenced element
 * for every element that uses it; a marker is drawn at every vertex. References inside referenced elements
 * multiply: six nested groups of a hundred <use> each are a 10 KB file that a browser tries to draw as
 * 10¹² elements. So the drawing is counted as a renderer expands it, each element once per time it is
 * drawn, and refused past MAX_RENDERED_ELEMENTS (the same bound as the file's own elements: expanding may
 * not make a file dearer than the largest file we accept without references); references chained more
 * than MAX_REFERENCE_DEPTH deep, and cycles, are refused outright. A gradient draws nothing but its colours
 * and costs nothing. Each element's expansion is computed once however often it is referenced (a memo),
 * so the check itself takes time in proportion to the file.
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

/** A url(#id) or href="#id"; a marker's is drawn once per vertex of the element that refers to it. */
interface Reference {
  id: string;
  marker: boolean;
  /** From a <style> rule, which may name more elements than it reaches (see StyleReferences). */
  rule?: true;
}

/** The references in CSS declarations ("fill: url(#g); marker-mid: url(#m)"). */
function cssReferences(declarations: string, into: Reference[]): void {
  for (const declaration of declarations.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0) urlReferences(declaration.slice(0, colon).trim(), declaration.slice(colon + 1), into);
  }
}

function urlReferences(property: string, value: string, into: Reference[]): void {
  for (const match of value.matchAll(URL_REF)) into.push({ id: match[1]!, marker: /^marker/i.test(property) });
}

/**
 * The references <style> rules attach to elements, by what their selectors name: a class, an id or an
 * element name (what editors write: Illustrator's ".cls-1"). A selector that is anything more may match
 * any element and is counted as if it matched every one; a cycle through a rule is then not refused,
 * only not followed, since the rule may not reach as far as it seems to.
 */
interface StyleReferences {
  byClass: Map<string, Reference[]>;
  byId: Map<string, Reference[]>;
  byName: Map<string, Reference[]>;
  everywhere: Reference[];
}

function styleReferences(css: string, drawable: (reference: Reference) => boolean): StyleReferences {
  const found: StyleReferences = { byClass: new Map(), byId: new Map(), byName: new Map(), everywhere: [] };
  for (const rule of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const references: Reference[] = [];
    cssReferences(rule[2]!, references);
    const kept = references.filter(drawable).map((reference) => ({ ...reference, rule: true as const }));
    if (kept.length === 0) continue;
    for (const selector of rule[1]!.split(",")) {
      const simple = /^\s*([.#]?)([\w-]+)\s*$/.exec(selector);
      const map = !simple ? null : simple[1] === "." ? found.byClass : simple[1] === "#" ? found.byId : found.byName;
      const list = map ? (map.get(simple![2]!) ?? map.set(simple![2]!, []).get(simple![2]!)!) : found.everywhere;
      list.push(...kept);
    }
  }
  return found;
}

function referencesOf(element: Element, style: StyleReferences): Reference[] {
  const found: Reference[] = [];
  for (const attr of Array.from(element.attributes)) {
    const local = attr.localName ?? attr.name;
    if (local === "href" && (attr.namespaceURI === null || attr.namespaceURI === XLINK_NS)) {
      const id = /^\s*#(\S+)\s*$/.exec(attr.value)?.[1];
      if (id) found.push({ id, marker: false });
    } else if (local === "style") cssReferences(attr.value, found);
    else urlReferences(local, attr.value, found);
  }
  found.push(...style.everywhere, ...(style.byName.get(element.localName ?? "") ?? []));
  const id = element.getAttribute("id");
  if (id) found.push(...(style.byId.get(id) ?? []));
  for (const name of new Set((element.getAttribute("class") ?? "").split(/\s+/))) found.push(...(style.byClass.get(name) ?? []));
  return found;
}

/**
 * Refuses a drawing whose expansion is too large or too deep (see above). Runs on the cleaned tree, whose
 * depth the sanitiser has already bounded, so the recursion is bounded by that depth times the reference depth.
 */
export function checkRenderCost(root: Element): CostRefusal | null {
  const ids = new Map<string, Element>();
  let css = "";
  const stack = [root];
  for (let element = stack.pop(); element; element = stack.pop()) {
    const id = element.getAttribute("id");
    // The first element with an id wins, as getElementById answers.
    if (id && !ids.has(id)) ids.set(id, element);
    if (element.localName === "style") css += `${element.textContent ?? ""}\n`;
    stack.push(...Array.from(elementChildren(element)).reverse());
  }
  // Missing: drawn as nothing (or the fallback colour). A gradient holds only stops, nothing it draws.
  // Every other reference adds at least one element, so following them all stops at the bound.
  const drawable = ({ id }: Reference) => {
    const target = ids.get(id);
    return target !== undefined && !PAINT_ONLY.has(target.localName ?? "");
  };
  const style = styleReferences(css, drawable);

  const memo = new Map<Element, { elements: number; depth: number }>();
  const visiting = new Set<Element>();
  const cost = (element: Element, hops: number): { elements: number; depth: number } => {
    const known = memo.get(element);
    if (known) {
      if (hops + known.depth > MAX_REFERENCE_DEPTH) throw new TooCostly({ reason: "referenceDepth", detail: `${MAX_REFERENCE_DEPTH}` });
      return known;
    }
    visiting.add(element);
    let elements = 1;
    let depth = 0;
    const add = (part: { elements: number; depth: number }, times: number, extraDepth: number) => {
      elements += part.elements * times;
      depth = Math.max(depth, part.depth + extraDepth);
      if (elements > MAX_RENDERED_ELEMENTS) throw new TooCostly({ reason: "references", detail: `${MAX_RENDERED_ELEMENTS}` });
    };
    for (const child of elementChildren(element)) add(cost(child, hops), 1, 0);
    for (const reference of referencesOf(element, style)) {
      if (!drawable(reference)) continue;
      const target = ids.get(reference.id)!;
      // A rule that seems to reach into its own target is not followed again, as renderers break a cycle.
      if (visiting.has(target) && reference.rule) continue;
      if (visiting.has(target) || hops + 1 > MAX_REFERENCE_DEPTH)
        throw new TooCostly({ reason: "referenceDepth", detail: `#${reference.id}` });
      add(cost(target, hops + 1), reference.marker ? vertexBound(element) : 1, 1);
    }
    visiting.delete(element);
    const result = { elements, depth };
    memo.set(element, result);
    return result;
  };
  try {
    cost(root, 0);
    return null;
  } catch (error) {
    if (error instanceof TooCostly) return error.refusal;
    throw error;
  }
}
