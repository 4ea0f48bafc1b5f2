/**
 * Danish signs of category "N": kant- og baggrundsafmærkning (edge and background marking), with the
 * marking material a road-works plan places: N 41 kantpæle, N 42 kantafmærkningsplader, N 43 spidsmarkering,
 * N 44 markeringscylindre, -kegler and vognbanedelere, N 46 markeringslygter (BEK nr. 425 af 13/04/2023 om
 * vejafmærkning § 48), O 41–O 42 retningspile and O 43–O 45 spærrebomme (§ 49).
 *
 * These are objects rather than plates, so each is drawn as seen by the driver, on a transparent ground, at
 * its real proportions (drawing units are mm of the default size). Sizes are the heights and lengths the
 * material is sold in; one entry per object, its sizes in the size picker (cones 0.5 / 0.75 / 1.0 m, booms by
 * length). A stretched boom keeps its stripe count, which reads fine up to a factor of two.
 */
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignSize } from "../types";
import { defineSeries, sign } from "./define";

const { red, white, black, yellow, edge } = PALETTE;

const m = (v: number) => Math.round(v * 1000) / 1000;
const size = (width: number, height: number, label: string): SignSize => ({ widthInMeters: m(width), heightInMeters: m(height), label });

/** An object drawn on a transparent ground (no plate behind it). */
function object(width: number, height: number, layers: readonly SignLayer[]): SignDrawing {
  return { shape: "rectangle", width, height, face: "none", layers };
}

/**
 * A flat plate (N 42, O 41 …): white face (or `face`), rounded corners, the grey hairline that keeps it
 * visible on a map; the stripes are clipped to it. The Swedish markeringsanordningar use it too.
 */
export function stripedPlate(width: number, height: number, stripes: readonly SignLayer[], radius = 12, face: string = white): SignDrawing {
  return {
    shape: "rectangle",
    width,
    height,
    cornerRadius: radius,
    outline: { color: edge, width: 3 },
    face,
    layers: [{ kind: "group", clipToSign: true, layers: stripes }],
  };
}

/**
 * Parallel red (or `color`) stripes across a `width` × `height` plate, `band` mm wide (measured across the stripe) with
 * equal white gaps. `angle` is the stripes' direction from vertical in degrees: −45 runs from the upper left
 * to the lower right ("\", passed on the right), 45 the other way ("/", passed on the left), 0 vertical.
 */
export function stripes(width: number, height: number, band: number, angle: number, offset = 0, color: string = red): SignLayer {
  const cx = width / 2;
  const cy = height / 2;
  const reach = Math.hypot(width, height);
  const rects: SignLayer[] = [];
  for (let x = cx - reach + offset; x < cx + reach; x += 2 * band) {
    rects.push({ kind: "rect", x, y: cy - reach, width: band, height: 2 * reach, fill: color });
  }
  return { kind: "group", transform: `rotate(${angle} ${cx} ${cy})`, layers: rects };
}

/** Stripes that slope down to both sides from the middle (N 43, O 44): passed on either side. */
function chevronStripes(width: number, height: number, band: number, pointUp: boolean): SignLayer[] {
  const half = width / 2;
  const rise = pointUp ? -1 : 1;
  const layers: SignLayer[] = [];
  const step = 2 * band * Math.SQRT2;
  for (let y0 = -width; y0 < height + width; y0 += step) {
    // One chevron: a band whose centre line runs from the left edge at y0 + rise·half to the middle at y0.
    const t = band * Math.SQRT2;
    layers.push({
      kind: "polygon",
      points: [
        [-1, y0 - rise * half],
        [half, y0],
        [width + 1, y0 - rise * half],
        [width + 1, y0 - rise * half + t],
        [half, y0 + t],
        [-1, y0 - rise * half + t],
      ],
      fill: red,
    });
  }
  return layers;
}

// ── N 41 Kantpæl ─────────────────────────────────────────────────────────────────────────────────
/** A white edge post with its black band and reflector; `side` decides the reflector's colour. */
function edgePost(side: "right" | "left"): SignDrawing {
  const w = 120;
  const h = 1000;
  return object(w, h, [
    {
      kind: "polygon",
      points: [
        [0, 70],
        [w, 0],
        [w, h],
        [0, h],
      ],
      fill: white,
      stroke: edge,
      strokeWidth: 4,
      lineJoin: "round",
    },
    {
      kind: "polygon",
      points: [
        [0, 70],
        [w, 0],
        [w, 230],
        [0, 300],
      ],
      fill: black,
    },
    side === "right"
      ? { kind: "rect", x: 30, y: 95, width: 60, height: 150, rx: 6, fill: yellow }
      : {
          kind: "group",
          layers: [
            { kind: "circle", cx: 60, cy: 120, r: 26, fill: white },
            { kind: "circle", cx: 60, cy: 205, r: 26, fill: white },
          ],
        },
  ]);
}

// ── N 42 / N 43 plates (the left-hand versions are entries of their own: a subSign hangs a plate below a sign) ───────────────────────────────────────────────────────────────────────────
const N42 = { width: 250, height: 1000, band: 90 };

