/**
 * Symbols drawn for the A and B series only (warning and priority signs), where the shared symbol of the
 * same subject has other proportions: the wide tunnel portal of A 44, the cliff of A 34, the dip of A 38.
 * Coordinates in mm of the sign drawing at the ≤ 50 km/h size, so the box is the pictogram's own size.
 */
import { fillPath, pictogram, strokePath } from "./draw";

/**
 * A 44: a wide, flat-topped portal with bevelled shoulders, the voussoirs of the arch drawn as rays and
 * three courses on each side, around a solid dark opening with a flat arch. Box 274 × 215.
 */
export const tunnelPortal = pictogram("a44-tunnel-portal", 274, 215, ({ fg }) =>
  [
    strokePath("M4,212.5 V80 L47,4 H227 L270,80 V212.5 Z", fg, 5, "butt", "miter"),
    strokePath(
      [
        "M4,80 L70,100 M270,80 L204,100",
        "M27.5,42.5 L72,81 M246.5,42.5 L202,81",
        "M47,4 L88,71 M227,4 L186,71",
        "M82.5,4 L103,66 M191.5,4 L171,66",
        "M117.5,4 L124,62 M156.5,4 L150,62",
        "M4,112.5 H60 M4,147.5 H60 M4,180 H60 M214,112.5 H270 M214,147.5 H270 M214,180 H270",
      ].join(" "),
      fg,
      4.5,
      "butt",
    ),
    fillPath("M56,215 V98 C56,80 100,52 137,52 C174,52 218,80 218,98 V215 Z", fg),
  ].join(""),
);

/**
 * A 34: a cliff on the right and the road along the base, both running out to the red border (clip the
 * layer to the face), with two rocks falling and two lying on the road. Box: the whole triangle, 655 × 575.
 */
export const fallingRocksCliff = pictogram("a34-falling-rocks", 655, 575, ({ fg }) =>
  [
    fillPath("M0,459 H342 L354,423 L357,386 L373,323 L370,298 L373,267 L392,223 L430,150 H700 V600 H0 Z", fg),
    fillPath("M338,236 L352,225 L364,229 L367,250 L356,265 L333,258 Z", fg),
    fillPath("M288,310 L328,288 L342,304 L341,340 L322,354 L292,342 Z", fg),
    fillPath("M194,403 L219,405 L234,427 L221,460 L192,460 L176,440 L178,420 Z", fg),
    fillPath("M262,413 L296,399 L313,426 L302,460 L266,460 L256,440 Z", fg),
  ].join(""),
);

/**
 * A 38: the road band along the base with a wide, shallow dip in the middle, running out to the red
 * border (clip the layer to the face). Box: the whole triangle, 654.6 × 575.
 */
export const dipBand = pictogram("a38-dip", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,442.3 H182 C198,442.3 208,445 222,453 C246,467 262,480 285,485.5 C300,488.5 314,489 327.3,489" +
      " C340.6,489 354.6,488.5 369.6,485.5 C392.6,480 408.6,467 432.6,453 C446.6,445 456.6,442.3 472.6,442.3 H700 V600 H0 Z",
    fg,
  ),
);

/** A 36: the road band with one wide bump, running out to the red border (clip to the face). Box 654.6 × 575. */
export const bumpBand = pictogram("a36-bump", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,458 H215 C235,458 240,452 250,438 C268,410 290,396.4 327.3,396.4" +
      " C364.6,396.4 386.6,410 404.6,438 C414.6,452 419.6,458 439.6,458 H700 V600 H0 Z",
    fg,
  ),
);

/** A 37: the road band with two humps, running out to the red border (clip to the face). Box 654.6 × 575. */
export const unevenBand = pictogram("a37-uneven-road", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,458 H140 C155,458 160,452 168,440 C185,418 205,410 238,410 C270,410 285,425 298,443 C310,460 315,466 327.3,466" +
      " C339.6,466 344.6,460 356.6,443 C369.6,425 384.6,410 416.6,410 C449.6,410 469.6,418 486.6,440 C494.6,452 499.6,458 514.6,458" +
      " H700 V600 H0 Z",
    fg,
  ),
);
