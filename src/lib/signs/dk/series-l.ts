/**
 * Danish signs of category "L": distance, place and route signs – the vejvisning a road-works plan shows
 * (BEK nr. 425 af 13/04/2023 om vejafmærkning, afsnit om vejvisningstavler):
 *
 * - route numbers L 41–L 47 and the Marguerite route L 50 (BEK om anvendelse § 326): the number is typed,
 *   so a plan can show the route a diversion follows ("E 45", "21", "158", "O 2" …);
 * - H 45 stednavnetavle, the place-name plate: the user types the name (shouldPromptForName);
 * - F 33.1 P-vejviser, to a car park (a typed name), and F 34 omkørselsrute, the numbered diversion routes
 *   of the motorways (§ 305: arrow right, left or ahead; the hexagon's number typed).
 */
import { PALETTE } from "../render/palette";
import { arrowUp } from "../render/pictograms/arrows";
import { longArrowRight, slenderArrowRight } from "../render/pictograms/plate-arrows";
import { marguerite } from "../render/pictograms/l-marguerite";
import { letterP, motorway } from "../render/pictograms/road";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, sign } from "./define";
import { hasLettering, lettering, letteringWidth } from "./lettering";
import { flagPoints, insetPolygon } from "./shapes";
import { rectangleSizes } from "./sizes";
import { framedPlate } from "./frames";
import { pict } from "./templates";

const { red, blue, white, black, yellow, green, orange, brown, edge } = PALETTE;

/** A line of text fitted into `room` mm (smaller to 70 %, then squeezed). */
function fitted(
  value: string,
  x: number,
  y: number,
  cap: number,
  room: number,
  color: string,
  anchor: "start" | "middle" = "middle",
  tracking = 10,
  weight = 0.15,
): SignLayer {
  const natural = hasLettering(value) ? letteringWidth(value, cap, weight, tracking) : value.length * cap * 0.62;
  const size = natural > room ? Math.max(cap * 0.7, (cap * room) / natural) : cap;
  return lettering(value, x, y - (cap - size) / 2, size, color, { anchor, maxWidth: room, tracking, weight });
}

// ── Route numbers ────────────────────────────────────────────────────────────────────────────────
const ROUTE = { width: 500, height: 200, cap: 106, tracking: 32 };

type Frame = "full" | "dotted";

/**
 * The gaps of a "henvisende rutenummer" frame (the road leads to the route): the frame is broken into
 * seven equal pieces along the long sides and five along the short ones, the corners solid; each gap is
 * painted over in the face colour.
 */
function frameGaps(width: number, height: number, from: number, band: number, face: string): SignLayer[] {
  const gaps: SignLayer[] = [];
  const along = width / 7;
  const across = height / 5;
  for (const i of [1, 3, 5]) {
    gaps.push({ kind: "rect", x: i * along, y: from - 0.5, width: along, height: band + 1, fill: face });
    gaps.push({ kind: "rect", x: i * along, y: height - from - band - 0.5, width: along, height: band + 1, fill: face });
  }
  for (const i of [1, 3]) {
    gaps.push({ kind: "rect", x: from - 0.5, y: i * across, width: band + 1, height: across, fill: face });
    gaps.push({ kind: "rect", x: width - from - band - 0.5, y: i * across, width: band + 1, height: across, fill: face });
  }
  return gaps;
}

/** The route number, centred, in the broad spacing of the route plates. */
function routeNumber(value: string, ink: string, room: number): SignLayer {
  const { width, height, cap, tracking } = ROUTE;
  return fitted(value, width / 2, height / 2 + cap / 2, cap, room, ink, "middle", tracking, 0.16);
}

/**
 * L 41 Europavej: green, a narrow green edge, then a white line, the white number (dotted: the line
 * broken, "henvisende rutenummer").
 */
function europeanRoutePlate(value: string, frame: Frame): SignDrawing {
  const { width, height } = ROUTE;
  const edgeWidth = 6;
  const line = 12;
  const base = framedPlate(width, height, green, [], { edgeWidth: edgeWidth / width, line: line / width, radius: 0.044 });
  return {
    ...base,
    layers: [...(frame === "dotted" ? frameGaps(width, height, edgeWidth, line, green) : []), routeNumber(value, white, width - 2 * 44)],
  };
}

/**
 * L 42 primærrute (yellow) / L 43 sekundærrute (white): a broad black frame on the very edge, rounded
 * corners, the black number; dotted: the frame broken.
 */