function edgePlate(passOn: "right" | "left"): SignDrawing {
  return stripedPlate(N42.width, N42.height, [stripes(N42.width, N42.height, N42.band, passOn === "right" ? -45 : 45, 20)]);
}

function tipMarker(): SignDrawing {
  const w = 500;
  const h = 1000;
  return stripedPlate(w, h, chevronStripes(w, h, 90, true));
}

// ── N 44 cylinders, cones, lane dividers ──────────────────────────────────────────────────────────
/** N 44.1: a red cylinder with two white reflective bands on a black rubber foot. Box 400 × 1000. */
function cylinder(): SignDrawing {
  const body = "M120,940 V70 Q120,30 160,30 H240 Q280,30 280,70 V940 Z";
  return object(400, 1000, [
    { kind: "rect", x: 20, y: 930, width: 360, height: 70, rx: 14, fill: black },
    { kind: "path", d: body, fill: red },
    { kind: "rect", x: 120, y: 120, width: 160, height: 120, fill: white },
    { kind: "rect", x: 120, y: 330, width: 160, height: 120, fill: white },
    { kind: "path", d: body, stroke: edge, strokeWidth: 4 },
  ]);
}

/** N 44.2: a red cone with a white reflective band on a square foot. Box 380 × 500. */
function cone(): SignDrawing {
  // Body edges: from (95, 462) up to (170, 52) on the left, mirrored on the right.
  const left = (y: number) => 95 + ((462 - y) / 410) * 75;
  const right = (y: number) => 380 - left(y);
  const body = "M95,462 L168,54 Q190,18 212,54 L285,462 Z";
  const band = (top: number, bottom: number): SignLayer => ({
    kind: "polygon",
    points: [
      [left(top), top],
      [right(top), top],
      [right(bottom), bottom],
      [left(bottom), bottom],
    ],
    fill: white,
  });
  return object(380, 500, [
    { kind: "rect", x: 5, y: 450, width: 370, height: 50, rx: 10, fill: black },
    { kind: "path", d: body, fill: red },
    band(170, 300),
    { kind: "path", d: body, stroke: edge, strokeWidth: 4, lineJoin: "round" },
  ]);
}

/** N 44.3: a flexible red post with white bands on a long low foot, between opposing lanes. Box 600 × 800. */
function laneDivider(): SignDrawing {
  const post = "M250,740 V60 Q250,20 300,20 Q350,20 350,60 V740 Z";
  return object(600, 800, [
    { kind: "path", d: "M0,800 L40,730 H560 L600,800 Z", fill: black },
    { kind: "path", d: post, fill: red },
    { kind: "rect", x: 250, y: 110, width: 100, height: 100, fill: white },
    { kind: "rect", x: 250, y: 300, width: 100, height: 100, fill: white },
    { kind: "path", d: post, stroke: edge, strokeWidth: 4 },
  ]);
}

// ── N 46 Markeringslygte ─────────────────────────────────────────────────────────────────────────
/** A yellow lamp housing with a white lens; flashing lamps show rays. Box 400 × 400 (lamp 240 × 300). */
function lamp(flashing: boolean): SignDrawing {
  const rays: SignLayer[] = [];
  if (flashing) {
    for (const angle of [-60, -30, 0, 30, 60, 120, 150, 180, 210, 240]) {
      const a = (angle * Math.PI) / 180;
      const r0 = 150;
      const r1 = 195;
      rays.push({
        kind: "line",
        x1: 200 + r0 * Math.cos(a),
        y1: 210 + r0 * Math.sin(a),
        x2: 200 + r1 * Math.cos(a),
        y2: 210 + r1 * Math.sin(a),
        stroke: black,
        strokeWidth: 14,
        lineCap: "round",
      });
    }
  }
  return object(400, 400, [
    ...rays,
    { kind: "rect", x: 180, y: 10, width: 40, height: 60, rx: 8, fill: black },
    { kind: "rect", x: 80, y: 60, width: 240, height: 300, rx: 40, fill: yellow, stroke: edge, strokeWidth: 4 },
    { kind: "circle", cx: 200, cy: 210, r: 92, fill: black },
    { kind: "circle", cx: 200, cy: 210, r: 80, fill: white },
    { kind: "circle", cx: 200, cy: 210, r: 80, stroke: "#c8c8c8", strokeWidth: 6 },
  ]);
}

// ── O 41 / O 42 Retningspile ─────────────────────────────────────────────────────────────────────
/** Red chevrons pointing right on a white plate, `count` of them, each `pitch` mm apart. */
function chevrons(width: number, height: number, count: number, pitch: number, pointLeft: boolean): SignDrawing {
  const depth = height * 0.36;
  const thick = height * 0.2;
  const start = (width - (count - 1) * pitch - depth - thick) / 2;
  const layers: SignLayer[] = [];
  for (let i = 0; i < count; i++) {
    const x = start + i * pitch;
    const top = height * 0.12;
    const bottom = height * 0.88;
    const mid = height / 2;
    layers.push({
      kind: "polygon",
      points: [
        [x, top],
        [x + thick, top],
        [x + thick + depth, mid],
        [x + thick, bottom],
        [x, bottom],
        [x + depth, mid],
      ],
      fill: red,
    });
  }
  return stripedPlate(width, height, pointLeft ? [{ kind: "group", transform: `matrix(-1 0 0 1 ${width} 0)`, layers }] : layers);
}

