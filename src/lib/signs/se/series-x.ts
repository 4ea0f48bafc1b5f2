/**
 * X – andra anordningar (Vägmärkesförordningen 2007:90, 2 kap. 22 §), the markeringsanordningar of a
 * TA-plan. Permanent devices are blue with yellow fields; used at road works (or otherwise temporarily)
 * they have a red ground with the yellow fields, and X3 may then have horizontal fields (passed on both
 * sides). Each road-works variant is its own entry ("… vid vägarbete", id suffix "-rod").
 *
 * X1 markeringspil, X2 markeringsskärm för hinder, X3 markeringsskärm för sidohinder (the yellow fields
 * slope down towards the side vehicles pass on), X5 gul ljuspil, X6 särskild varningsanordning, X7 bom.
 */
import { lettering } from "../dk/lettering";
import { stripedPlate, stripes } from "../dk/series-n";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignSize } from "../types";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { seSizes } from "./sizes";

const { red, blue, yellow, white, black, edge } = PALETTE;
type Ground = "blue" | "red";
const groundOf = (g: Ground) => (g === "blue" ? blue : red);

/** A flat plate in `ground` with the hairline edge, its content clipped to it. */
function flatPlate(width: number, height: number, ground: string, content: readonly SignLayer[], radius = 14): SignDrawing {
  return stripedPlate(width, height, content, radius, ground);
}

/** Yellow stripes `band` mm wide with equal gaps, `angle` from vertical: −45 "\" (sloping down to the right), 45 "/", 90 horizontal. */
const yellowStripes = (width: number, height: number, band: number, angle: number) => stripes(width, height, band, angle, band / 2, yellow);

// ── X1 Markeringspil ─────────────────────────────────────────────────────────────────────────────
const X1 = { width: 600, height: 750 };

function markerArrow(ground: Ground, pointLeft: boolean): SignDrawing {
  const { width: w, height: h } = X1;
  const thick = 150;
  const depth = 230;
  const x0 = (w - thick - depth) / 2;
  const chevron: SignLayer = {
    kind: "polygon",
    points: [
      [x0, 90],
      [x0 + thick, 90],
      [x0 + thick + depth, h / 2],
      [x0 + thick, h - 90],
      [x0, h - 90],
      [x0 + depth, h / 2],
    ],
    fill: yellow,
  };
  return flatPlate(w, h, groundOf(ground), [
    pointLeft ? { kind: "group", transform: `matrix(-1 0 0 1 ${w} 0)`, layers: [chevron] } : chevron,
  ]);
}

// ── X2 Markeringsskärm för hinder ────────────────────────────────────────────────────────────────
const X2 = { width: 1600, height: 400, band: 140 };
function obstacleScreen(ground: Ground): SignDrawing {
  return flatPlate(X2.width, X2.height, groundOf(ground), [yellowStripes(X2.width, X2.height, X2.band, 45)]);
}

// ── X3 Markeringsskärm för sidohinder ────────────────────────────────────────────────────────────
const X3 = { width: 300, height: 1000, band: 100 };
/** `passOn`: the side the fields slope down towards; "both": horizontal fields (road works only). */
function sideScreen(ground: Ground, passOn: "right" | "left" | "both"): SignDrawing {
  const angle = passOn === "both" ? 90 : passOn === "right" ? -45 : 45;
  return flatPlate(X3.width, X3.height, groundOf(ground), [yellowStripes(X3.width, X3.height, X3.band, angle)], 10);
}

// ── X5 Gul ljuspil ───────────────────────────────────────────────────────────────────────────────
/** A black board with an arrow of yellow lamps pointing to the side traffic passes on. */
function lightArrow(pointLeft: boolean): SignDrawing {
  const w = 1200;
  const h = 700;
  const lamps: [number, number][] = [];
  for (let x = 180; x <= 860; x += 68) lamps.push([x, h / 2]);
  for (let i = 1; i <= 4; i++) {
    lamps.push([930 - i * 62, h / 2 - i * 62]);
    lamps.push([930 - i * 62, h / 2 + i * 62]);
  }
  lamps.push([930, h / 2]);
  const dots: SignLayer[] = lamps.map(([x, y]) => ({ kind: "circle", cx: pointLeft ? w - x : x, cy: y, r: 24, fill: yellow }));
  return {
    shape: "rectangle",
    width: w,
    height: h,
    cornerRadius: 20,
    outline: { color: edge, width: 3 },
    face: black,
    layers: dots,
  };
}

