/**
 * E – anvisningsmärken (Vägmärkesförordningen 2007:90, 2 kap. 14 §) that TA-plans use: blue with white
 * symbols. E11/E12 recommended lower speed (any value) for the stretch past the works, E15 Sammanvävning
 * where two lanes run together, E16 Enkelriktad trafik and E17 Återvändsväg for a street closed at one end,
 * E18 Mötesplats on a narrowed road, E19 Parkering for temporary parking.
 *
 * Codes and names: trafiktestet.se/499/anvisningsmarken and övningskörning.com (lektion/anvisningsmarken),
 * E1–E19 in code order. E11, E12, E17 and E19 have the Danish sign's picture (E 39, E 40, E 18, E 33.1).
 */
import { lettering } from "../dk/lettering";
import { information } from "../dk/templates";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { seRectangleSizes, SE_SIGN_SIZES } from "./sizes";
import { arrowHead, fromDanish } from "./templates";

const { white } = PALETTE;

const SPEED: SignParameter = { kind: "speed", defaultValue: "30" };

function e(code: string, name: string, draw: (value?: string) => SignDrawing, extra: { parameter?: SignParameter; id?: string } = {}) {
  return seSign(code, name, "se_E", { sizes: SE_SIGN_SIZES.square, ...extra }, draw);
}

/** A white arrow head with its tip at (x, y), pointing `angle` degrees clockwise from up. */
const head = (x: number, y: number, angle: number, length: number, width: number) => arrowHead(x, y, angle, length, width, white);

/** E15: two lanes from below running together into one, the arrow of the one lane going on ahead. */
function merging(): SignDrawing {
  const shaft = 52;
  const lane = (x: number): SignLayer => ({
    kind: "path",
    d: `M${x},585 V430 L320,300 V190`,
    stroke: white,
    strokeWidth: shaft,
    lineJoin: "miter",
  });
  return information([lane(185), lane(455), head(320, 70, 0, 130, 170)]);
}

/** E16: a white arrow across a blue plate (or up a square one, "rakt fram"). */
function oneWay(direction: "right" | "left" | "ahead"): SignDrawing {
  if (direction === "ahead")
    return information([
      { kind: "line", x1: 320, y1: 580, x2: 320, y2: 230, stroke: white, strokeWidth: 110, lineCap: "butt" },
      head(320, 60, 0, 180, 300),
    ]);
  const w = 1000;
  const h = 300;
  const arrow: SignLayer[] = [
    { kind: "line", x1: 70, y1: h / 2, x2: 760, y2: h / 2, stroke: white, strokeWidth: 80, lineCap: "butt" },
    head(930, h / 2, 90, 180, 200),
  ];
  return information(direction === "right" ? arrow : [{ kind: "group", transform: `matrix(-1 0 0 1 ${w} 0)`, layers: arrow }], {
    width: w,
    height: h,
    radius: 20,
  });
}

/** E18: a white "M". */
function passingPlace(): SignDrawing {
  return information([lettering("M", 320, 320 + 170, 340, white, { weight: 0.17 })]);
}

export const SE_SERIES_E: readonly SignDefinition[] = defineSeries("se_E", [
  e("E11", "Rekommenderad lägre hastighet", (v) => fromDanish("E39", { yellow: false, value: v ?? SPEED.defaultValue }), {
    parameter: SPEED,
  }),
  e("E12", "Rekommenderad lägre hastighet upphör", (v) => fromDanish("E40", { yellow: false, value: v ?? SPEED.defaultValue }), {
    parameter: SPEED,
  }),
  e("E15", "Sammanvävning", merging),
  seSign("E16", "Enkelriktad trafik (höger)", "se_E", { sizes: seRectangleSizes(1, 0.3) }, () => oneWay("right")),
  seSign("E16", "Enkelriktad trafik (vänster)", "se_E", { sizes: seRectangleSizes(1, 0.3), id: "se-E16-vanster" }, () => oneWay("left")),
  e("E16", "Enkelriktad trafik (rakt fram)", () => oneWay("ahead"), { id: "se-E16-rakt-fram" }),
  e("E17", "Återvändsväg", () => fromDanish("E18", { yellow: false })),
  e("E18", "Mötesplats", passingPlace),
  e("E19", "Parkering", () => fromDanish("E33.1", { yellow: false })),
]);