function routePlate(value: string, face: string, frame: Frame, layers: readonly SignLayer[] = []): SignDrawing {
  const { width, height } = ROUTE;
  const band = 18;
  return {
    shape: "rectangle",
    width,
    height,
    cornerRadius: 30,
    border: { color: black, width: band },
    face,
    layers: [
      ...(frame === "dotted" ? frameGaps(width, height, 0, band, face) : []),
      ...(layers.length ? layers : [routeNumber(value, black, width - 2 * 44)]),
    ],
  };
}

/** L 44 ring road: a large "O" drawn as a ring left of the middle, then the number. */
function ringRoadPlate(value: string, face: string): SignDrawing {
  const number = value.replace(/^\s*[oO0]\s*/, "") || "1";
  const { width, height, cap } = ROUTE;
  const ring = 136;
  const stroke = 25;
  const numberRoom = 150;
  const cx = width * 0.32;
  return routePlate(number, face, "full", [
    { kind: "circle", cx, cy: height / 2, r: ring / 2 - stroke / 2, stroke: black, strokeWidth: stroke },
    fitted(number, width * 0.72, height / 2 + cap / 2, cap, numberRoom, black, "middle", ROUTE.tracking, 0.16),
  ]);
}

/** L 45 national (red square, black edge, broad white line) / L 45.2 regional cycle route (blue oblong). */
function cycleRoutePlate(value: string, national: boolean): SignDrawing {
  const width = national ? 300 : 500;
  const height = national ? 300 : 230;
  const cap = height * (national ? 0.594 : 0.57);
  const frame = national ? { edge: black, edgeWidth: 0.016, line: 0.069, radius: 0.12 } : { edge: black, edgeWidth: 0.007, radius: 0.08 };
  return framedPlate(
    width,
    height,
    national ? red : blue,
    [fitted(value, width / 2, height / 2 + cap / 2, cap, width * 0.7, white, "middle", 8)],
    frame,
  );
}

/** L 46 supercykelsti: an orange disc with a white C, open to the right. */
function superCycleRoute(): SignDrawing {
  const size = 400;
  // The C lies inside a circle of the sign's radius centred right of the middle and outside a smaller
  // circle (the counter); its arms are cut square at three quarters of the width and by the sign's edge.
  const c = "M304,0 A200,200 0 0 0 304,400 V309.9 A110,110 0 0 1 304,90.1 Z";
  return {
    shape: "circle",
    width: size,
    height: size,
    face: orange,
    layers: [{ kind: "group", clipToSign: true, layers: [{ kind: "path", d: c, fill: white }] }],
  };
}

/** L 47 EuroVelo: twelve yellow stars in a ring round the route number, on blue. */
function euroVelo(value: string): SignDrawing {
  const size = 400;
  const stars: SignLayer[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const cx = size / 2 + 139 * Math.sin(a);
    const cy = size / 2 - 139 * Math.cos(a);
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k++) {
      const r = k % 2 === 0 ? 18 : 7.2;
      const b = (k * Math.PI) / 5;
      points.push([cx + r * Math.sin(b), cy - r * Math.cos(b)]);
    }
    stars.push({ kind: "polygon", points, fill: yellow });
  }
  return framedPlate(size, size, blue, [...stars, fitted(value, size / 2, size * 0.645, size * 0.272, 160, white, "middle", 6)], {
    radius: 0.05,
  });
}

/** L 50 Margueritruten: the white marguerite on brown. */
function margueriteRoute(): SignDrawing {
  const size = 400;
  return framedPlate(
    size,
    size,
    brown,
    [pict(marguerite, { x: 28, y: 28, width: 344, height: 344 }, { fg: white, bg: brown, accent: yellow })],
    {
      edge: edge,
      edgeWidth: 0.006,
      line: 0.034,
      radius: 0.04,
    },
  );
}

// ── H 45 Stednavn ────────────────────────────────────────────────────────────────────────────────
function placeName(value: string): SignDrawing {
  const width = 1200;
  const height = 400;
  const cap = height * 0.34;
  return framedPlate(width, height, blue, [fitted(value, width / 2, height * 0.614, cap, width * 0.8, white, "middle", 16, 0.17)], {
    radius: 0.06,
  });
}