// ── O 43–O 45 Spærrebomme ────────────────────────────────────────────────────────────────────────
const BOOM = { length: 2000, height: 250, band: 160 };
const boomSizes: readonly SignSize[] = [2, 1, 1.5, 2.5, 3].map((l) => size(l, 0.25, `${String(l).replace(".", ",")} m`));

function boom(pattern: "right" | "left" | "both" | "closed"): SignDrawing {
  const { length: w, height: h, band } = BOOM;
  let content: SignLayer[];
  if (pattern === "closed") content = [stripes(w, h, band, 0, band / 2)];
  // Stripes slope down from the middle to both ends ("/" on the left half, "\" on the right).
  else if (pattern === "both") content = chevronStripes(w, h, band, true);
  else content = [stripes(w, h, band, pattern === "right" ? -45 : 45, 0)];
  return stripedPlate(w, h, content, 10);
}

export const SERIES_N = defineSeries("N", [
  sign("N 41", "Kantpæl (højre vejside, gul refleks)", "N", { sizes: [size(0.12, 1, "standard")] }, () => edgePost("right")),
  sign("N 41", "Kantpæl (venstre vejside, hvid refleks)", "N", { sizes: [size(0.12, 1, "standard")], id: "N41-venstre" }, () =>
    edgePost("left"),
  ),
  sign(
    "N 42",
    "Kantafmærkningsplade (passeres til højre)",
    "N",
    {
      sizes: [size(0.25, 1, "250 × 1000 mm")],
    },
    () => edgePlate("right"),
  ),
  sign("N 42", "Kantafmærkningsplade (passeres til venstre)", "N", { sizes: [size(0.25, 1, "250 × 1000 mm")], id: "N42-venstre" }, () =>
    edgePlate("left"),
  ),
  sign("N 43", "Spidsmarkering", "N", { sizes: [size(0.5, 1, "500 × 1000 mm")] }, () => tipMarker()),
  sign("N 44.1", "Markeringscylinder", "N", { sizes: [size(0.4, 1, "højde 1,0 m"), size(0.3, 0.75, "højde 0,75 m")] }, () => cylinder()),
  sign(
    "N 44.2",
    "Markeringskegle",
    "N",
    { sizes: [size(0.38, 0.5, "højde 0,5 m"), size(0.57, 0.75, "højde 0,75 m"), size(0.76, 1, "højde 1,0 m")] },
    () => cone(),
  ),
  sign("N 44.3", "Vognbanedeler", "N", { sizes: [size(0.6, 0.8, "højde 0,8 m")] }, () => laneDivider()),
  sign(
    "N 46",
    "Markeringslygte (fast lys)",
    "N",
    {
      sizes: [size(0.25, 0.25, "standard")],
    },
    () => lamp(false),
  ),
  sign("N 46", "Markeringslygte (blinkende lys)", "N", { sizes: [size(0.25, 0.25, "standard")], id: "N46-blink" }, () => lamp(true)),
  sign(
    "O 41.1",
    "Retningspil (mod højre)",
    "N",
    {
      sizes: [size(0.4, 0.5, "400 × 500 mm"), size(0.6, 0.75, "600 × 750 mm")],
    },
    () => chevrons(400, 500, 1, 0, false),
  ),
  sign(
    "O 41.1",
    "Retningspil (mod venstre)",
    "N",
    { sizes: [size(0.4, 0.5, "400 × 500 mm"), size(0.6, 0.75, "600 × 750 mm")], id: "O41.1-venstre" },
    () => chevrons(400, 500, 1, 0, true),
  ),
  sign(
    "O 42",
    "Retningspile (mod højre)",
    "N",
    {
      sizes: [size(1.6, 0.4, "1600 × 400 mm"), size(2.4, 0.6, "2400 × 600 mm")],
    },
    () => chevrons(1600, 400, 4, 360, false),
  ),
  sign(
    "O 42",
    "Retningspile (mod venstre)",
    "N",
    { sizes: [size(1.6, 0.4, "1600 × 400 mm"), size(2.4, 0.6, "2400 × 600 mm")], id: "O42-venstre" },
    () => chevrons(1600, 400, 4, 360, true),
  ),
  sign(
    "O 43",
    "Spærrebom med skrå striber (passeres til højre)",
    "N",
    {
      sizes: boomSizes,
    },
    () => boom("right"),
  ),
  sign("O 43", "Spærrebom med skrå striber (passeres til venstre)", "N", { sizes: boomSizes, id: "O43-venstre" }, () => boom("left")),
  sign("O 44", "Spærrebom (passeres i begge sider)", "N", { sizes: boomSizes }, () => boom("both")),
  sign("O 45", "Spærrebom (lodrette striber, må ikke passeres)", "N", { sizes: boomSizes }, () => boom("closed")),
]);