// ── X6 Särskild varningsanordning ────────────────────────────────────────────────────────────────
/** A yellow board with a red border and the cause in black capitals (the text follows the cause). */
function specialWarning(value: string): SignDrawing {
  const w = 1600;
  const h = 600;
  return {
    shape: "rectangle",
    width: w,
    height: h,
    cornerRadius: 30,
    outline: { color: edge, width: 3 },
    border: { color: red, width: 80 },
    face: yellow,
    layers: [lettering(value.toUpperCase(), w / 2, h / 2 + 100, 200, black, { maxWidth: w - 260, tracking: 8 })],
  };
}

// ── X7 Bom ───────────────────────────────────────────────────────────────────────────────────────
const BOOM = { length: 2000, height: 200, band: 250 };
const boomSizes: readonly SignSize[] = seSizes([2, 0.2, "2 m"], [1.5, 0.2, "1,5 m"], [3, 0.2, "3 m"]);
/** A boom with red and white fields of equal length. */
function boom(): SignDrawing {
  const fields: SignLayer[] = [];
  for (let x = 0; x < BOOM.length; x += 2 * BOOM.band)
    fields.push({ kind: "rect", x, y: 0, width: BOOM.band, height: BOOM.height, fill: red });
  return flatPlate(BOOM.length, BOOM.height, white, fields, 10);
}

function x(code: string, name: string, sizes: readonly SignSize[], draw: (value?: string) => SignDrawing, id?: string): SignDefinition {
  return seSign(code, name, "se_X", { sizes, ...(id ? { id } : {}) }, draw);
}

const X1_SIZES = seSizes([0.6, 0.75, "normal"], [0.4, 0.5, "liten"], [0.8, 1.0, "stor"]);
const X2_SIZES = seSizes([1.6, 0.4, "normal"], [1.2, 0.3, "liten"], [2.4, 0.6, "stor"]);
const X3_SIZES = seSizes([0.3, 1.0, "normal"], [0.24, 0.8, "liten"], [0.36, 1.2, "stor"]);

export const SE_SERIES_X = defineSeries("se_X", [
  x("X1", "Markeringspil (höger)", X1_SIZES, () => markerArrow("blue", false)),
  x("X1", "Markeringspil (vänster)", X1_SIZES, () => markerArrow("blue", true), "se-X1-vanster"),
  x("X1", "Markeringspil vid vägarbete (höger)", X1_SIZES, () => markerArrow("red", false), "se-X1-rod"),
  x("X1", "Markeringspil vid vägarbete (vänster)", X1_SIZES, () => markerArrow("red", true), "se-X1-rod-vanster"),
  x("X2", "Markeringsskärm för hinder", X2_SIZES, () => obstacleScreen("blue")),
  x("X2", "Markeringsskärm för hinder vid vägarbete", X2_SIZES, () => obstacleScreen("red"), "se-X2-rod"),
  x("X3", "Markeringsskärm för sidohinder (passeras till höger)", X3_SIZES, () => sideScreen("blue", "right")),
  x("X3", "Markeringsskärm för sidohinder (passeras till vänster)", X3_SIZES, () => sideScreen("blue", "left"), "se-X3-vanster"),
  x("X3", "Markeringsskärm vid vägarbete (passeras till höger)", X3_SIZES, () => sideScreen("red", "right"), "se-X3-rod"),
  x("X3", "Markeringsskärm vid vägarbete (passeras till vänster)", X3_SIZES, () => sideScreen("red", "left"), "se-X3-rod-vanster"),
  x("X3", "Markeringsskärm vid vägarbete (passeras på båda sidor)", X3_SIZES, () => sideScreen("red", "both"), "se-X3-rod-bada"),
  x("X5", "Gul ljuspil (höger)", seSizes([1.2, 0.7, "standard"]), () => lightArrow(false)),
  x("X5", "Gul ljuspil (vänster)", seSizes([1.2, 0.7, "standard"]), () => lightArrow(true), "se-X5-vanster"),
  seSign(
    "X6",
    "Särskild varningsanordning",
    "se_X",
    { sizes: seSizes([1.6, 0.6, "standard"]), parameter: { kind: "text", defaultValue: "OLYCKA" } },
    (v) => specialWarning(v ?? "OLYCKA"),
  ),
  x("X7", "Bom", boomSizes, boom),
]);
