import { describe, expect, it } from "vitest";
import { MAX_SIGN_SPRITE_PX, paintSignSprite, type SpriteContext } from "./sign-sprite";

/** A canvas factory whose contexts record their calls. */
function recorder() {
  const made: { width: number; height: number; calls: [string, ...unknown[]][] }[] = [];
  const create = (width: number, height: number) => {
    const calls: [string, ...unknown[]][] = [];
    made.push({ width, height, calls });
    const context = new Proxy({} as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : (...args: unknown[]) => void calls.push([key, ...args])),
      set: (target, key: string, value) => {
        calls.push([`set ${key}`, value]);
        target[key] = value;
        return true;
      },
    }) as unknown as SpriteContext;
    return { canvas: { width, height }, context };
  };
  return { made, create };
}

const main = { id: "main" } as unknown as CanvasImageSource;
const plate = { id: "plate" } as unknown as CanvasImageSource;

describe("paintSignSprite", () => {
  it("paints an upright sign at its drawn size, in device pixels, with its centre as the anchor", () => {
    const { made, create } = recorder();
    const sprite = paintSignSprite({ main, sub: null, width: 24, height: 20, subHeight: 0, gap: 2, rotation: 0, ratio: 2 }, create)!;
    // 24 × 20 CSS px and a pixel of margin around: 26 × 22 CSS px, 52 × 44 device pixels.
    expect([made[0]!.width, made[0]!.height]).toEqual([52, 44]);
    expect(sprite.anchor).toEqual([26, 22]);
    expect(made[0]!.calls).toEqual([
      ["set imageSmoothingQuality", "high"],
      ["scale", 2, 2],
      ["translate", 13, 11],
      ["rotate", 0],
      ["drawImage", main, -12, -10, 24, 20],
    ]);
  });

  it("turns the sign and its plate together about the sign's centre, the canvas holding both", () => {
    const { made, create } = recorder();
    const sprite = paintSignSprite(
      { main, sub: plate, width: 20, height: 20, subHeight: 10, gap: 2, rotation: Math.PI / 2, ratio: 1 },
      create,
    )!;
    // A quarter turn clockwise: the plate, below the sign, now lies to its left (x from -22 to 10).
    expect([made[0]!.width, made[0]!.height]).toEqual([34, 22]);
    expect(sprite.anchor[0]).toBeCloseTo(23, 9);
    expect(sprite.anchor[1]).toBeCloseTo(11, 9);
    const draws = made[0]!.calls.filter(([name]) => name === "drawImage");
    expect(draws).toEqual([
      ["drawImage", main, -10, -10, 20, 20],
      ["drawImage", plate, -10, 12, 20, 10],
    ]);
  });

  it("makes no sprite larger than its limit: such a sign is scaled each frame as before", () => {
    const { made, create } = recorder();
    const big = MAX_SIGN_SPRITE_PX;
    expect(paintSignSprite({ main, sub: null, width: big, height: big, subHeight: 0, gap: 2, rotation: 0, ratio: 1 }, create)).toBeNull();
    expect(made).toHaveLength(0);
  });
});
