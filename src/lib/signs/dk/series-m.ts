/**
 * Danish signs of category "M": servicetavler, the service symbols a road-works plan points road users to
 * when access changes (BEK nr. 425 af 13/04/2023 om vejafmærkning, servicetavler): terminals and stations,
 * first aid, fuel and charging, workshops, rest areas, food and lodging, toilets, churches, industrial
 * areas and tourist information. A blue plate with a white line near its edge and a white field with the
 * black symbol (M 21: the red cross, and a black edge). Symbols sit where the official drawings put them. The many commercial and leisure symbols (M 30–M 38, M 101–M 146) are left out:
 * road-works plans do not point to them.
 */
import { PALETTE } from "../render/palette";
import { wheelchair } from "../render/pictograms/people";
import {
  airliner,
  bed,
  chargingPlug,
  church,
  clock,
  cup,
  factory,
  firstAid,
  forkAndKnife,
  fuelPump,
  information as infoSymbol,
  metro,
  restArea,
  sTrain,
  telephone,
  terminalRoof,
  train,
  wrench,
} from "../render/pictograms/services";
import { bus, lorry, tram } from "../render/pictograms/vehicles";
import type { Box, Pictogram, SignDrawing, SignLayer } from "../render/types";
import { defineSeries, sign } from "./define";
import { framedPlate } from "./frames";
import { lettering } from "./lettering";
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

/** A terminal: the roof across the top of the field (thickening to the right), the clock under it, the vehicle. */
function terminal(vehicle: Pictogram, vehicleBox: Box, withClock = true): SignDrawing {
  return service([
    pict(terminalRoof, at(0.2, 0.175, 0.826, 0.27), ON_FIELD),
    ...(withClock ? [pict(clock, at(0.2, 0.27, 0.35, 0.4), ON_FIELD)] : []),
    pict(vehicle, vehicleBox, ON_FIELD),
  ]);
}

/** "WC" in bold letters with its baseline at `y` (a share of the plate). */
function wc(x0: number, x1: number, y: number, cap: number): SignLayer {
  return lettering("WC", ((x0 + x1) / 2) * SIZE, y * SIZE, cap * SIZE, black, { weight: 0.2, tracking: 6, maxWidth: (x1 - x0) * SIZE });
}

const m = (code: string, name: string, draw: () => SignDrawing) => sign(code, name, "M", { sizes: SIGN_SIZES.square }, draw);

export const SERIES_M = defineSeries("M", [
  m("M 12", "Lufthavn", () => symbol(airliner, at(0.189, 0.201, 0.804, 0.798))),
  m("M 13", "Jernbanestation", () => terminal(train, at(0.186, 0.44, 0.831, 0.801))),
  m("M 13.1", "S-togstation", () => symbol(sTrain, at(0.165, 0.213, 0.834, 0.784))),
  m("M 13.2", "Metrostation", () => symbol(metro, at(0.187, 0.308, 0.81, 0.783))),
  m("M 13.3", "Letbanestation", () => symbol(tram, at(0.195, 0.444, 0.805, 0.805))),
  m("M 14", "Busterminal", () => terminal(bus, at(0.218, 0.5, 0.803, 0.822))),
  m("M 15", "Transportcenter", () => terminal(lorry, at(0.211, 0.427, 0.816, 0.804), false)),
  sign("M 21", "Førstehjælp", "M", { sizes: SIGN_SIZES.square }, () => service([pict(firstAid, at(0.202, 0.202, 0.796, 0.797), ON_FIELD)], black)),
  m("M 22", "Telefon", () => symbol(telephone, at(0.205, 0.233, 0.793, 0.809))),
  m("M 23", "Værksted", () => symbol(wrench, at(0.337, 0.216, 0.594, 0.811))),
  m("M 24", "Tankanlæg", () => symbol(fuelPump, at(0.336, 0.205, 0.716, 0.798))),
  m("M 24.1", "Ladestation for elkøretøjer", () => symbol(chargingPlug, at(0.215, 0.458, 0.777, 0.596))),
  m("M 34", "Rasteplads", () => symbol(restArea, at(0.205, 0.225, 0.787, 0.804))),
  m("M 42", "Hotel", () => symbol(bed, at(0.199, 0.491, 0.808, 0.793))),
  m("M 43", "Spisested", () => symbol(forkAndKnife, at(0.313, 0.219, 0.656, 0.798))),
  m("M 45", "Cafeteria", () => symbol(cup, at(0.185, 0.46, 0.812, 0.822))),
  m("M 46", "Toilet", () => service([wc(0.179, 0.819, 0.804, 0.304)])),
  m("M 46.1", "Toilet for bevægelseshandicappede", () =>
    service([pict(wheelchair, at(0.336, 0.173, 0.593, 0.479), ON_FIELD), wc(0.231, 0.737, 0.768, 0.241)]),
  ),
  m("M 51", "Kirke", () => symbol(church, at(0.219, 0.197, 0.784, 0.811))),
  m("M 57", "Industriområde", () => symbol(factory, at(0.216, 0.291, 0.783, 0.786))),
  m("M 61", "Turistinformation", () => symbol(infoSymbol, at(0.324, 0.193, 0.671, 0.801))),
]);
