/**
 * F – lokaliseringsmärken för vägvisning (Vägmärkesförordningen 2007:90, 2 kap. 16 §), the ones a TA-plan
 * uses for detours and temporary lane changes:
 *
 * - F17 Minskning av antal körfält and F18 Körfältsindelning på sträcka: blue with white symbols where
 *   permanent; "vid tillfällig trafikomläggning kan märket vara utfört med orange botten", so the main
 *   entry is the orange one a road-works plan puts up (black symbols), the blue one a variant ("-bla").
 * - F23 Orienteringstavla för omledningsväg (the ordinary road, closed, drawn dashed; the detour solid),
 *   F24 Färdriktning vid omledning, F25 Körfält upphör and F26 Körfält avstängt: the temporary signs of a
 *   traffic diversion, yellow with a black border and black symbols; F26's closed lane ends in a red bar.
 *
 * Codes and names: Transportstyrelsen's list of vägmärken as quoted by teoricentralen.se
 * (/vagmarken/lokaliseringsmarken-vagvisning: F1–F8), teorio.shop (/vagmarken/localization-road/: F23
 * orienteringstavla-for-omledningsvag, F24 fardriktning-vid-omledning, F25 korfalt-upphor, F26
 * korfalt-avstangt), drivingtheorysverige.com (F25 "Lane Ends", the article on F23–F26 at road works),
 * dprov.se and taxi-prov.se (the orange ground of F17/F18 at tillfällig trafikomläggning) and a Swedish
 * theory app's sign list (F15 Omledning … F26 in code order). F15 Omledning is left out: it marks a
 * permanent omledningsväg of a numbered road and is not a road-works sign.
 *
 * Sizes: lokaliseringsmärken are made to their content; the sizes here are the usual boards (no size class
 * in the föreskrift), scaled like the square signs for liten/stor.
 */
import { lettering } from "../dk/lettering";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { seRectangleSizes } from "./sizes";
import { arrowHead } from "./templates";

const { blue, orange, yellow, white, black, red, edge } = PALETTE;

type Ground = "orange" | "blue" | "yellow";

/** A board in its ground: orange and yellow with a black border and black symbols, blue with a white rim and white symbols. */
function board(width: number, height: number, ground: Ground, layers: readonly SignLayer[]): SignDrawing {
  if (ground === "blue")
    return {
      shape: "plate",
      width,
      height,
      cornerRadius: 30,
      rim: { color: white, width: 20 },
      face: blue,
      outline: { color: edge, width: 2 },
      layers,
    };
  return {
    shape: "plate",
    width,
    height,
    cornerRadius: 30,
    border: { color: black, width: 20 },
    face: ground === "orange" ? orange : yellow,
    outline: { color: edge, width: 2 },
    layers,
  };
}

const ink = (ground: Ground) => (ground === "blue" ? white : black);

const SHAFT = 56;
const HEAD = { length: 120, width: 150 };

/** An arrow head of the lane arrows with its tip at (x, y), pointing `angle` degrees clockwise from up. */
const head = (x: number, y: number, angle: number, fill: string) => arrowHead(x, y, angle, HEAD.length, HEAD.width, fill);

/** A lane arrow from (x, bottom) straight up to its tip at `tip`, or down when `down`. */
function laneArrow(x: number, top: number, bottom: number, fill: string, down = false): SignLayer[] {
  return down
    ? [
        { kind: "line", x1: x, y1: top, x2: x, y2: bottom - HEAD.length + 2, stroke: fill, strokeWidth: SHAFT, lineCap: "butt" },
        head(x, bottom, 180, fill),
      ]
    : [
        { kind: "line", x1: x, y1: bottom, x2: x, y2: top + HEAD.length - 2, stroke: fill, strokeWidth: SHAFT, lineCap: "butt" },
        head(x, top, 0, fill),
      ];
}

/**
 * A lane that ends: up from the bottom, then diagonally across towards the lane at `toX`, the head pointing
 * into that lane just beside its arrow (`gap` mm from its centre line).
 */
function mergingArrow(fromX: number, toX: number, top: number, bottom: number, fill: string, gap: number): SignLayer[] {
  const bend = top + (bottom - top) * 0.62;
  const dx = fromX - toX - gap;
  const tipX = fromX - dx;
  const tipY = bend - dx * 1.3;
  const angle = -Math.round((Math.atan2(dx, dx * 1.3) * 180) / Math.PI);
  const back = HEAD.length - 4;
  const rad = (angle * Math.PI) / 180;
  return [
    {
      kind: "path",
      d: `M${fromX},${bottom} V${bend} L${Math.round(tipX - Math.sin(rad) * back)},${Math.round(tipY + Math.cos(rad) * back)}`,
      stroke: fill,
      strokeWidth: SHAFT,
      lineJoin: "miter",
    },
    head(tipX, tipY, angle, fill),
  ];
}