// ── F 33.1 P-vejviser, F 34 omkørselsrute ────────────────────────────────────────────────────────
/** An arrow-ended flag ("pilvejviser") in `face` with a white rim and a grey hairline, pointing right or left. */
function flag(width: number, height: number, face: string, pointLeft: boolean, layers: readonly SignLayer[]): SignDrawing {
  const outline = flagPoints(width, height, height * 0.42, pointLeft);
  return {
    shape: "rectangle",
    width,
    height,
    face: "none",
    layers: [
      { kind: "polygon", points: outline, fill: edge },
      { kind: "polygon", points: insetPolygon(outline, 3), fill: white },
      { kind: "polygon", points: insetPolygon(outline, 14), fill: face },
      ...layers,
    ],
  };
}

function parkingFlag(value: string, pointLeft: boolean): SignDrawing {
  const width = 1300;
  const height = 260;
  const tip = height * 0.42;
  const box = 190;
  const boxX = pointLeft ? width - 35 - box : 35;
  const textLeft = pointLeft ? tip + 40 : boxX + box + 40;
  const room = width - tip - box - 35 - 80;
  const cap = 118;
  return flag(width, height, blue, pointLeft, [
    { kind: "rect", x: boxX, y: (height - box) / 2, width: box, height: box, rx: 14, fill: white },
    pict(letterP, { x: boxX + 40, y: (height - box) / 2 + 25, width: box - 80, height: box - 50 }, { fg: blue, bg: white }),
    fitted(value, textLeft, height / 2 + cap / 2, cap, room, white, "start", 10),
  ]);
}

/** The white hexagon with the red number of a diversion route, centred at (cx, cy). */
function hexagon(value: string, cx: number, cy: number, width: number, height: number): SignLayer[] {
  const s = height / 2;
  const cap = Math.min(height * 0.56, 160);
  return [
    {
      kind: "polygon",
      points: [
        [cx - width / 2, cy],
        [cx - width / 2 + s * 0.6, cy - s],
        [cx + width / 2 - s * 0.6, cy - s],
        [cx + width / 2, cy],
        [cx + width / 2 - s * 0.6, cy + s],
        [cx - width / 2 + s * 0.6, cy + s],
      ],
      fill: white,
    },
    fitted(value, cx, cy + cap / 2, cap, width - s * 1.2, red, "middle", 6),
  ];
}

/** F 34.1: motorway symbol, the numbered hexagon and the arrow (right, left or ahead), on green. */
function diversionRoute(value: string, direction: "right" | "left" | "ahead"): SignDrawing {
  const width = 860;
  const height = 1000;
  const paint = { fg: white, bg: green };
  const arrow =
    direction === "ahead"
      ? pict(arrowUp, { x: 380, y: 760, width: 100, height: 190 }, paint)
      : pict(slenderArrowRight, { x: 106, y: 770, width: 639, height: 93 }, paint, direction === "left" ? { flipX: true } : {});
  return framedPlate(
    width,
    height,
    green,
    [pict(motorway, { x: 273, y: 97, width: 307, height: 212 }, paint), ...hexagon(value, width / 2, 582, 430, 285), arrow],
    {
      radius: 0.06,
    },
  );
}

/** F 34.2: a green flag with the motorway symbol, the numbered hexagon and a long arrow. */
function diversionFlag(value: string, pointLeft: boolean): SignDrawing {
  const width = 1300;
  const height = 200;
  const sym = pict(motorway, { x: pointLeft ? 1090 : 40, y: 35, width: 130, height: 130 }, { fg: white, bg: green });
  const hex = hexagon(value, pointLeft ? 930 : 330, height / 2, 240, 140);
  const arrow = pict(
    longArrowRight,
    { x: pointLeft ? 130 : 490, y: 70, width: 620, height: 60 },
    { fg: white, bg: green },
    pointLeft ? { flipX: true } : {},
  );
  return flag(width, height, green, pointLeft, [sym, ...hex, arrow]);
}

// ── The series ───────────────────────────────────────────────────────────────────────────────────
const text = (defaultValue: string): SignParameter => ({ kind: "text", defaultValue });
const ROUTE_SIZES = rectangleSizes(0.5, 0.2);

