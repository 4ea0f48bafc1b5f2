import Icon from "ol/style/Icon";
import { describe, expect, it } from "vitest";
import { signEditor, signStyle, turnSign } from ".";
import { PLACEHOLDER_SIGN_URL } from "./placeholder";
import type { SignElement } from "@/lib/elements/sign";

const unknown: SignElement = {
  id: "s1",
  imageUrl: "/signs/dk/A/ZZ999.webp",
  position: [10.38551, 55.40178],
  rotation: 30,
  heightInMeters: 0.7,
};

describe("the sign's style", () => {
  it("draws an unknown sign as the placeholder, turned with the map", () => {
    const styles = signStyle(unknown, { metresPerPixel: 0.01, selected: false });
    const icon = styles.map((s) => s.getImage()).find((i): i is Icon => i instanceof Icon)!;
    expect(icon.getSrc()).toBe(PLACEHOLDER_SIGN_URL);
    expect(icon.getRotation()).toBeCloseTo((30 * Math.PI) / 180);
    expect(icon.getRotateWithView()).toBe(true);
  });

  it("adds a halo when selected, and caches the styles", () => {
    const selected = signStyle(unknown, { metresPerPixel: 0.01, selected: true });
    expect(selected.some((s) => s.getRenderer() !== null)).toBe(true);
    expect(signStyle(unknown, { metresPerPixel: 0.01, selected: true })).toBe(selected);
    expect(signStyle({ ...unknown }, { metresPerPixel: 0.01, selected: true })).toBe(selected);
    expect(signStyle(unknown, { metresPerPixel: 0.01, selected: false })).not.toBe(selected);
  });
});

describe("the sign's name", () => {
  const named: SignElement = { ...unknown, id: "named", imageUrl: "/signs/dk/A/A39.webp", name: "Vejarbejde ved skolen" };
  const nameOf = (metresPerPixel: number) =>
    signStyle(named, { metresPerPixel, selected: false })
      .map((s) => s.getText()?.getText())
      .find(Boolean);

  it("is written under the sign from 1 m a pixel in, and left out further out", () => {
    expect(nameOf(0.05)).toBe("Vejarbejde ved skolen");
    expect(nameOf(1)).toBe("Vejarbejde ved skolen");
    expect(nameOf(1.2)).toBeUndefined();
  });
});

describe("signEditor", () => {
  it("turns a sign by its rotation field, not its position", () => {
    const turned = signEditor.rotate!(unknown, 5);
    expect(turned).toEqual({ ...unknown, rotation: 35 });
    expect(turnSign(0, -5)).toBe(-5);
    expect(turnSign(180, 5)).toBe(-175);
  });

  it("stores its point as [lon, lat] and back", () => {
    const geometry = signEditor.toGeometry(unknown);
    expect(signEditor.withGeometry(unknown, geometry).position).toEqual(unknown.position);
  });
});
