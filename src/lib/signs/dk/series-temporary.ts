/**
 * Danish signs of category "temporary": the temporary road-works signs, every one on yellow (RAL 1023).
 *
 * - Temporary direction signs for diversions (midlertidig vejvisning, vejregel "Midlertidig vejafmærkning"):
 *   F 14 midlertidig pilvejviser (yellow flag, black border and text) with any text, a temporary deltavle of a
 *   tabelvejviser (F 18), a map-type orienteringstavle for a diversion (G 14) and temporary path direction
 *   signs for pedestrians and cyclists.
 * - The warning and regulatory signs road works put up "på gul baggrundsplade" (on a yellow backing plate,
 *   so the temporary arrangement stands out from the permanent signs): A 39 Vejarbejde, narrowings, queue,
 *   loose chippings, B 18/B 19 for one-lane passage, overtaking bans, C 55 temporary speed limits with any
 *   value, parking and stopping bans, keep-right/left. The sign itself is the A–E series' own drawing
 *   (embed.ts), so it always matches the permanent sign.
 *
 * Sizes: a backing plate grows with the sign on it (sign sizes × the plate's margin); direction signs scale
 * like the square steps (rectangleSizes).
 */
import { PALETTE } from "../render/palette";
import { arrowUp } from "../render/pictograms/arrows";
import { pedestrian } from "../render/pictograms/people";
import { bentArrowRight, longArrowRight } from "../render/pictograms/plate-arrows";
import { bicycle } from "../render/pictograms/vehicles";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignSize, SignVariant } from "../types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { embeddedSign } from "./embed";
import { flagPoints, insetPolygon, type Point } from "./shapes";
import { hasLettering, lettering, letteringWidth } from "./lettering";
import { SERIES_A } from "./series-a";
import { SERIES_B } from "./series-b";
import { SERIES_C } from "./series-c";
import { SERIES_D } from "./series-d";
import { SERIES_E } from "./series-e";
import { rectangleSizes } from "./sizes";
import { pict } from "./templates";

const { yellow, black, red, white, edge } = PALETTE;
const ON_YELLOW = { fg: black, bg: yellow, accent: red };

const BORDER = 20;

/** A yellow plate with a black border in the outline `points` (direction signs). */
function yellowShape(width: number, height: number, points: readonly Point[], layers: readonly SignLayer[]): SignDrawing {
  return {
    shape: "rectangle",
    width,
    height,
    face: "none",
    layers: [
      { kind: "polygon", points, fill: black, stroke: black, strokeWidth: 6, lineJoin: "round" },
      { kind: "polygon", points: insetPolygon(points, BORDER), fill: yellow },
      ...layers,
    ],
  };
}

/** A rectangular yellow plate with a black border and rounded corners. */
function yellowPlate(width: number, height: number, layers: readonly SignLayer[]): SignDrawing {
  return { shape: "plate", width, height, cornerRadius: 28, border: { color: black, width: BORDER }, face: yellow, layers };
}

/** A line of black text fitted into `room` mm: smaller (to 70 %) and then squeezed when long. */
function fittedLine(value: string, x: number, y: number, cap: number, room: number, anchor: "start" | "middle" = "middle"): SignLayer {
  const natural = hasLettering(value) ? letteringWidth(value, cap, 0.15, 6) : value.length * cap * 0.62;
  const size = natural > room ? Math.max(cap * 0.7, (cap * room) / natural) : cap;
  return lettering(value, x, y - (cap - size) / 2, size, black, { anchor, maxWidth: room, tracking: 6 });
}

// ── F 14 Midlertidig pilvejviser ─────────────────────────────────────────────────────────────────
const F14 = { width: 1300, height: 280 };

function flagSign(value: string, pointLeft: boolean): SignDrawing {
  const { width, height } = F14;
  const tip = height * 0.5;
  const margin = 50;
  const left = pointLeft ? tip : 0;
  const room = width - tip - 2 * margin;
  const cap = 124;
  return yellowShape(width, height, flagPoints(width, height, height * 0.5, pointLeft), [
    fittedLine(value, left + margin + room / 2, height / 2 + cap / 2, cap, room),
  ]);
}

/** F 14 with a path user's symbol at the blunt end and a long arrow towards the point (pedestrians, cyclists). */
function pathFlagSign(who: "pedestrian" | "cyclist", pointLeft: boolean): SignDrawing {
  const { width, height } = F14;
  const tip = height * 0.5;
  const bodyLeft = pointLeft ? tip : 0;
  const bodyRight = pointLeft ? width : width - tip;
  const symbol =
    who === "pedestrian"
      ? { pictogram: pedestrian, width: 150, y: 45, height: 190 }
      : { pictogram: bicycle, width: 260, y: 55, height: 170 };
  const symbolX = pointLeft ? bodyRight - 70 - symbol.width : bodyLeft + 70;
  const arrowFrom = pointLeft ? bodyLeft + 40 : symbolX + symbol.width + 50;
  const arrowTo = pointLeft ? symbolX - 50 : bodyRight + 20;
  return yellowShape(width, height, flagPoints(width, height, height * 0.5, pointLeft), [
    pict(symbol.pictogram, { x: symbolX, y: symbol.y, width: symbol.width, height: symbol.height }, ON_YELLOW),
    pict(longArrowRight, { x: arrowFrom, y: 90, width: arrowTo - arrowFrom, height: 100 }, ON_YELLOW, pointLeft ? { flipX: true } : {}),
  ]);
}

