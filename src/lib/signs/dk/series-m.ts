/**
 * Danish signs of category "M": servicetavler, the service symbols a road-works plan points road users to
 * when access changes (BEK nr. 425 af 13/04/2023 om vejafmærkning, servicetavler): ports, ferries and
 * terminals (M 9–M 16, M 16 Parker og rejs for event park-and-ride), first aid, fuel and charging,
 * workshops, camping sites (M 31–M 33, for festivals and diversions past them), rest areas, food and
 * lodging, toilets, churches, industrial areas and tourist information. A blue plate with a white line
 * near its edge and a white field with the black symbol (M 21: the red cross, and a black edge). Symbols
 * sit where the official drawings put them; most are drawn for this series in pictograms/m-services.ts
 * in the sign's own mm. The commercial and leisure symbols (M 30, M 34.1–M 38, M 101–M 146) are left
 * out: road-works plans do not point to them.
 */
import { PALETTE } from "../render/palette";
import {
  airlinerTopView,
  busTerminal,
  cabin,
  campingTent,
  carFerry,
  containerPort,
  cycleFerry,
  firstAidCross,
  forkKnife,
  cupAndSaucer,
  fuelPumpTall,
  hotelBed,
  industryWorks,
  infoLetter,
  lightRail,
  metroM,
  lorryTerminal,
  motorhomeSide,
  parkAndRideP,
  restAreaFir,
  sTrainHexagon,
  trainTerminal,
  wcLetters,
  workshopWrench,
} from "../render/pictograms/m-services";
import { wheelchair } from "../render/pictograms/people";
import { chargingPlug, church, telephone } from "../render/pictograms/services";
import type { Box, Pictogram, SignDrawing, SignLayer } from "../render/types";
import { defineSeries, sign } from "./define";
import { framedPlate } from "./frames";
import { SIGN_SIZES, rectangleSizes } from "./sizes";
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

/**
 * M 16 Parker og rejs: a plate as high as the square service signs and nearly twice as wide (the same
 * edge, white line and field inset), the P, a plus and the railway-station symbol of M 13.
 */
function parkAndRide(): SignDrawing {
  const width = 1220;
  const field: SignLayer = { kind: "rect", x: FIELD, y: FIELD, width: width - 2 * FIELD, height: SIZE - 2 * FIELD, rx: 19, fill: white };
  return framedPlate(
    width,
    SIZE,
    blue,
    [
      field,
      pict(parkAndRideP, { x: 0, y: 0, width, height: SIZE }, ON_FIELD),
      pict(trainTerminal, { x: 552, y: -16.2, width: 678.4, height: 678.4 }, ON_FIELD),
    ],
    {
      edgeWidth: (0.01 * SIZE) / width,
      line: (0.031 * SIZE) / width,
      radius: (0.092 * SIZE) / width,
    },
  );
}

const m = (code: string, name: string, draw: () => SignDrawing) => sign(code, name, "M", { sizes: SIGN_SIZES.square }, draw);

export const SERIES_M = defineSeries("M", [
  m("M 9", "Erhvervs- og containerhavn", () => symbol(containerPort, WHOLE)),
  m("M 10", "Færge for cyklende og gående", () => symbol(cycleFerry, WHOLE)),
  m("M 11", "Færge", () => symbol(carFerry, WHOLE)),
  m("M 12", "Lufthavn", () => symbol(airlinerTopView, { x: 122, y: 128, width: 393, height: 384 })),
  m("M 13", "Jernbanestation", () => symbol(trainTerminal, WHOLE)),
  m("M 13.1", "S-togstation", () => symbol(sTrainHexagon, WHOLE)),
  m("M 13.2", "Metrostation", () => symbol(metroM, WHOLE)),
  m("M 13.3", "Letbanestation", () => symbol(lightRail, { x: 125, y: 283, width: 390, height: 232 })),
  m("M 14", "Busterminal", () => symbol(busTerminal, WHOLE)),
  m("M 15", "Transportcenter", () => symbol(lorryTerminal, WHOLE)),
  sign("M 16", "Parker og rejs", "M", { sizes: rectangleSizes(1.22, 0.64) }, () => parkAndRide()),
  sign("M 21", "Førstehjælp", "M", { sizes: SIGN_SIZES.square }, () => service([pict(firstAidCross, WHOLE, ON_FIELD)], black)),
  m("M 22", "Telefon", () => symbol(telephone, { x: 115.9, y: 129.1, width: 410, height: 401.8 })),
  m("M 23", "Værksted", () => symbol(workshopWrench, WHOLE)),
  m("M 24", "Tankanlæg", () => symbol(fuelPumpTall, WHOLE)),
  m("M 24.1", "Ladestation for elkøretøjer", () => symbol(chargingPlug, at(0.215, 0.458, 0.777, 0.596))),
  m("M 31", "Campingplads", () => symbol(campingTent, WHOLE)),
  m("M 32", "Campingplads for autocampere", () => symbol(motorhomeSide, WHOLE)),
  m("M 33", "Campinghytter", () => symbol(cabin, WHOLE)),
  m("M 34", "Rasteplads", () => symbol(restAreaFir, WHOLE)),
  m("M 42", "Hotel", () => symbol(hotelBed, WHOLE)),
  m("M 43", "Spisested", () => symbol(forkKnife, WHOLE)),
  m("M 45", "Cafeteria", () => symbol(cupAndSaucer, WHOLE)),
  m("M 46", "Toilet", () => symbol(wcLetters, { x: 115, y: 320, width: 412, height: 195 })),
  m("M 46.1", "Toilet for bevægelseshandicappede", () =>
    service([
      pict(wheelchair, at(0.336, 0.173, 0.593, 0.479), ON_FIELD),
      pict(wcLetters, { x: 148, y: 340, width: 324, height: 153 }, ON_FIELD),
    ]),
  ),
  m("M 51", "Kirke", () => symbol(church, at(0.219, 0.197, 0.784, 0.811))),
  m("M 57", "Industriområde", () => symbol(industryWorks, WHOLE)),
  m("M 61", "Turistinformation", () => symbol(infoLetter, { x: 208, y: 124, width: 222, height: 388 })),
]);
