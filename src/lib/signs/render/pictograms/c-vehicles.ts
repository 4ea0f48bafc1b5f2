/**
 * Black vehicles of the C series drawn after the official prohibition signs (C 23.1 lastbil, C 43 …).
 * Coordinates are mm of the sign on which the symbol is largest; each pictogram's box is given with it.
 */
import type { Box } from "../types";
import { PALETTE } from "../palette";
import { horseMarkup } from "./d-people";
import { circle, pictogram, place, rect } from "./draw";

/** Where the lorry sits on C 23.1 (sign mm). */
export const C_LORRY_BOX: Box = { x: 115, y: 205, width: 405, height: 265 };

/** A lorry seen from the side, cab on the left: cargo box, cab with window, chassis bar, three wheels. */
export const cLorry = pictogram("c-lorry", 405, 265, ({ fg }) => {
  const cab =
    "M141,258 H219 Q224,258 224,263 V383.5 H191.9 A46,46 0 0 0 145.9,429.6 H126 Q121,429.6 121,424.6 V324 Z " +
    "M151,273.5 H195 Q199,273.5 199,277.5 V323.4 Q199,327.4 195,327.4 H139.5 Q135.8,327.4 136.7,323.6 L147.5,276.5 Q148.3,273.5 151,273.5 Z";
  return (
    `<g transform="translate(-115 -205)">` +
    rect(237.5, 213, 276, 170.5, fg, 4) +
    `<path d="${cab}" fill="${fg}" fill-rule="evenodd"/>` +
    rect(238.6, 395.6, 77, 33, fg, 3) +
    circle(191.9, 430.3, 34, fg) +
    circle(359.6, 430.3, 34, fg) +
    circle(439.4, 430.3, 34, fg) +
    `</g>`
  );
});

/** Where the tractor sits on C 24.1 (sign mm). */
export const C_TRACTOR_BOX: Box = { x: 120, y: 155, width: 400, height: 320 };

/** A tractor facing left: bonnet, open cab (roof and three pillars), fender over the big rear wheel. */
export const cTractor = pictogram("c-tractor", 400, 320, ({ fg }) => {
  const body = "M150,284 H296 L312,318 L371,300 A98,98 0 0 0 332,392 H234 A62,62 0 0 0 158,352 Z";
  const s = (d: string, w: number) => `<path d="${d}" fill="none" stroke="${fg}" stroke-width="${w}" stroke-linecap="round"/>`;
  return (
    `<g transform="translate(-120 -155)">` +
    `<path d="${body}" fill="${fg}" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>` +
    rect(320, 163, 154, 15, fg, 7) +
    s("M333,176 L309,310", 17) +
    rect(378, 172, 19, 96, fg) +
    s("M441,176 L474,282", 17) +
    s("M329.5,341.9 A107,107 0 0 1 510,301.5", 14) +
    `<circle cx="430" cy="378.5" r="67.9" fill="none" stroke="${fg}" stroke-width="44.3"/>` +
    `<circle cx="175.9" cy="414.3" r="40.3" fill="none" stroke="${fg}" stroke-width="26.6"/>` +
    `</g>`
  );
});

/** Where the motorcycle sits on C 22.2 (sign mm). */
export const C_MOTORCYCLE_BOX: Box = { x: 104, y: 205, width: 432, height: 249 };

/** A motorcycle facing left: spoked-look wheels (ring and hub), fork, handlebar, headlamp, tank, seat, engine. */
export const cMotorcycle = pictogram("c-motorcycle", 432, 249, ({ fg }) => {
  const body =
    "M248.5,249 L333.8,242.4 L350.3,251.8 L362.9,272.1 L487.8,262.8 L501.5,266.6 L517,295.8 L399.8,306.8 L399.8,370 " +
    "L465.8,372.8 L465.8,394.8 L399.8,392 L386,408.5 L306.3,412.9 L292.5,403 L232,315 L225.4,297.4 Z " +
    "M273.3,315 L355.8,315 L350.3,328.8 L281.5,328.8 Z";
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="383.8" r="52.5" fill="none" stroke="${fg}" stroke-width="35"/>` + circle(cx, 383.8, 25, fg);
  return (
    `<g transform="translate(-104 -205)">` +
    wheel(174.3) +
    wheel(465.8) +
    `<path d="${body}" fill="${fg}" fill-rule="evenodd" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M177,381 L240,222 L280,216" fill="none" stroke="${fg}" stroke-width="15" stroke-linecap="round" stroke-linejoin="round"/>` +
    rect(185, 232.5, 26, 41, fg, 6) +
    `</g>`
  );
});