// ── F 18 deltavle (temporary part of a tabelvejviser) ────────────────────────────────────────────
function tablePanel(value: string, direction: "ahead" | "left" | "right"): SignDrawing {
  const width = 1300;
  const height = 280;
  const arrowLayer =
    direction === "ahead"
      ? pict(arrowUp, { x: 40, y: 40, width: 120, height: 200 }, ON_YELLOW)
      : pict(bentArrowRight, { x: 35, y: 50, width: 200, height: 180 }, ON_YELLOW, direction === "left" ? { flipX: true } : {});
  const textStart = direction === "ahead" ? 190 : 270;
  const cap = 112;
  return yellowPlate(width, height, [arrowLayer, fittedLine(value, textStart, height / 2 + cap / 2, cap, width - textStart - 60, "start")]);
}

// ── G 14 orienteringstavle for a diversion ───────────────────────────────────────────────────────
/**
 * A map-type advance sign of a diversion: the road ahead is closed (a red and white barrier across it),
 * the diversion leaves it to one side and returns beyond the closure; "Omkørsel" above.
 */
function diversionMap(side: "right" | "left"): SignDrawing {
  const width = 900;
  const height = 1100;
  const roadX = 340;
  const detourX = 640;
  const road = 60;
  const detour = 44;
  const layers: SignLayer[] = [
    lettering("Omkørsel", width / 2, 150, 96, black, { tracking: 6 }),
    // The closed road: up from the bottom to the barrier, and on beyond it.
    { kind: "line", x1: roadX, y1: 1040, x2: roadX, y2: 240, stroke: black, strokeWidth: road, lineCap: "butt" },
    // The diversion: out to the side, up, back onto the road beyond the barrier.
    {
      kind: "path",
      d: `M${roadX},840 H${detourX - 60} Q${detourX},840 ${detourX},780 V420 Q${detourX},360 ${detourX - 60},360 H${roadX + road / 2}`,
      stroke: black,
      strokeWidth: detour,
      lineJoin: "round",
    },
    // The barrier across the road: red and white blocks.
    ...[0, 1, 2, 3, 4].map((i): SignLayer => ({
      kind: "rect",
      x: roadX - 110 + i * 44,
      y: 540,
      width: 44,
      height: 56,
      fill: i % 2 === 0 ? red : white,
    })),
    { kind: "rect", x: roadX - 110, y: 540, width: 220, height: 56, stroke: black, strokeWidth: 4 },
    // Arrow head on the road beyond the closure.
    {
      kind: "polygon",
      points: [
        [roadX - 70, 300],
        [roadX, 215],
        [roadX + 70, 300],
      ],
      fill: black,
    },
  ];
  return yellowPlate(
    width,
    height,
    side === "right" ? layers : [layers[0]!, { kind: "group", transform: `matrix(-1 0 0 1 ${width} 0)`, layers: layers.slice(1) }],
  );
}

// ── Signs on the yellow backing plate ────────────────────────────────────────────────────────────
const DEFINITIONS = new Map<string, SignDefinition>(
  [...SERIES_A, ...SERIES_B, ...SERIES_C, ...SERIES_D, ...SERIES_E].map((def) => [def.meta.id, def]),
);

/** Margin of the backing plate around the sign, as a share of the sign's width. */
const PLATE_MARGIN = 0.15;

function onBackingPlate(inner: SignDrawing, id: string): SignDrawing {
  const margin = inner.width * PLATE_MARGIN;
  const width = inner.width + 2 * margin;
  const height = inner.height + 2 * margin;
  return {
    shape: "rectangle",
    width,
    height,
    cornerRadius: margin * 0.4,
    outline: { color: edge, width: 3 },
    face: yellow,
    layers: [pict(embeddedSign(inner, `inner-${id}`), { x: margin, y: margin, width: inner.width, height: inner.height })],
  };
}

/**
 * The sizes of a sign on its plate: the sign's own sizes grown by the plate's margin, which is the same
 * on all four sides (a share of the sign's width, as onBackingPlate draws it).
 */
function plateSizes(sizes: readonly SignSize[] | undefined): readonly SignSize[] {
  const m3 = (v: number) => Math.round(v * 1000) / 1000;
  return (sizes ?? []).map((s) => {
    const margin = s.widthInMeters * PLATE_MARGIN;
    return { widthInMeters: m3(s.widthInMeters + 2 * margin), heightInMeters: m3(s.heightInMeters + 2 * margin), label: s.label };
  });
}

const plateVariant = (id: string, name: string): SignVariant => ({ id, name, imageUrl: `/signs/dk/U/${id}.webp` });
/** The plates usually hung below a temporary warning or regulation: distance, stretch, times. */
const USUAL_PLATES: readonly SignVariant[] = [
  plateVariant("U1.1", "U 1.1 Afstand"),
  plateVariant("U2.1", "U 2.1 Strækning"),
  plateVariant("U3.3", "U 3.3 Tidsangivelse, klokkeslæt"),
];

