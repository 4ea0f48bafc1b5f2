/**
 * Road shapes and hazards of the warning signs: junction, curves, narrowings, bumps, slippery road,
 * loose chippings, falling rocks, shoulder, tunnel, gradients, traffic light, level-crossing fence,
 * opening bridge, quay, side wind, the exclamation mark, and lane diagrams of the E series.
 */
import { PALETTE } from "../palette";
import { carSide } from "./vehicles";
import { circle, fillPath, pictogram, place, rect, ring, strokePath } from "./draw";

/** Road narrows on both sides (A 43.1). Box 70 × 100. */
export const narrowsBoth = pictogram("narrows-both", 70, 100, ({ fg }) =>
  strokePath("M8,100 V66 L24,38 V0 M62,100 V66 L46,38 V0", fg, 12, "butt", "miter"),
);

/** Road narrows on the right side (A 43.3); flip for the left side (A 43.2). Box 70 × 100. */
export const narrowsRight = pictogram("narrows-right", 70, 100, ({ fg }) =>
  strokePath("M14,100 V0 M62,100 V66 L44,38 V0", fg, 12, "butt", "miter"),
);

/** A road band with one hump (A 36 bump). Box 100 × 30. */
export const bump = pictogram("bump", 100, 30, ({ fg }) => fillPath("M0,30 V20 H28 C38,20 40,4 50,4 C60,4 62,20 72,20 H100 V30 Z", fg));

/** A dip in the road (A 38). Box 100 × 30. */
export const dip = pictogram("dip", 100, 30, ({ fg }) => fillPath("M0,30 V8 H24 C36,8 38,24 50,24 C62,24 64,8 76,8 H100 V30 Z", fg));

/** A tunnel portal: a bricked, flat-topped facade around the dark arched opening (A 44, E 35). Box 100 × 84. */
export const tunnel = pictogram("tunnel", 100, 84, ({ fg, bg }) => {
  const joints: string[] = [];
  for (let i = 1; i < 8; i++) {
    const a = (Math.PI * i) / 8;
    const x = (v: number) => Math.round(v * 10) / 10;
    joints.push(`M${x(50 - 30 * Math.cos(a))},${x(42 - 30 * Math.sin(a))} L${x(50 - 46 * Math.cos(a))},${x(42 - 40 * Math.sin(a))}`);
  }
  return [
    fillPath("M0,84 V14 L12,0 H88 L100,14 V84 Z", fg),
    fillPath("M4,84 V15.5 L14,4 H86 L96,15.5 V84 Z", bg),
    strokePath(
      `${joints.join(" ")} M4,56 H20 M80,56 H96 M4,70 H20 M80,70 H96 M12,56 V70 M88,56 V70 M12,42 V56 M88,42 V56`,
      fg,
      2.5,
      "butt",
    ),
    fillPath("M20,84 V44 Q20,14 50,14 Q80,14 80,44 V84 Z", fg),
    fillPath("M23,84 V45 Q23,17 50,17 Q77,17 77,45 V84 Z", bg),
    fillPath("M27,84 V46 Q27,24 50,24 Q73,24 73,46 V84 Z", fg),
  ].join("");
});

/** The wedge of a steep gradient, high on the left (A 46.1 nedkørsel; flip: A 46.2 stigning). Box 100 × 50. */
export const gradient = pictogram("gradient", 100, 50, ({ fg }) => fillPath("M0,0 L100,44 V50 H0 Z", fg));

/** Traffic light: red, yellow and green lamps (A 19). Box 40 × 100. */
export const trafficLight = pictogram("traffic-light", 40, 100, ({ fg }) =>
  [
    circle(20, 17, 15, PALETTE.red),
    circle(20, 50, 15, PALETTE.yellow),
    circle(20, 83, 15, PALETTE.green),
    ring(20, 17, 15, fg, 2.5),
    ring(20, 50, 15, fg, 2.5),
    ring(20, 83, 15, fg, 2.5),
  ].join(""),
);

/** A fence of pickets and rails: the gates of a level crossing (A 73). Box 100 × 50. */
export const fence = pictogram("fence", 100, 50, ({ fg }) =>
  [
    ...[4, 22, 40, 58, 76, 92].map((x) => fillPath(`M${x},50 V6 L${x + 4},0 L${x + 8},6 V50 Z`, fg)),
    rect(0, 12, 100, 7, fg),
    rect(0, 32, 100, 7, fg),
  ].join(""),
);