/** Lane dashes at x between `top` and `bottom`. */
function dashes(x: number, top: number, bottom: number, fill: string): SignLayer[] {
  const out: SignLayer[] = [];
  for (let y = top; y + 60 <= bottom; y += 130) out.push({ kind: "rect", x: x - 9, y, width: 18, height: 60, fill });
  return out;
}

const mirrored = (width: number, layers: readonly SignLayer[]): SignLayer => ({
  kind: "group",
  transform: `matrix(-1 0 0 1 ${width} 0)`,
  layers,
});

// ── F17 Minskning av antal körfält, F25 Körfält upphör, F26 Körfält avstängt ──────────────────────
const LANES = { width: 800, height: 1000, top: 110, bottom: 900, left: 260, right: 540 };

/** Two lanes, the right one (or the left one, `endsLeft`) ending into the other. */
function laneEnds(ground: Ground, endsLeft: boolean): SignDrawing {
  const { width, height, top, bottom, left, right } = LANES;
  const fg = ink(ground);
  const layers = [...laneArrow(left, top, bottom, fg), ...mergingArrow(right, left, top, bottom, fg, 110)];
  return board(width, height, ground, endsLeft ? [mirrored(width, layers)] : layers);
}

/** Two lanes, the right one (or the left) closed: its arrow stops at a red bar. */
function laneClosed(endsLeft: boolean): SignDrawing {
  const { width, height, top, bottom, left, right } = LANES;
  const barY = top + 250;
  const layers: SignLayer[] = [
    ...laneArrow(left, top, bottom, black),
    ...dashes((left + right) / 2, top + 20, bottom, black),
    { kind: "line", x1: right, y1: bottom, x2: right, y2: barY + 30, stroke: black, strokeWidth: SHAFT, lineCap: "butt" },
    { kind: "rect", x: right - 130, y: barY - 40, width: 260, height: 80, fill: red },
  ];
  return board(width, height, "yellow", endsLeft ? [mirrored(width, layers)] : layers);
}

// ── F18 Körfältsindelning på sträcka ─────────────────────────────────────────────────────────────
/** Lanes from left to right: "down" for oncoming traffic, "up" for ours; a solid line between the directions. */
function laneDivision(ground: Ground, lanes: readonly ("up" | "down")[]): SignDrawing {
  const { width, height, top, bottom } = LANES;
  const fg = ink(ground);
  const pitch = Math.min(230, (width - 260) / Math.max(1, lanes.length - 1));
  const x0 = width / 2 - ((lanes.length - 1) * pitch) / 2;
  const layers: SignLayer[] = [];
  lanes.forEach((dir, i) => {
    const x = x0 + i * pitch;
    layers.push(...laneArrow(x, top, bottom, fg, dir === "down"));
    const next = lanes[i + 1];
    if (!next) return;
    const between = x + pitch / 2;
    if (next === dir) layers.push(...dashes(between, top + 20, bottom, fg));
    else layers.push({ kind: "line", x1: between, y1: top, x2: between, y2: bottom, stroke: fg, strokeWidth: 18, lineCap: "butt" });
  });
  return board(width, height, ground, layers);
}

// ── F23 Orienteringstavla för omledningsväg ──────────────────────────────────────────────────────
const F23 = { width: 900, height: 1100 };

/** The ordinary road ahead (closed) dashed, the detour turning off to one side, the detour's name above. */
function diversionBoard(value: string, side: "right" | "left"): SignDrawing {
  const { width, height } = F23;
  const roadX = 330;
  const junctionY = 640;
  const road = 70;
  const map: SignLayer[] = [
    { kind: "line", x1: roadX, y1: 1030, x2: roadX, y2: junctionY - road / 2, stroke: black, strokeWidth: road, lineCap: "butt" },
    // The closed road ahead: dashes.
    ...[0, 1, 2].map((i): SignLayer => ({
      kind: "rect",
      x: roadX - road / 2,
      y: junctionY - road / 2 - 80 - i * 130,
      width: road,
      height: 70,
      fill: black,
    })),
    // The detour: off to the side with the arrow head.
    { kind: "line", x1: roadX - road / 2, y1: junctionY, x2: 700, y2: junctionY, stroke: black, strokeWidth: road, lineCap: "butt" },
    {
      kind: "polygon",
      points: [
        [830, junctionY],
        [690, junctionY - 95],
        [690, junctionY + 95],
      ],
      fill: black,
    },
  ];
  const cap = 110;
  return board(width, height, "yellow", [
    lettering(value, width / 2, 95 + cap, cap, black, { maxWidth: width - 120, tracking: 6 }),
    ...(side === "right" ? map : [mirrored(width, map)]),
  ]);
}