/** The A–E signs a road-works plan puts on a yellow backing plate, by id of the permanent sign. */
export const ON_PLATE = [
  "A39",
  "A43.1",
  "A43.2",
  "A43.3",
  "A20",
  "A33",
  "A37",
  "A36",
  "A35",
  "A18",
  "A19",
  "A21",
  "A17",
  "A99",
  "B18",
  "B19",
  "B11",
  "C11.1",
  "C11.2",
  "C19",
  "C21",
  "C23.1",
  "C25.1",
  "C26.1",
  "C51",
  "C52",
  "C53",
  "C54",
  "C55",
  "C56",
  "C61",
  "C62",
  "D15.2",
  "D15.3",
  "D16",
  "E11.1",
  "E16.1",
  "E16.2",
  "E17",
  "E18",
  "E33.1",
] as const;

function backingPlateSigns(): SignDefinition[] {
  const defs: SignDefinition[] = [];
  for (const id of ON_PLATE) {
    const permanent = DEFINITIONS.get(id);
    // A code the A–E series do not define (yet) is left out rather than drawn differently.
    if (!permanent) continue;
    const { meta } = permanent;
    const plateId = `${meta.id}-gul`;
    defs.push(
      sign(
        meta.code,
        `${meta.name} (på gul baggrundsplade)`,
        "temporary",
        {
          sizes: plateSizes(meta.sizes),
          id: plateId,
          ...(meta.parameter ? { parameter: meta.parameter } : {}),
          ...(meta.category === "A" || meta.category === "C" ? { subSigns: USUAL_PLATES } : {}),
        },
        (value) => onBackingPlate(permanent.draw(value), plateId),
      ),
    );
  }
  return defs;
}

// ── The series ───────────────────────────────────────────────────────────────────────────────────
const FLAG_SIZES = rectangleSizes(1.3, 0.28);
const text = (defaultValue: string) => ({ kind: "text", defaultValue }) as const;

export const SERIES_TEMPORARY = defineSeries("temporary", [
  sign("F 14", "Midlertidig pilvejviser, mod højre", "temporary", { sizes: FLAG_SIZES, parameter: text("Omkørsel") }, (v) =>
    flagSign(v ?? "", false),
  ),
  sign(
    "F 14",
    "Midlertidig pilvejviser, mod venstre",
    "temporary",
    { sizes: FLAG_SIZES, parameter: text("Omkørsel"), id: "F14-venstre" },
    (v) => flagSign(v ?? "", true),
  ),
  sign("F 14", "Midlertidig stivejviser for fodgængere, mod højre", "temporary", { sizes: FLAG_SIZES, id: "F14-fodgaengere" }, () =>
    pathFlagSign("pedestrian", false),
  ),
  sign(
    "F 14",
    "Midlertidig stivejviser for fodgængere, mod venstre",
    "temporary",
    { sizes: FLAG_SIZES, id: "F14-fodgaengere-venstre" },
    () => pathFlagSign("pedestrian", true),
  ),
  sign("F 14", "Midlertidig stivejviser for cyklister, mod højre", "temporary", { sizes: FLAG_SIZES, id: "F14-cyklister" }, () =>
    pathFlagSign("cyclist", false),
  ),
  sign("F 14", "Midlertidig stivejviser for cyklister, mod venstre", "temporary", { sizes: FLAG_SIZES, id: "F14-cyklister-venstre" }, () =>
    pathFlagSign("cyclist", true),
  ),
  sign(
    "F 18",
    "Midlertidig deltavle til tabelvejviser, ligeud",
    "temporary",
    { sizes: FLAG_SIZES, parameter: text("Omkørsel"), id: "F18-gul-ligeud" },
    (v) => tablePanel(v ?? "", "ahead"),
  ),
  sign(
    "F 18",
    "Midlertidig deltavle til tabelvejviser, til venstre",
    "temporary",
    { sizes: FLAG_SIZES, parameter: text("Omkørsel"), id: "F18-gul-venstre" },
    (v) => tablePanel(v ?? "", "left"),
  ),
  sign(
    "F 18",
    "Midlertidig deltavle til tabelvejviser, til højre",
    "temporary",
    { sizes: FLAG_SIZES, parameter: text("Omkørsel"), id: "F18-gul-hoejre" },
    (v) => tablePanel(v ?? "", "right"),
  ),
  sign(
    "G 14",
    "Midlertidig orienteringstavle, omkørsel til højre",
    "temporary",
    { sizes: rectangleSizes(0.9, 1.1), id: "G14-gul-hoejre" },
    () => diversionMap("right"),
  ),
  sign(
    "G 14",
    "Midlertidig orienteringstavle, omkørsel til venstre",
    "temporary",
    { sizes: rectangleSizes(0.9, 1.1), id: "G14-gul-venstre" },
    () => diversionMap("left"),
  ),
  ...backingPlateSigns(),
]);