/** A car rolling off a quay into the water (A 92 kaj / færgeleje). Box 100 × 70. */
export const quay = pictogram("quay", 100, 70, (paint) =>
  [
    `<g transform="rotate(16 56 30)">${place(carSide, paint, 30, 6, 0.6)}</g>`,
    rect(0, 40, 34, 20, paint.fg),
    strokePath("M36,54 Q43,49 50,54 T64,54 T78,54 T92,54 M36,62 Q43,57 50,62 T64,62 T78,62 T92,62", paint.fg, 3),
  ].join(""),
);

/** A windsock on its pole (A 95 sidevind). Box 100 × 70. */
export const windsock = pictogram("windsock", 100, 70, ({ fg, bg }) =>
  [
    rect(4, 0, 6, 70, fg),
    fillPath("M10,10 L96,24 V40 L10,46 Z", fg),
    fillPath("M34,14 L48,16 V43 L34,43.8 Z", bg),
    fillPath("M62,19 L76,21 V41 L62,41.8 Z", bg),
  ].join(""),
);

/** Exclamation mark (A 99 anden fare). Box 30 × 100. */
export const exclamation = pictogram("exclamation", 30, 100, ({ fg }) =>
  [fillPath("M3,8 Q3,0 15,0 Q27,0 27,8 L20,66 H10 Z", fg), circle(15, 87, 11, fg)].join(""),
);

/** Zebra stripes of a pedestrian crossing (A 17, E 17). Box 100 × 14. */
export const zebra = pictogram("zebra", 100, 14, ({ fg }) =>
  [0, 21, 42, 63, 84].map((x) => fillPath(`M${x + 4},0 H${x + 18} L${x + 14},14 H${x} Z`, fg)).join(""),
);

/** Motorway symbol (E 42/E 44): the carriageways under a bridge, in perspective. Box 100 × 100. */
export const motorway = pictogram("motorway", 100, 100, ({ fg }) =>
  [
    fillPath("M0,100 L38,36 H44 L30,100 Z", fg),
    fillPath("M100,100 L62,36 H56 L70,100 Z", fg),
    fillPath("M47,36 H53 L54,52 H46 Z", fg),
    fillPath("M45.5,60 H54.5 L56,80 H44 Z", fg),
    rect(0, 16, 100, 12, fg),
    rect(14, 28, 8, 14, fg),
    rect(78, 28, 8, 14, fg),
  ].join(""),
);

/** A large letter P (E 33, E 68.3, E 70) as a filled shape with its counter. Box 60 × 100. */
export const letterP = pictogram(
  "letter-p",
  60,
  100,
  ({ fg }) =>
    `<path d="M0,0 H32 Q60,0 60,28 Q60,58 32,58 H18 V100 H0 Z M18,16 V42 H30 Q42,42 42,29 Q42,16 30,16 Z" fill="${fg}" fill-rule="evenodd"/>`,
);

/** A house (E 51 opholds- og legeområde). Box 60 × 56. */
export const house = pictogram("house", 60, 56, ({ fg, bg }) =>
  [fillPath("M30,0 L60,26 H52 V56 H8 V26 H0 Z", fg), rect(24, 34, 12, 22, bg)].join(""),
);

/** A ball (E 51). Box 20 × 20. */
export const ball = pictogram("ball", 20, 20, ({ fg }) => circle(10, 10, 10, fg));

/** A camera (E 90 automatisk trafikkontrol, E 93 tv-overvågning). Box 100 × 80. */
export const camera = pictogram("camera", 100, 80, ({ fg, bg }) =>
  [
    fillPath("M6,16 H30 L38,4 H62 L70,16 H94 Q100,16 100,22 V74 Q100,80 94,80 H6 Q0,80 0,74 V22 Q0,16 6,16 Z", fg),
    circle(50, 46, 22, bg),
    circle(50, 46, 14, fg),
  ].join(""),
);

/** A town silhouette: houses, a church and trees (E 55/E 56 byzonetavle). Box 200 × 40. */
export const skyline = pictogram("skyline", 200, 40, ({ fg }) =>
  fillPath(
    "M0,40 V30 Q6,22 12,30 V26 L20,20 L28,26 V40 H34 V24 L44,16 L54,24 V18 H60 V28 L66,24 V12 L70,2 L74,12 V24 L86,24 V40 H92 V30 Q100,18 108,30 V40 H116 V22 L128,14 L140,22 V40 H146 V28 H160 V20 L168,16 L176,20 V40 H182 V32 Q190,22 198,32 L200,40 Z",
    fg,
  ),
);
