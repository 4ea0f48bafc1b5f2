import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { dispatchDoubleClick, type KindTools } from "./kind-tools";
import type { ElementRef } from "../core/store/plan-store";
import { withValues } from "../kinds/registry";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { PipeElement } from "@/lib/elements/pipe";
import type { SignElement } from "@/lib/elements/sign";

const sign: ElementRef = { kind: "sign", element: { ...EXAMPLE_ELEMENTS.sign, id: "s1" } };
const pipe: ElementRef = { kind: "pipe", element: { ...EXAMPLE_ELEMENTS.pipe, id: "p1" } };
const text: ElementRef = { kind: "text", element: { ...EXAMPLE_ELEMENTS.text, id: "t1" } };

/** Tools of one kind that handle a double-click on its elements, as the sign's and the pipe's do. */
function toolsOf(kind: ElementRef["kind"], declines = false) {
  const opened: string[] = [];
  const tools: KindTools = {
    onDoubleClick: (ref) => {
      if (ref.kind !== kind || declines) return false;
      opened.push(ref.element.id);
      return true;
    },
  };
  return { tools, opened };
}

describe("dispatchDoubleClick", () => {
  it("hands an element to its own kind's tools only, and then not to the entry dialog", () => {
    const signs = toolsOf("sign");
    const pipes = toolsOf("pipe");
    const entry = vi.fn(() => true);
    expect(dispatchDoubleClick(pipe, [signs.tools, pipes.tools], entry)).toBe(true);
    expect(pipes.opened).toEqual(["p1"]);
    expect(signs.opened).toEqual([]);
    expect(entry).not.toHaveBeenCalled();
  });

  it("gives an element no kind's tools take to the entry dialog, which may decline it too", () => {
    const signs = toolsOf("sign");
    const entry = vi.fn((ref: ElementRef) => ref.kind === "text");
    expect(dispatchDoubleClick(text, [signs.tools], entry)).toBe(true);
    expect(entry).toHaveBeenLastCalledWith(text);
    // A line is neither: the double-click is the map's (it zooms).
    const line: ElementRef = { kind: "line", element: { ...EXAMPLE_ELEMENTS.line, id: "l1" } };
    expect(dispatchDoubleClick(line, [signs.tools], entry)).toBe(false);
  });

  it("passes a double-click its kind declines (a sign while another is being placed) on, and nothing on the empty map", () => {
    const signs = toolsOf("sign", true);
    const entry = vi.fn(() => false);
    expect(dispatchDoubleClick(sign, [signs.tools, {}], entry)).toBe(false);
    expect(entry).toHaveBeenCalledWith(sign);
    expect(signs.opened).toEqual([]);
    entry.mockClear();
    expect(dispatchDoubleClick(null, [toolsOf("sign").tools], entry)).toBe(false);
    expect(entry).not.toHaveBeenCalled();
  });
});

describe("ElementRef", () => {
  it("types the element by the kind it is narrowed to, without a cast", () => {
    const refs: ElementRef[] = [sign, pipe, text];
    const signs = refs.flatMap((ref) => (ref.kind === "sign" ? [ref.element] : []));
    expectTypeOf(signs).toEqualTypeOf<SignElement[]>();
    const pipes = refs.flatMap((ref) => (ref.kind === "pipe" ? [ref.element] : []));
    expectTypeOf(pipes).toEqualTypeOf<PipeElement[]>();
    expect(signs.map((s) => s.id)).toEqual(["s1"]);
  });

  it("keeps the kind when a dialog's values are applied, and drops an optional field the dialog left out", () => {
    const point: ElementRef<"point"> = { kind: "point", element: { ...EXAMPLE_ELEMENTS.point, id: "x", label: "Skab" } };
    const next = withValues(point, { colour: "#ff0000" }, [{ key: "label", type: "text", maxLength: 80 }]);
    expect(next.kind).toBe("point");
    expect(next.element.colour).toBe("#ff0000");
    expect("label" in next.element).toBe(false);
    expect(next.element.id).toBe("x");
  });
});