// ── F24 Färdriktning vid omledning ───────────────────────────────────────────────────────────────
const F24 = { width: 1000, height: 400 };

function detourDirection(pointLeft: boolean): SignDrawing {
  const { width, height } = F24;
  const y = height / 2;
  const arrow: SignLayer[] = [
    { kind: "line", x1: 110, y1: y, x2: 720, y2: y, stroke: black, strokeWidth: 90, lineCap: "butt" },
    {
      kind: "polygon",
      points: [
        [900, y],
        [700, y - 130],
        [700, y + 130],
      ],
      fill: black,
    },
  ];
  return board(width, height, "yellow", pointLeft ? [mirrored(width, arrow)] : arrow);
}

// ── The series ───────────────────────────────────────────────────────────────────────────────────
const LANE_SIZES = seRectangleSizes(LANES.width / 1000, LANES.height / 1000);
const DETOUR_TEXT: SignParameter = { kind: "text", defaultValue: "Omledning" };

function f(code: string, name: string, sizes: ReturnType<typeof seRectangleSizes>, draw: () => SignDrawing, id?: string): SignDefinition {
  return seSign(code, name, "se_F", { sizes, ...(id ? { id } : {}) }, draw);
}

export const SE_SERIES_F = defineSeries("se_F", [
  f("F17", "Minskning av antal körfält vid vägarbete (höger körfält upphör)", LANE_SIZES, () => laneEnds("orange", false)),
  f(
    "F17",
    "Minskning av antal körfält vid vägarbete (vänster körfält upphör)",
    LANE_SIZES,
    () => laneEnds("orange", true),
    "se-F17-vanster",
  ),
  f("F17", "Minskning av antal körfält (höger körfält upphör)", LANE_SIZES, () => laneEnds("blue", false), "se-F17-bla"),
  f("F18", "Körfältsindelning på sträcka vid vägarbete (två körfält och ett mötande)", LANE_SIZES, () =>
    laneDivision("orange", ["down", "up", "up"]),
  ),
  f(
    "F18",
    "Körfältsindelning på sträcka vid vägarbete (ett körfält i vardera riktningen)",
    LANE_SIZES,
    () => laneDivision("orange", ["down", "up"]),
    "se-F18-1-1",
  ),
  f(
    "F18",
    "Körfältsindelning på sträcka vid vägarbete (två körfält och två mötande)",
    LANE_SIZES,
    () => laneDivision("orange", ["down", "down", "up", "up"]),
    "se-F18-2-2",
  ),
  f(
    "F18",
    "Körfältsindelning på sträcka (två körfält och ett mötande)",
    LANE_SIZES,
    () => laneDivision("blue", ["down", "up", "up"]),
    "se-F18-bla",
  ),
  seSign(
    "F23",
    "Orienteringstavla för omledningsväg (omledning till höger)",
    "se_F",
    { sizes: seRectangleSizes(F23.width / 1000, F23.height / 1000), parameter: DETOUR_TEXT },
    (v) => diversionBoard(v ?? DETOUR_TEXT.defaultValue, "right"),
  ),
  seSign(
    "F23",
    "Orienteringstavla för omledningsväg (omledning till vänster)",
    "se_F",
    { sizes: seRectangleSizes(F23.width / 1000, F23.height / 1000), parameter: DETOUR_TEXT, id: "se-F23-vanster" },
    (v) => diversionBoard(v ?? DETOUR_TEXT.defaultValue, "left"),
  ),
  f("F24", "Färdriktning vid omledning (höger)", seRectangleSizes(F24.width / 1000, F24.height / 1000), () => detourDirection(false)),
  f(
    "F24",
    "Färdriktning vid omledning (vänster)",
    seRectangleSizes(F24.width / 1000, F24.height / 1000),
    () => detourDirection(true),
    "se-F24-vanster",
  ),
  f("F25", "Körfält upphör (höger körfält)", LANE_SIZES, () => laneEnds("yellow", false)),
  f("F25", "Körfält upphör (vänster körfält)", LANE_SIZES, () => laneEnds("yellow", true), "se-F25-vanster"),
  f("F26", "Körfält avstängt (höger körfält)", LANE_SIZES, () => laneClosed(false)),
  f("F26", "Körfält avstängt (vänster körfält)", LANE_SIZES, () => laneClosed(true), "se-F26-vanster"),
]);
