/** D – påbudstavler (mandatory signs) of the Danish sign order: blue discs, white symbols. */
import { PALETTE } from "../render/palette";
import { arrowBothSides, arrowDiagonal, roundaboutArrows } from "../render/pictograms/arrows";
import { D_ARROW_BOX, dArrowLeftOrRight, dArrowRight, dArrowStraightOrRight, dArrowTurnRight, dArrowUp } from "../render/pictograms/d-arrows";
import { adultAndChild, rider } from "../render/pictograms/people";
import type { Pictogram, SignDrawing, SignLayer } from "../render/types";
import { bicycle } from "../render/pictograms/vehicles";
import { speedText } from "./series-c";
import { defineSeries, sign, type SignDefinition } from "./define";
import { SIGN_SIZES } from "./sizes";
import { boxAt, CIRCLE, mandatory, ON_BLUE, pict } from "./templates";

const C = CIRCLE.center;

function d(code: string, name: string, draw: (value?: string) => SignDrawing, speed = false): SignDefinition {
  return sign(code, name, "D", { sizes: SIGN_SIZES.round, ...(speed ? { parameter: { kind: "speed", defaultValue: "50" } } : {}) }, draw);
}

function one(layer: SignLayer): () => SignDrawing {
  return () => mandatory([layer]);
}

/** D 26: a split path, the white divider down the middle, one or two symbols in each half. */
function split(left: readonly Pictogram[], right: readonly Pictogram[]): () => SignDrawing {
  const half = (ps: readonly Pictogram[], cx: number): SignLayer[] =>
    ps.length === 1 ? [pict(ps[0]!, boxAt(cx, C, 235, 280), ON_BLUE)] : ps.map((p, i) => pict(p, boxAt(cx, C - 105 + i * 210, 220, 185), ON_BLUE));
  return () =>
    mandatory([
      { kind: "group", clipToFace: true, layers: [{ kind: "rect", x: C - 8, y: 0, width: 16, height: 640, fill: PALETTE.white }] },
      ...half(left, C - 138),
      ...half(right, C + 138),
    ]);
}

export const SERIES_D = defineSeries("D", [
  d("D 11.1", "Påbudt kørselsretning ligeud", one(pict(dArrowUp, D_ARROW_BOX, ON_BLUE))),
  d("D 11.2", "Påbudt kørselsretning til venstre", one(pict(dArrowRight, D_ARROW_BOX, ON_BLUE, { flipX: true }))),
  d("D 11.3", "Påbudt kørselsretning til højre", one(pict(dArrowRight, D_ARROW_BOX, ON_BLUE))),
  d("D 11.4", "Påbudt sving til venstre", one(pict(dArrowTurnRight, D_ARROW_BOX, ON_BLUE, { flipX: true }))),
  d("D 11.5", "Påbudt sving til højre", one(pict(dArrowTurnRight, D_ARROW_BOX, ON_BLUE))),
  d("D 11.6", "Påbudt kørselsretning ligeud eller til venstre", one(pict(dArrowStraightOrRight, D_ARROW_BOX, ON_BLUE, { flipX: true }))),
  d("D 11.7", "Påbudt kørselsretning ligeud eller til højre", one(pict(dArrowStraightOrRight, D_ARROW_BOX, ON_BLUE))),
  d("D 11.8", "Påbudt kørselsretning til venstre eller højre", one(pict(dArrowLeftOrRight, D_ARROW_BOX, ON_BLUE))),
  d("D 12", "Påbudt kørselsretning i rundkørsel", one(pict(roundaboutArrows, boxAt(C, C, 516, 516), ON_BLUE))),
  d("D 15.2", "Påbudt passage til venstre", one(pict(arrowDiagonal, boxAt(C, C, 396, 396), ON_BLUE))),
  d("D 15.3", "Påbudt passage til højre", one(pict(arrowDiagonal, boxAt(C, C, 396, 396), ON_BLUE, { flipX: true }))),
  d("D 16", "Passage tilladt i begge sider", one(pict(arrowBothSides, boxAt(C, C + 10, 544, 350), ON_BLUE))),
  d("D 21", "Cykelsti", one(pict(bicycle, boxAt(C, C, 528, 324), ON_BLUE))),
  d("D 22", "Gangsti", one(pict(adultAndChild, boxAt(C, C, 408, 456), ON_BLUE))),
  d("D 23", "Ridesti", one(pict(rider, boxAt(C, C, 456, 456), ON_BLUE))),
  d("D 26", "Delt sti for gående og cyklister", split([adultAndChild], [bicycle])),
  d("D 26.1", "Delt sti for gående og ryttere", split([adultAndChild], [rider])),
  d("D 26.2", "Delt sti for cyklister og gående", split([bicycle], [adultAndChild])),
  d("D 26.3", "Delt sti for ryttere, gående og cyklister", split([rider], [adultAndChild, bicycle])),
  d("D 26.4", "Delt sti for gående, cyklister og ryttere", split([adultAndChild, bicycle], [rider])),
  d("D 26.5", "Delt sti for ryttere og gående", split([rider], [adultAndChild])),
  d("D 27", "Fællessti for gående og cyklister", () =>
    mandatory([pict(adultAndChild, boxAt(C, 215, 240, 252), ON_BLUE), pict(bicycle, boxAt(C, 440, 300, 180), ON_BLUE)]),
  ),
  d("D 27.1", "Fællessti for ryttere, gående og cyklister", () =>
    mandatory([
      pict(rider, boxAt(C - 138, C, 252, 252), ON_BLUE),
      pict(adultAndChild, boxAt(C + 110, 230, 204, 216), ON_BLUE),
      pict(bicycle, boxAt(C + 110, 420, 240, 156), ON_BLUE),
    ]),
  ),
  d("D 55", "Mindste hastighed", (v = "50") => mandatory([speedText(v, PALETTE.white)]), true),
  d(
    "D 56",
    "Ophør af mindste hastighed",
    (v = "50") =>
      mandatory([
        speedText(v, PALETTE.white),
        { kind: "group", clipToFace: true, layers: [{ kind: "line", x1: 90, y1: 550, x2: 550, y2: 90, stroke: PALETTE.red, strokeWidth: 40 }] },
      ]),
    true,
  ),
]);