export const SERIES_L = defineSeries("L", [
  sign("L 41", "Europavejsrute (rutenummer)", "L", { sizes: ROUTE_SIZES, parameter: text("E45") }, (v) =>
    europeanRoutePlate(v ?? "", "full"),
  ),
  sign("L 41", "Europavejsrute, henvisende rutenummer", "L", { sizes: ROUTE_SIZES, parameter: text("E45"), id: "L41-henvisende" }, (v) =>
    europeanRoutePlate(v ?? "", "dotted"),
  ),
  sign("L 42", "Primærrute (rutenummer)", "L", { sizes: ROUTE_SIZES, parameter: text("21") }, (v) => routePlate(v ?? "", yellow, "full")),
  sign("L 42", "Primærrute, henvisende rutenummer", "L", { sizes: ROUTE_SIZES, parameter: text("21"), id: "L42-henvisende" }, (v) =>
    routePlate(v ?? "", yellow, "dotted"),
  ),
  sign("L 43", "Sekundærrute (rutenummer)", "L", { sizes: ROUTE_SIZES, parameter: text("158") }, (v) => routePlate(v ?? "", white, "full")),
  sign("L 43", "Sekundærrute, henvisende rutenummer", "L", { sizes: ROUTE_SIZES, parameter: text("158"), id: "L43-henvisende" }, (v) =>
    routePlate(v ?? "", white, "dotted"),
  ),
  sign("L 44", "Ringvej, primærrute", "L", { sizes: ROUTE_SIZES, parameter: text("O 1") }, (v) => ringRoadPlate(v ?? "", yellow)),
  sign("L 44", "Ringvej, sekundærrute", "L", { sizes: ROUTE_SIZES, parameter: text("O 1"), id: "L44-hvid" }, (v) =>
    ringRoadPlate(v ?? "", white),
  ),
  sign("L 45", "National cykelrute", "L", { sizes: rectangleSizes(0.3, 0.3), parameter: text("6") }, (v) => cycleRoutePlate(v ?? "", true)),
  sign("L 45.2", "Regional eller lokal cykelrute", "L", { sizes: rectangleSizes(0.5, 0.23), parameter: text("112") }, (v) =>
    cycleRoutePlate(v ?? "", false),
  ),
  sign("L 46", "Supercykelsti", "L", { sizes: rectangleSizes(0.4, 0.4) }, () => superCycleRoute()),
  sign("L 47", "EuroVelo-rute", "L", { sizes: rectangleSizes(0.4, 0.4), parameter: text("7") }, (v) => euroVelo(v ?? "")),
  sign("L 50", "Margueritruten", "L", { sizes: rectangleSizes(0.4, 0.4) }, () => margueriteRoute()),
  sign("H 45", "Stednavnetavle", "L", { sizes: rectangleSizes(1.2, 0.4), shouldPromptForName: true }, (v) =>
    placeName(v?.trim() || "Stednavn"),
  ),
  sign("F 33.1", "P-vejviser, mod højre", "L", { sizes: rectangleSizes(1.3, 0.26), shouldPromptForName: true }, (v) =>
    parkingFlag(v?.trim() || "Parkering", false),
  ),
  sign(
    "F 33.1",
    "P-vejviser, mod venstre",
    "L",
    { sizes: rectangleSizes(1.3, 0.26), shouldPromptForName: true, id: "F33.1-venstre" },
    (v) => parkingFlag(v?.trim() || "Parkering", true),
  ),
  sign("F 34.1", "Omkørselsrute, til højre", "L", { sizes: rectangleSizes(0.86, 1), parameter: text("55") }, (v) =>
    diversionRoute(v ?? "", "right"),
  ),
  sign("F 34.1", "Omkørselsrute, til venstre", "L", { sizes: rectangleSizes(0.86, 1), parameter: text("55"), id: "F34.1-venstre" }, (v) =>
    diversionRoute(v ?? "", "left"),
  ),
  sign("F 34.1", "Omkørselsrute, ligeud", "L", { sizes: rectangleSizes(0.86, 1), parameter: text("55"), id: "F34.1-ligeud" }, (v) =>
    diversionRoute(v ?? "", "ahead"),
  ),
  sign("F 34.2", "Omkørselsrute, pilvejviser mod højre", "L", { sizes: rectangleSizes(1.3, 0.2), parameter: text("56") }, (v) =>
    diversionFlag(v ?? "", false),
  ),
  sign(
    "F 34.2",
    "Omkørselsrute, pilvejviser mod venstre",
    "L",
    { sizes: rectangleSizes(1.3, 0.2), parameter: text("56"), id: "F34.2-venstre" },
    (v) => diversionFlag(v ?? "", true),
  ),
]);