/** Where the moped sits on C 25.2 (sign mm). */
export const C_MOPED_BOX: Box = { x: 104, y: 195, width: 432, height: 265 };

/** A moped facing left: step-through frame, floor, seat on a post, rear fender, big open wheels with hubs. */
export const cMoped = pictogram("c-moped", 432, 265, ({ fg }) => {
  const s = (d: string, w: number) =>
    `<path d="${d}" fill="none" stroke="${fg}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="381" r="65" fill="none" stroke="${fg}" stroke-width="26"/>` + circle(cx, 381, 27.5, fg);
  return (
    `<g transform="translate(-104 -195)">` +
    wheel(182.5) +
    wheel(457.5) +
    s("M182.5,381 L256.8,202.3 H295", 18) +
    s("M250,236 L312,352", 22) +
    rect(298, 353.5, 187, 57.5, fg, 28.7) +
    rect(352, 238, 81, 25, fg, 12.5) +
    s("M386,262 L408,284", 14) +
    s("M363.5,346.8 A100,100 0 0 1 457.5,281 H510", 22) +
    `<path d="M201.8,215 H214 A12.3,19.7 0 0 1 214,254.5 H201.8 Z" fill="${fg}"/>` +
    `</g>`
  );
});

/** Where the bus sits on C 23.2 (sign mm). */
export const C_BUS_BOX: Box = { x: 108, y: 243, width: 428, height: 198 };

/** A bus seen from the side, front on the left: a row of windows (the front one open to the edge), two wheels in arches. */
export const cBus = pictogram("c-bus", 428, 198, ({ fg }) => {
  const top = 243.5;
  const bottom = 409.2;
  const wTop = 261.3;
  const wBottom = 322;
  let d =
    `M116.5,${top} H527 Q535,${top} 535,${top + 8} V${bottom} H449.4 A40,40 0 0 0 369.4,${bottom} H251.3 A40,40 0 0 0 171.3,${bottom} ` +
    `H108.5 V${wBottom} H124.6 V${wTop} H108.5 V${top + 8} Q108.5,${top} 116.5,${top} Z`;
  for (let i = 0; i < 5; i++) {
    const x = Math.round((144.6 + i * 77.4) * 10) / 10;
    d += ` M${x},${wTop} H${Math.round((x + 59.5) * 10) / 10} V${wBottom} H${x} Z`;
  }
  return (
    `<g transform="translate(-108 -243)">` +
    `<path d="${d}" fill="${fg}" fill-rule="evenodd"/>` +
    circle(211.3, 409.2, 30.8, fg) +
    circle(409.4, 409.2, 30.8, fg) +
    `</g>`
  );
});

/** Where the lorry with trailer sits on C 32 (sign mm). */
export const C_ROAD_TRAIN_BOX: Box = { x: 121, y: 301, width: 401, height: 155 };

/** A lorry with a trailer (C 32): the C 23.1 lorry, smaller, followed by a box trailer on two wheels. */
export const cRoadTrain = pictogram("c-road-train", 401, 155, (paint) => {
  const { fg } = paint;
  return (
    place(cLorry, paint, 0.4, 0.9, 0.565) +
    `<g transform="translate(-121 -301)">` +
    rect(359.1, 306.4, 162.2, 100.6, fg, 3) +
    circle(391.9, 434.6, 20.7, fg) +
    circle(487.9, 434.6, 20.7, fg) +
    `</g>`
  );
});

/** The full-frame box of the C 35/C 36 symbols (their coordinates are sign mm). */
export const C_FRAME_BOX: Box = { x: 0, y: 0, width: 640, height: 640 };

/** The weight arrow of C 35/C 36: a short shaft and a broad head pointing down at the axle. */
function weightArrow(fg: string): string {
  return (
    rect(308, 234.5, 24, 40, fg) +
    `<path d="M320,328 L279.5,270 Q278,266.5 282,267 L320,275 L358,267 Q362,266.5 360.5,270 Z" fill="${fg}" stroke="${fg}" stroke-width="3" stroke-linejoin="round"/>`
  );
}

