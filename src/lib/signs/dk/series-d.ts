/** D – påbudstavler (mandatory signs) of the Danish sign order: blue discs, white symbols. */
import { PALETTE } from "../render/palette";
import {
  D_ARROW_BOX,
  dArrowBothSides,
  dArrowLeftOrRight,
  dArrowRight,
  dArrowStraightOrRight,
  dArrowTurnRight,
  dArrowUp,
  dArrowDiagonal,
  dRoundabout,
} from "../render/pictograms/d-arrows";
import { pathBicycle, pathRider, walkersAdultChild } from "../render/pictograms/d-people";
import type { Box, Pictogram, SignDrawing, SignLayer } from "../render/types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { SIGN_SIZES } from "./sizes";
import { boxAt, CIRCLE, mandatory, ON_BLUE, pict, text } from "./templates";
import { speedDigits } from "./values";

const C = CIRCLE.center;

function d(code: string, name: string, draw: (value?: string) => SignDrawing, speed = false): SignDefinition {
  return sign(code, name, "D", { sizes: SIGN_SIZES.round, ...(speed ? { parameter: { kind: "speed", defaultValue: "50" } } : {}) }, draw);
}

function one(layer: SignLayer): () => SignDrawing {
  return () => mandatory([layer]);
}

/** D 26: a split path, the white divider down the middle, one or two symbols (each with its box) in each half. */
function split(...symbols: readonly (readonly [Pictogram, Box])[]): () => SignDrawing {
  return () =>
    mandatory([
      { kind: "group", clipToFace: true, layers: [{ kind: "rect", x: C - 12, y: 0, width: 24, height: 640, fill: PALETTE.white }] },
      ...symbols.map(([p, box]) => pict(p, box, ON_BLUE)),
    ]);
}

// Where the symbols of the path signs go (measured on the official drawings).
const WALKERS_LEFT = boxAt(184, 330, 242, 288);
const WALKERS_RIGHT = boxAt(460, 328, 242, 288);
const BICYCLE_LEFT = boxAt(162, 324, 254, 303);
const BICYCLE_RIGHT = boxAt(478, 324, 254, 303);
const RIDER_LEFT = boxAt(170, 300, 236, 280);
const RIDER_RIGHT = boxAt(470, 298, 238, 284);

/** The digits of D 55/D 56: a little lower than the speed-limit digits, their ink centred on the disc. */
function minimumSpeed(value: string): SignLayer {
  const digits = speedDigits(value);
  return text(digits, C + 5, C + 115, 230, PALETTE.white, { weight: 0.2, maxWidth: digits.length > 2 ? 450 : 420, spacing: 30 });
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
  d("D 12", "Påbudt kørselsretning i rundkørsel", one(pict(dRoundabout, D_ARROW_BOX, ON_BLUE))),
  d("D 15.2", "Påbudt passage til venstre", one(pict(dArrowDiagonal, D_ARROW_BOX, ON_BLUE))),
  d("D 15.3", "Påbudt passage til højre", one(pict(dArrowDiagonal, D_ARROW_BOX, ON_BLUE, { flipX: true }))),
  d("D 16", "Passage tilladt i begge sider", one(pict(dArrowBothSides, D_ARROW_BOX, ON_BLUE))),
  d("D 21", "Cykelsti", one(pict(pathBicycle, { x: 75, y: 159, width: 490, height: 320 }, ON_BLUE))),
  d("D 22", "Gangsti", one(pict(walkersAdultChild, boxAt(335, 312, 337, 444), ON_BLUE))),
  d("D 23", "Ridesti", one(pict(pathRider, { x: 120, y: 85, width: 395, height: 425 }, ON_BLUE))),
  d("D 26", "Delt sti for gående og cyklister", split([walkersAdultChild, WALKERS_LEFT], [pathBicycle, BICYCLE_RIGHT])),
  d("D 26.1", "Delt sti for gående og ryttere", split([walkersAdultChild, WALKERS_LEFT], [pathRider, RIDER_RIGHT])),
  d("D 26.2", "Delt sti for cyklister og gående", split([pathBicycle, BICYCLE_LEFT], [walkersAdultChild, WALKERS_RIGHT])),
  d(
    "D 26.3",
    "Delt sti for ryttere, gående og cyklister",
    split([pathRider, RIDER_LEFT], [walkersAdultChild, boxAt(450, 191, 268, 226)], [pathBicycle, boxAt(458, 421, 216, 181)]),
  ),
  d(
    "D 26.4",
    "Delt sti for gående, cyklister og ryttere",
    split([walkersAdultChild, boxAt(213, 188, 170, 224)], [pathBicycle, boxAt(186, 417, 215, 182)], [pathRider, RIDER_RIGHT]),
  ),
  d("D 26.5", "Delt sti for ryttere og gående", split([pathRider, RIDER_LEFT], [walkersAdultChild, WALKERS_RIGHT])),
  d("D 27", "Fællessti for gående og cyklister", () =>
    mandatory([pict(walkersAdultChild, boxAt(C + 8, 191, 259, 272), ON_BLUE), pict(pathBicycle, boxAt(C, 464, 337, 202), ON_BLUE)]),
  ),
  d("D 27.1", "Fællessti for ryttere, gående og cyklister", () =>
    mandatory([
      pict(pathRider, boxAt(174, 300, 255, 255), ON_BLUE),
      pict(walkersAdultChild, boxAt(450, 190, 216, 229), ON_BLUE),
      pict(pathBicycle, boxAt(458, 420, 215, 140), ON_BLUE),
    ]),
  ),
  d("D 55", "Mindste hastighed", (v = "50") => mandatory([minimumSpeed(v)]), true),
  d(
    "D 56",
    "Ophør af mindste hastighed",
    (v = "50") =>
      mandatory([
        minimumSpeed(v),
        {
          kind: "group",
          clipToFace: true,
          layers: [{ kind: "line", x1: 90, y1: 547, x2: 547, y2: 90, stroke: PALETTE.red, strokeWidth: 37 }],
        },
      ]),
    true,
  ),
]);
