import type { State } from "ol/render";
import { describe, expect, it } from "vitest";
import { MIN_TEXT_PX, TEXT_METRES_PER_PX, textEditor, textPixels, textStyle } from ".";
import { defaultPlanContent, parsePlanContent } from "@/lib/elements/plan-content";
import type { TextElement } from "@/lib/elements/text";

const text: TextElement = {
  id: "t1",
  text: "Vejarbejde\nKør forsigtigt",
  position: [10.38551, 55.40178],
  colour: "#c00000",
  size: 16,
  fontWeight: "bold",
  letterSpacing: 2,
  whiteBackground: true,
  relativePosition: "top",
};

/** A canvas context that records what the renderer does; every glyph is half the font size wide. */
function recordingContext() {
  const calls: { name: string; args: unknown[]; state: Record<string, unknown> }[] = [];
  const state: Record<string, unknown> = { font: "10px sans-serif", letterSpacing: "0px" };
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push({ name, args, state: { ...state } });
  const context = new Proxy(state, {
    get(target, key: string) {
      if (key === "measureText")
        return (line: string) => {
          const px = Number(/(\d+(?:\.\d+)?)px/.exec(String(target.font))![1]);
          return { width: line.length * (px / 2 + parseFloat(String(target.letterSpacing))) };
        };
      if (["save", "restore", "fillText", "fillRect", "strokeRect", "rotate", "translate", "drawImage"].includes(key)) return record(key);
      return target[key];
    },
    has: (target, key) => key in target,
  });
  return { context, calls };
}

function render(element: TextElement, metresPerPixel: number, rotation: number, pixelRatio = 1, hit = false) {
  const style = textStyle(element, { metresPerPixel, selected: false });
  const { context, calls } = recordingContext();
  const state = { context, pixelRatio, rotation, resolution: 1 } as unknown as State;
  (hit ? style.getHitDetectionRenderer() : style.getRenderer())!([200, 100], state);
  return calls;
}

describe("the text's style", () => {
  it("keeps the text level on a rotated map: turned back by the view's rotation about its anchor", () => {
    // OpenLayers draws the layer unrotated and turns it with the view; a level text is turned back.
    const turned = render(text, TEXT_METRES_PER_PX, Math.PI / 3);
    expect(turned.filter((c) => ["translate", "rotate"].includes(c.name)).map((c) => [c.name, ...c.args])).toEqual([
      ["translate", 200, 100],
      ["rotate", -Math.PI / 3],
    ]);
    const level = render(text, TEXT_METRES_PER_PX, 0);
    expect(level.find((c) => c.name === "rotate")!.args).toEqual([-0]);
    // The same text either way, only turned.
    const written = (calls: typeof level) => calls.filter((c) => c.name === "fillText").map((c) => c.args);
    expect(written(turned)).toEqual(written(level));
    const lines = turned.filter((c) => c.name === "fillText");
    expect(lines.map((c) => c.args[0])).toEqual(["Vejarbejde", "Kør forsigtigt"]);
    // Above its anchor (relativePosition top), centred on it, one line below the other.
    expect(lines.every((c) => c.args[1] === 0)).toBe(true);
    expect(lines[0]!.args[2]).toBeLessThan(lines[1]!.args[2] as number);
    expect(lines[1]!.args[2]).toBeLessThan(0);
    expect(lines[0]!.state).toMatchObject({ fillStyle: "#c00000", font: expect.stringMatching(/^bold 16px /), letterSpacing: "2px" });
  });

  it("is hit in screen space, where the map's rotation is already applied: a box above the anchor, not turned", () => {
    const hit = render(text, TEXT_METRES_PER_PX, Math.PI / 3, 1, true);
    expect(hit.some((c) => ["rotate", "translate"].includes(c.name))).toBe(false);
    const [left, top, width, height] = hit.find((c) => c.name === "fillRect")!.args as number[];
    expect(left! + width! / 2).toBeCloseTo(200);
    expect(top! + height!).toBeLessThan(100);
  });

  it("is true to scale: twice the ground metres per pixel, half the size (letter spacing too)", () => {
    const near = render(text, TEXT_METRES_PER_PX, 0).find((c) => c.name === "fillText")!;
    const far = render(text, TEXT_METRES_PER_PX * 2, 0).find((c) => c.name === "fillText")!;
    expect(near.state.font).toMatch(/ 16px /);
    expect(far.state.font).toMatch(/ 8px /);
    expect(far.state.letterSpacing).toBe("1px");
    expect(textPixels(16, 100)).toBe(MIN_TEXT_PX);
  });

  it("draws the white box behind the text only when asked, and draws in device pixels", () => {
    const boxed = render(text, TEXT_METRES_PER_PX, 0, 2);
    const box = boxed.find((c) => c.name === "fillRect")!;
    expect(box.state.fillStyle).toBe("#ffffff");
    expect(boxed.find((c) => c.name === "fillText")!.state.font).toMatch(/ 32px /);
    expect(render({ ...text, whiteBackground: false }, TEXT_METRES_PER_PX, 0).some((c) => c.name === "fillRect")).toBe(false);
  });

  it("places the text beside its anchor as relativePosition says", () => {
    const at = (relativePosition?: TextElement["relativePosition"]) =>
      render({ ...text, text: "AB", relativePosition }, TEXT_METRES_PER_PX, 0).find((c) => c.name === "fillText")!;
    expect(at("left").args[1]).toBeLessThan(0);
    expect(at("left").state.textAlign).toBe("right");
    expect(at("right").args[1]).toBeGreaterThan(0);
    expect(at("bottom").args[2]).toBeGreaterThan(0);
    expect(at(undefined).args.slice(1)).toEqual([0, 0]);
  });

  it("caches its style per look", () => {
    const a = textStyle(text, { metresPerPixel: 0.3, selected: false });
    expect(textStyle({ ...text }, { metresPerPixel: 0.3, selected: false })).toBe(a);
    expect(textStyle(text, { metresPerPixel: 0.3, selected: true })).not.toBe(a);
  });
});

