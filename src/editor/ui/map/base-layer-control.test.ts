/**
 * The control rendered to HTML on the server (no DOM needed): which layer it reports, what the switcher
 * says and which notices it shows. Adding layers to a live map and tile events are browser matters.
 */
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BaseLayerControl, type BaseLayerControlProps } from "./base-layer-control";
import { mapConfigFromEnv } from "@/lib/map-config";
import da from "@messages/da.json";
import sv from "@messages/sv.json";

/** The provider's props; createElement passes the children separately. */
type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

const NONE = mapConfigFromEnv({});
const DANISH = mapConfigFromEnv({ DATAFORSYNINGEN_TOKEN: "dk-token" });

function render(props: Partial<BaseLayerControlProps>, locale: "da" | "sv" = "da"): string {
  const control = createElement(BaseLayerControl, {
    map: null,
    layers: null,
    site: "skilteplanen",
    activeLayerId: "dataforsyningen-skaermkort",
    onChange: () => {},
    config: DANISH,
    ...props,
  });
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "da" ? da : sv, timeZone: "Europe/Copenhagen" } as ProviderProps,
      control,
    ),
  );
}

const attribute = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe("BaseLayerControl", () => {
  it("shows the stored layer when it is available, without notices", () => {
    const html = render({ activeLayerId: "dataforsyningen-orto" });
    expect(attribute(html, "data-shown-layer")).toBe("dataforsyningen-orto");
    expect(html).toContain('data-testid="base-layer-button"');
    expect(html).toContain(">Luftfoto<");
    expect(html).not.toContain("map-notice");
  });

  it("without a key: OSM shown, the stored id kept, and a notice saying why", () => {
    const html = render({ config: NONE });
    expect(attribute(html, "data-shown-layer")).toBe("osm");
    expect(attribute(html, "data-requested-layer")).toBe("dataforsyningen-skaermkort");
    expect(html).toContain('data-testid="map-notice-missing-key"');
    expect(html).toContain("Skærmkort kan ikke vises, fordi adgangsnøglen mangler. OpenStreetMap vises i stedet.");
  });

  it("is quiet about an id the site does not list: the site's own default is no surprise", () => {
    const html = render({ site: "ta-planen", config: NONE }, "sv");
    expect(attribute(html, "data-shown-layer")).toBe("osm");
    expect(html).not.toContain("map-notice");
    // Nothing to choose between: no switcher.
    expect(html).not.toContain("base-layer-button");
  });

  it("offers the switcher on ta-planen with a Lantmäteriet key", () => {
    const html = render({ site: "ta-planen", config: mapConfigFromEnv({ LANTMATERIET_TOKEN: "k" }) }, "sv");
    expect(attribute(html, "data-shown-layer")).toBe("lantmateriet-topo");
    expect(html).toContain(">Lantmäteriet topografisk<");
    expect(html).toContain('aria-label="Välj bakgrundskarta: Lantmäteriet topografisk"');
  });
});