/** C 35 akseltryk: the weight arrow over an axle with twin wheels at each end and a round hub. */
export const cAxle = pictogram("c-axle", 640, 640, ({ fg }) => {
  let out = weightArrow(fg);
  for (const x of [153.5, 198.5, 404.6, 449.6]) out += rect(x, 340.3, 36.9, 123.7, fg, 4);
  return out + rect(235, 388.9, 170, 24.3, fg) + circle(320, 401, 30, fg);
});

/** C 36 bogietryk: the weight arrow over two wheels under a common mudguard. */
export const cBogie = pictogram("c-bogie", 640, 640, ({ fg }) => {
  const wheel = (cx: number) => `<circle cx="${cx}" cy="432.5" r="49" fill="none" stroke="${fg}" stroke-width="31"/>`;
  return (
    weightArrow(fg) +
    wheel(239.6) +
    wheel(400.4) +
    `<path d="M156,432 V427.5 A80,80 0 0 1 236,347.5 H404 A80,80 0 0 1 484,427.5 V432" fill="none" stroke="${fg}" stroke-width="15.7" stroke-linecap="round"/>`
  );
});

/** A car seen from the front (C 51 – C 54, C 22.1): wide body, trapezoid roof with the windscreen, two wheels. */
export const cCarFront = pictogram("c-car-front", 203, 145, ({ fg }) => {
  const roof = "M36,0 H168 Q176,0 180,8 L195,50.6 H9 L24,8 Q28,0 36,0 Z M47.8,14.6 L28.2,50.6 H175 L157.9,14.6 Z";
  return (
    `<path d="${roof}" fill="${fg}" fill-rule="evenodd" stroke="${fg}" stroke-width="1" stroke-linejoin="round"/>` +
    rect(0, 50.6, 202.6, 68.1, fg, 9) +
    rect(12.6, 110, 29.6, 35, fg, 4) +
    rect(160.4, 110, 29.6, 35, fg, 4)
  );
});

/** Where the horse-drawn carriage sits on C 24.2 (sign mm). */
export const C_CARRIAGE_BOX: Box = { x: 105, y: 205, width: 435, height: 235 };

/** C 24.2: the walking horse of the path signs, smaller, pulling a two-wheeled carriage with its driver. */
export const cHorseCarriage = pictogram("c-horse-carriage", 435, 235, ({ fg }) => {
  const s = (d: string, w: number) =>
    `<path d="${d}" fill="none" stroke="${fg}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const wheel = (cx: number, cy: number, r: number, ring: number, hub: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r - ring / 2}" fill="none" stroke="${fg}" stroke-width="${ring}"/>` + circle(cx, cy, hub, fg);
  return (
    `<g transform="translate(-105 -205)">` +
    `<g transform="translate(36.5 154.8) scale(0.563)">${horseMarkup(fg)}</g>` +
    s("M322,318 L338,324", 8) +
    `<path d="M334,305 L344,305 L344,326 L352,334 L396,334 L407,314 L460,312 L460,304 L507,304 L517,328 L509,330 L460,323 L412,325 L400,346 L350,346 L336,333 Z" fill="${fg}" stroke="${fg}" stroke-width="3" stroke-linejoin="round"/>` +
    rect(390, 295, 44, 9, fg, 3) +
    circle(412.4, 221.3, 15, fg) +
    s("M414.9,249 V290", 27) +
    s("M377,276 L400,281", 11) +
    wheel(369.5, 397.3, 39, 8, 8) +
    wheel(482.3, 383.5, 55.5, 9, 10.5) +
    `</g>`
  );
});

/** Where the dangerous-goods vehicle sits on C 23.3 (sign mm). */
export const C_DANGEROUS_GOODS_BOX: Box = { x: 203, y: 149, width: 238, height: 342 };

/** C 23.3: the orange plate for dangerous goods (black edge) on a trailer chassis seen from behind. */
export const cDangerousGoods = pictogram("c-dangerous-goods", 238, 342, ({ fg }) => {
  return (
    `<g transform="translate(-203 -149)">` +
    `<rect x="217.2" y="155.6" width="209.7" height="246.1" rx="5" fill="${PALETTE.orange}" stroke="${fg}" stroke-width="12.6"/>` +
    rect(203.7, 421.5, 236.3, 30.5, fg, 6) +
    rect(211.8, 448, 29.2, 42, fg, 3) +
    rect(247.8, 448, 31.5, 42, fg, 3) +
    rect(364.8, 448, 31.5, 42, fg, 3) +
    rect(403, 448, 29.3, 42, fg, 3) +
    circle(321, 452, 17, fg) +
    `</g>`
  );
});
