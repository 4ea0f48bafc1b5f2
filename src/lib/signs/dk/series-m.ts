/**
 * Danish signs of category "M": servicetavler, the service symbols a road-works plan points road users to
 * when access changes (BEK nr. 425 af 13/04/2023 om vejafmærkning, servicetavler): terminals and stations,
 * first aid, fuel and charging, workshops, rest areas, food and lodging, toilets, churches, industrial
 * areas and tourist information. A blue plate with a white line near its edge and a white field with the
 * black symbol (M 21: the red cross, and a black edge). Symbols sit where the official drawings put them. The many commercial and leisure symbols (M 30–M 38, M 101–M 146) are left out:
 * road-works plans do not point to them.
 */
import { PALETTE } from "../render/palette";
import { airlinerTopView, busTerminal, infoLetter, lightRail, lorryTerminal, trainTerminal, wcLetters } from "../render/pictograms/m-services";
import { wheelchair } from "../render/pictograms/people";
import {
  bed,
  chargingPlug,
  church,
  cup,
  factory,
  firstAid,
  forkAndKnife,
  fuelPump,
  metro,
  restArea,
  sTrain,
  telephone,
  wrench,
} from "../render/pictograms/services";
import type { Box, Pictogram, SignDrawing, SignLayer } from "../render/types";
import { defineSeries, sign } from "./define";
import { framedPlate } from "./frames";
import { SIGN_SIZES } from "./sizes";
import { pict } from "./templates";

const { white, black, red, blue } = PALETTE;
const ON_FIELD = { fg: black, bg: white, accent: red };

const SIZE = 640;
/** The white field inside the blue band: 15 % in from the edge, corners rounded 3 %. */
const FIELD = 96;

/**
 * A service plate: a blue square with a white line near its edge and the white field inside; `rim` is
 * the outermost hairline (blue, black on M 21).
 */
function service(layers: readonly SignLayer[], rim: string = blue): SignDrawing {
  const field: SignLayer = { kind: "rect", x: FIELD, y: FIELD, width: SIZE - 2 * FIELD, height: SIZE - 2 * FIELD, rx: 19, fill: white };
  return framedPlate(SIZE, SIZE, blue, [field, ...layers], { edge: rim, radius: 0.092 });
}

/** A box given as shares of the plate (left, top, right, bottom), where the official symbol sits. */
function at(x0: number, y0: number, x1: number, y1: number): Box {
  return { x: x0 * SIZE, y: y0 * SIZE, width: (x1 - x0) * SIZE, height: (y1 - y0) * SIZE };
}

/** One symbol on the field, fitted into `box`. */
function symbol(p: Pictogram, box: Box, extra: { flipX?: boolean } = {}): SignDrawing {
  return service([pict(p, box, ON_FIELD, extra)]);
}

/** The whole plate: for symbols drawn in the sign's own mm (the terminals). */
const WHOLE: Box = { x: 0, y: 0, width: SIZE, height: SIZE };

const m = (code: string, name: string, draw: () => SignDrawing) => sign(code, name, "M", { sizes: SIGN_SIZES.square }, draw);

export const SERIES_M = defineSeries("M", [
  m("M 12", "Lufthavn", () => symbol(airlinerTopView, { x: 122, y: 128, width: 393, height: 384 })),
  m("M 13", "Jernbanestation", () => symbol(trainTerminal, WHOLE)),
  m("M 13.1", "S-togstation", () => symbol(sTrain, at(0.165, 0.213, 0.834, 0.784))),
  m("M 13.2", "Metrostation", () => symbol(metro, at(0.187, 0.308, 0.81, 0.783))),
  m("M 13.3", "Letbanestation", () => symbol(lightRail, { x: 125, y: 283, width: 390, height: 232 })),
  m("M 14", "Busterminal", () => symbol(busTerminal, WHOLE)),
  m("M 15", "Transportcenter", () => symbol(lorryTerminal, WHOLE)),
  sign("M 21", "Førstehjælp", "M", { sizes: SIGN_SIZES.square }, () => service([pict(firstAid, at(0.202, 0.202, 0.796, 0.797), ON_FIELD)], black)),
  m("M 22", "Telefon", () => symbol(telephone, at(0.205, 0.233, 0.793, 0.809))),
  m("M 23", "Værksted", () => symbol(wrench, at(0.337, 0.216, 0.594, 0.811))),
  m("M 24", "Tankanlæg", () => symbol(fuelPump, at(0.336, 0.205, 0.716, 0.798))),
  m("M 24.1", "Ladestation for elkøretøjer", () => symbol(chargingPlug, at(0.215, 0.458, 0.777, 0.596))),
  m("M 34", "Rasteplads", () => symbol(restArea, at(0.205, 0.225, 0.787, 0.804))),
  m("M 42", "Hotel", () => symbol(bed, at(0.199, 0.491, 0.808, 0.793))),
  m("M 43", "Spisested", () => symbol(forkAndKnife, at(0.313, 0.219, 0.656, 0.798))),
  m("M 45", "Cafeteria", () => symbol(cup, at(0.185, 0.46, 0.812, 0.822))),
  m("M 46", "Toilet", () => symbol(wcLetters, { x: 115, y: 320, width: 412, height: 195 })),
  m("M 46.1", "Toilet for bevægelseshandicappede", () =>
    service([pict(wheelchair, at(0.336, 0.173, 0.593, 0.479), ON_FIELD), pict(wcLetters, { x: 148, y: 340, width: 324, height: 153 }, ON_FIELD)]),
  ),
  m("M 51", "Kirke", () => symbol(church, at(0.219, 0.197, 0.784, 0.811))),
  m("M 57", "Industriområde", () => symbol(factory, at(0.216, 0.291, 0.783, 0.786))),
  m("M 61", "Turistinformation", () => symbol(infoLetter, { x: 208, y: 124, width: 222, height: 388 })),
]);
