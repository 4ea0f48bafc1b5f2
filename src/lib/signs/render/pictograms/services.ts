/**
 * Symbols of the Danish service signs (M series): black on the white field of a blue-framed plate. Drawn
 * after the official symbols' silhouettes, simplified to what reads at plan scale.
 */
import { circle, fillPath, holedPath, pictogram, rect, ring, strokePath } from "./draw";

/** An airliner seen from above, nose to the left, swept wings (M 12 lufthavn). Box 100 × 97. */
export const airliner = pictogram("airliner", 100, 97, ({ fg }) =>
  fillPath(
    "M5,43 Q0,48.5 5,54 L36,55 L58,97 H70 L62,55 H80 L88,72 H96 L93,55 Q100,53 100,48.5 Q100,44 93,42 L96,25 H88 L80,42 H62 L70,0 H58 L36,42 Z",
    fg,
  ),
);

/** A clock face (terminals with departures: M 13, M 14). Box 40 × 40. */
export const clock = pictogram("clock", 40, 40, ({ fg }) => ring(20, 20, 17, fg, 4) + strokePath("M20,9 V20 L27,25", fg, 3.5, "round"));

/** An electric train, side view with its pantograph, on a rail (M 13 jernbanestation). Box 100 × 52. */
export const train = pictogram("train", 100, 56, ({ fg, bg }) =>
  [
    strokePath("M58,10 L70,3 M64,10 L74,5", fg, 2.5, "round"),
    fillPath("M0,42 Q0,28 12,22 L28,13 H100 V42 Z", fg),
    fillPath("M8,29 L23,20 H32 V29 Z", bg),
    ...[37, 53, 69, 85].map((x) => rect(x, 19, 12, 11, bg, 1)),
    rect(0, 34, 100, 2.5, bg),
    circle(20, 45, 5, fg),
    circle(34, 45, 5, fg),
    circle(76, 45, 5, fg),
    circle(90, 45, 5, fg),
    rect(0, 52, 100, 4, fg),
  ].join(""),
);

/** The metro M (M 13.2): a broad M standing on a base. Box 100 × 80. */
export const metro = pictogram("metro", 100, 80, ({ fg }) =>
  [rect(0, 56, 100, 24, fg), fillPath("M24,60 L28,0 H42 L50,34 L58,0 H72 L76,60 H66 L63,22 L55,52 H45 L37,22 L34,60 Z", fg)].join(""),
);

/** A telephone handset, receiver up left (M 22). Box 100 × 100. */
export const telephone = pictogram("telephone", 100, 100, ({ fg }) =>
  fillPath(
    "M14,6 Q20,2 25,8 L37,26 Q40,31 35,35 L28,40 Q34,58 60,72 L65,65 Q69,60 74,63 L92,75 Q98,80 94,86 L88,94 Q80,100 68,96 Q44,88 26,70 Q8,52 4,30 Q2,16 8,10 Z",
    fg,
  ),
);

/** An adjustable spanner, head up (M 23 værksted). Box 50 × 100. */
export const wrench = pictogram("wrench", 50, 100, ({ fg }) =>
  [
    fillPath("M4,8 H46 V18 H30 V24 H46 V34 H32 V42 Q32,46 30,48 L31,92 Q31,99 25,99 Q19,99 19,92 L20,48 Q18,46 18,42 V34 H4 Z", fg),
    rect(28, 8, 18, 4, fg),
  ].join(""),
);

/** A charging plug with its coiled cable (M 24.1 ladestation). Box 100 × 40. */
export const chargingPlug = pictogram("charging-plug", 100, 25, ({ fg }) =>
  [
    rect(0, 5, 8, 3.5, fg),
    rect(0, 16.5, 8, 3.5, fg),
    fillPath("M8,2 H20 Q26,2 29,8 H36 V17 H29 Q26,23 20,23 H8 Z", fg),
    strokePath(
      "M36,12.5 Q39.5,3 43,12.5 Q46.5,22 50,12.5 Q53.5,3 57,12.5 Q60.5,22 64,12.5 Q67.5,3 71,12.5 Q74.5,22 78,12.5 Q81.5,3 85,12.5 Q88.5,22 92,12.5 L100,12.5",
      fg,
      3.5,
      "round",
    ),
  ].join(""),
);

/** A bed seen from the side (M 42 hotel). Box 100 × 60. */
export const bed = pictogram("bed", 100, 50, ({ fg }) =>
  [
    rect(0, 0, 6, 50, fg),
    rect(94, 16, 6, 34, fg),
    rect(0, 32, 100, 7, fg),
    fillPath("M9,32 V25 Q9,19 15,19 H26 Q30,19 30,25 V32 Z", fg),
    fillPath("M33,32 V23 Q33,19 38,19 H88 Q92,19 92,23 V32 Z", fg),
  ].join(""),
);

/** A cup on its saucer (M 45 cafeteria). Box 100 × 70. */
export const cup = pictogram("cup", 100, 58, ({ fg }) =>
  [
    fillPath("M18,0 H74 V29 Q74,43 60,43 H32 Q18,43 18,29 Z", fg),
    holedPath("M74,6 H82 Q92,6 92,16 Q92,26 82,26 H74 Z M74,12 H81 Q85,12 85,16 Q85,20 81,20 H74 Z", fg),
    fillPath("M0,48 H100 Q96,58 84,58 H16 Q4,58 0,48 Z", fg),
  ].join(""),
);

/** A church: tower with its spire and the nave (M 51 kirke). Box 100 × 100. */
export const church = pictogram("church", 92, 100, ({ fg }) => fillPath("M0,100 V34 L13,0 L26,34 V58 H78 L92,74 V100 Z", fg));

/** A factory: chimney and sawtooth roofs (M 57 industriområde). Box 100 × 80. */
export const factory = pictogram("factory", 100, 87, ({ fg }) =>
  fillPath("M0,87 V0 H9 V55 L35,40 V55 L61,40 V55 L87,40 V55 L100,47 V87 Z", fg),
);

/** The information "i" (M 61 turistinformation). Box 50 × 100. */
export const information = pictogram("information", 57, 100, ({ fg }) =>
  [
    circle(29, 13, 13, fg),
    fillPath("M4,33 H41 V85 H53 Q57,85 57,89 V96 Q57,100 53,100 H4 Q0,100 0,96 V89 Q0,85 4,85 H16 V47 H4 Q0,47 0,43 V37 Q0,33 4,33 Z", fg),
  ].join(""),
);
