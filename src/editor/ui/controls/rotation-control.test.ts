/** The control rendered to HTML on the server: labels, the arrow's angle, the disabled state. */
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RotationControl, ROTATION_STEP_DEG, snapRotation } from "./rotation-control";
import da from "@messages/da.json";
import sv from "@messages/sv.json";

/** The provider's props; createElement passes the children separately. */
type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

function render(rotationDeg: number, options: { disabled?: boolean; locale?: "da" | "sv" } = {}): string {
  const locale = options.locale ?? "da";
  const control = createElement(RotationControl, { rotationDeg, onRotate: () => {}, disabled: options.disabled });
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "da" ? da : sv, timeZone: "Europe/Copenhagen" } as ProviderProps,
      control,
    ),
  );
}

describe("RotationControl", () => {
  it("re-exports the step and the snapping", () => {
    expect(ROTATION_STEP_DEG).toBe(5);
    expect(snapRotation(7)).toBe(5);
  });

  it("labels its buttons with the step, and the group", () => {
    const html = render(0);
    expect(html).toContain('aria-label="Kortrotation"');
    expect(html).toContain('aria-label="Drej kortet 5° mod uret"');
    expect(html).toContain('aria-label="Drej kortet 5° med uret"');
    expect(html).toContain('aria-label="Nord op"');
    expect(render(0, { locale: "sv" })).toContain('aria-label="Vrid kartan 5° medurs"');
  });

  it("turns the north arrow with the map and says by how much", () => {
    const html = render(15);
    expect(html).toContain("rotate(15deg)");
    expect(html).toContain('aria-label="Nord op (kortet er drejet 15°)"');
    // Normalised: 350° clockwise is 10° anticlockwise.
    expect(render(350)).toContain("rotate(-10deg)");
    expect(render(350)).toContain('data-rotation="-10"');
  });

  it("disables all three buttons", () => {
    const html = render(0, { disabled: true });
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(3);
  });
});