describe("the text's sprite", () => {
  /** A context on a canvas of a document, whose new canvases record what is painted on them. */
  function onDocument() {
    const target = recordingContext();
    const sprites: { canvas: { width: number; height: number }; calls: ReturnType<typeof recordingContext>["calls"] }[] = [];
    const ownerDocument = {
      createElement: () => {
        const sprite = recordingContext();
        const canvas = { width: 0, height: 0, getContext: () => sprite.context };
        sprites.push({ canvas, calls: sprite.calls });
        return canvas;
      },
    };
    (target.context as unknown as Record<string, unknown>).canvas = { ownerDocument };
    return { ...target, sprites };
  }

  it("paints a text once into a canvas of its own per pixel ratio, and places that image each frame", () => {
    const look = { ...text, id: "sprite", colour: "#123456" };
    const style = textStyle(look, { metresPerPixel: TEXT_METRES_PER_PX, selected: false });
    const { context, calls, sprites } = onDocument();
    const frame = (pixelRatio: number, rotation = 0) =>
      style.getRenderer()!([200.4, 99.6], { context, pixelRatio, rotation, resolution: 1 } as unknown as State);
    frame(1);
    frame(1, Math.PI / 2);
    expect(sprites).toHaveLength(1);
    const [{ canvas, calls: painted }] = sprites as [(typeof sprites)[0]];
    // The letters, the white box, in the text's colour: in the sprite, never on the map's canvas.
    expect(painted.filter((c) => c.name === "fillText").map((c) => c.args[0])).toEqual(["Vejarbejde", "Kør forsigtigt"]);
    expect(painted.find((c) => c.name === "fillText")!.state.fillStyle).toBe("#123456");
    expect(calls.some((c) => c.name === "fillText")).toBe(false);
    // Placed twice: level, on a whole pixel; turned back on the rotated map. Its top-left corner is the
    // sprite's own translation, so what was painted at the anchor lands on the anchor.
    const placed = calls.filter((c) => c.name === "drawImage");
    expect(placed).toHaveLength(2);
    const [spriteTranslate] = painted.filter((c) => c.name === "translate").map((c) => c.args as number[]);
    expect(placed[0]!.args.slice(1)).toEqual([-spriteTranslate![0]!, -spriteTranslate![1]!]);
    expect(calls.filter((c) => c.name === "translate").map((c) => c.args)).toEqual([
      [200, 100],
      [200.4, 99.6],
    ]);
    // The white box lies inside the sprite.
    const [left, top, width, height] = painted.find((c) => c.name === "fillRect")!.args as number[];
    expect(left! + spriteTranslate![0]!).toBeGreaterThanOrEqual(0);
    expect(top! + spriteTranslate![1]!).toBeGreaterThanOrEqual(0);
    expect(left! + width! + spriteTranslate![0]!).toBeLessThanOrEqual(canvas.width);
    expect(top! + height! + spriteTranslate![1]!).toBeLessThanOrEqual(canvas.height);
    // Another pixel ratio (the window moved to another screen) paints a sprite for it.
    frame(2);
    expect(sprites).toHaveLength(2);
    expect(sprites[1]!.canvas.width).toBeGreaterThan(1.9 * canvas.width);
  });

  it("paints a text too large for a sprite directly", () => {
    const huge = { ...text, id: "huge", text: "Vejarbejde ".repeat(40) };
    const style = textStyle(huge, { metresPerPixel: TEXT_METRES_PER_PX / 4, selected: false });
    const { context, calls, sprites } = onDocument();
    style.getRenderer()!([0, 0], { context, pixelRatio: 1, rotation: 0, resolution: 1 } as unknown as State);
    expect(sprites).toHaveLength(0);
    expect(calls.filter((c) => c.name === "fillText")).toHaveLength(1);
  });
});

describe("textEditor", () => {
  it("stores its point as [lon, lat] and back, and creates a text with the defaults and the drawing style", () => {
    const geometry = textEditor.toGeometry(text);
    expect(textEditor.withGeometry(text, geometry)).toEqual(text);
    const created = textEditor.create("n", geometry, { colour: "#0000ff" });
    expect(created).toEqual({
      id: "n",
      text: "",
      position: text.position,
      colour: "#0000ff",
      size: 16,
      fontWeight: "normal",
      letterSpacing: 0,
      whiteBackground: false,
    });
    // In the order the server's schema stores the fields, so a saved plan reads back the same.
    const stored = parsePlanContent({ ...defaultPlanContent(), texts: [{ ...created, text: "x" }] }).data!.texts[0]!;
    expect(JSON.stringify(stored)).toBe(JSON.stringify({ ...created, text: "x" }));
  });

  it("asks for the text first when placed, then its style", () => {
    expect(textEditor.entryFields?.map((f) => f.key)).toEqual(["text", ...textEditor.styleFields.map((f) => f.key)]);
  });

  it("round-trips through the plan's schema", () => {
    const content = { ...defaultPlanContent(), texts: [text] };
    expect(parsePlanContent(JSON.parse(JSON.stringify(content))).data?.texts).toEqual([text]);
  });
});
