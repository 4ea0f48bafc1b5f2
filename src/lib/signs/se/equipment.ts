/**
 * Utrustning: the road-works devices a TA-plan draws besides the signs (no codes of their own in
 * Vägmärkesförordningen; the code column carries a short Swedish term). Cones and lamps are the Danish
 * drawings (the same products; the lamp's lens yellow); the boom on trestles, the TMA vehicle and the temporary signal are drawn
 * here. The TMA is seen from above, travelling up the plan, so it can be turned with the road.
 */
import { trafficLight } from "../render/pictograms/road";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import { defineSeries, seSign } from "./define";
import { seSizes } from "./sizes";
import { fromDanish } from "./templates";

const { red, white, yellow, black, edge, orange } = PALETTE;

function object(width: number, height: number, layers: readonly SignLayer[]): SignDrawing {
  return { shape: "rectangle", width, height, face: "none", layers };
}

/** A boom with red and white fields on two trestles (avspärrningsbock), seen from the front. Box 2000 × 1000. */
function barrierTrestle(): SignDrawing {
  const fields: SignLayer[] = [];
  for (let x = 60; x < 1940; x += 500) fields.push({ kind: "rect", x, y: 200, width: Math.min(250, 1940 - x), height: 200, fill: red });
  const trestle = (cx: number): SignLayer[] => [
    { kind: "line", x1: cx, y1: 180, x2: cx - 170, y2: 990, stroke: black, strokeWidth: 40, lineCap: "round" },
    { kind: "line", x1: cx, y1: 180, x2: cx + 170, y2: 990, stroke: black, strokeWidth: 40, lineCap: "round" },
  ];
  return object(2000, 1000, [
    ...trestle(300),
    ...trestle(1700),
    { kind: "rect", x: 60, y: 200, width: 1880, height: 200, fill: white },
    ...fields,
    { kind: "rect", x: 60, y: 200, width: 1880, height: 200, stroke: edge, strokeWidth: 6 },
  ]);
}

/**
 * TMA (truck-mounted attenuator) from above: cab ahead, the body with the arrow board folded up, the
 * attenuator with red and yellow chevrons behind. Box 2550 × 9000 (mm), the front at the top.
 */
function tmaVehicle(): SignDrawing {
  const w = 2550;
  const chevrons: SignLayer[] = [];
  for (let y = 7000; y <= 8520; y += 380) {
    chevrons.push({
      kind: "polygon",
      points: [
        [100, y + 260],
        [w / 2, y],
        [w - 100, y + 260],
        [w - 100, y + 430],
        [w / 2, y + 170],
        [100, y + 430],
      ],
      fill: red,
    });
  }
  return object(w, 9000, [
    // Cab and body.
    { kind: "rect", x: 100, y: 0, width: w - 200, height: 1900, rx: 260, fill: yellow, stroke: black, strokeWidth: 40 },
    { kind: "rect", x: 300, y: 300, width: w - 600, height: 500, rx: 80, fill: black },
    { kind: "rect", x: 0, y: 2000, width: w, height: 4800, rx: 60, fill: yellow, stroke: black, strokeWidth: 40 },
    // Arrow board: black panel, yellow arrow pointing to the passing side (drawn to the left, the common case).
    { kind: "rect", x: 275, y: 3000, width: 2000, height: 2000, rx: 60, fill: black },
    {
      kind: "polygon",
      points: [
        [600, 4000],
        [1250, 3400],
        [1250, 3800],
        [1950, 3800],
        [1950, 4200],
        [1250, 4200],
        [1250, 4600],
      ],
      fill: yellow,
    },
    // Attenuator: yellow with red chevrons.
    { kind: "rect", x: 100, y: 6900, width: w - 200, height: 2100, rx: 40, fill: yellow },
    ...chevrons,
    { kind: "rect", x: 100, y: 6900, width: w - 200, height: 2100, rx: 40, stroke: black, strokeWidth: 40 },
  ]);
}

/** A temporary traffic signal: the signal head (red, yellow, green) on its post and trailer foot. Box 500 × 1400. */
function temporarySignal(): SignDrawing {
  return object(500, 1400, [
    { kind: "rect", x: 230, y: 900, width: 40, height: 420, fill: black },
    { kind: "rect", x: 40, y: 1300, width: 420, height: 100, rx: 20, fill: orange, stroke: black, strokeWidth: 8 },
    { kind: "rect", x: 90, y: 0, width: 320, height: 900, rx: 50, fill: black },
    { kind: "pictogram", pictogram: trafficLight, box: { x: 130, y: 40, width: 240, height: 820 }, paint: { fg: black, bg: black } },
  ]);
}

export const SE_EQUIPMENT = defineSeries("se_utrustning", [
  seSign(
    "Kon",
    "Trafikkon",
    "se_utrustning",
    { sizes: seSizes([0.38, 0.5, "höjd 0,5 m"], [0.57, 0.75, "höjd 0,75 m"]), id: "se-kon" },
    () => fromDanish("N44.2", { yellow: false }),
  ),
  seSign("Bock", "Avspärrningsbock med bom", "se_utrustning", { sizes: seSizes([2, 1, "2 m"]), id: "se-bock" }, barrierTrestle),
  seSign("Lykta", "Blinkande gul lykta", "se_utrustning", { sizes: seSizes([0.25, 0.25, "standard"]), id: "se-lykta" }, () =>
    // The Danish lamp with a yellow lens.
    fromDanish("N46-blink"),
  ),
  seSign("TMA", "TMA-fordon med pilsignal", "se_utrustning", { sizes: seSizes([2.55, 9, "2,55 × 9 m"]), id: "se-tma" }, tmaVehicle),
  seSign(
    "Signal",
    "Trafiksignal för tillfällig trafikreglering",
    "se_utrustning",
    { sizes: seSizes([0.5, 1.4, "standard"]), id: "se-signal" },
    temporarySignal,
  ),
]);
