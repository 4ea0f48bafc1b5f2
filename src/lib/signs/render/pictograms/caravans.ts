/**
 * Towed and living vehicles of the Danish plate symbols (US 5 påhængskøretøj, US 6 campingvogn, US 7
 * autocamper), side views facing left like the other vehicles in vehicles.ts.
 */
import { circle, fillPath, pictogram, rect } from "./draw";

const wheel = (x: number, y: number, r: number, fg: string, bg: string) => circle(x, y, r + 2, bg) + circle(x, y, r, fg);

/** US 5: a box trailer on one axle with its drawbar to the left. Box 100 × 58. */
export const trailer = pictogram("trailer", 100, 58, ({ fg, bg }) =>
  [rect(26, 0, 74, 40, fg, 3), rect(0, 34, 30, 6, fg, 1), wheel(63, 44, 12, fg, bg)].join(""),
);

/** US 6: a caravan with its door and window, drawbar to the left. Box 100 × 60. */
export const caravan = pictogram("caravan", 100, 60, ({ fg, bg }) =>
  [
    fillPath("M12,46 V10 Q12,0 24,0 H88 Q100,0 100,12 V40 Q100,46 94,46 Z", fg),
    rect(0, 40, 14, 6, fg, 1),
    rect(20, 9, 13, 28, bg, 2),
    rect(54, 9, 36, 15, bg, 2),
    wheel(58, 47, 12, fg, bg),
  ].join(""),
);

/** US 7: a motorhome (van cab with a box body and the alcove over the cab). Box 100 × 62. */
export const motorhome = pictogram("motorhome", 100, 62, ({ fg, bg }) =>
  [
    fillPath("M0,48 V34 L8,22 H24 V12 H18 Q14,12 14,8 V4 Q14,0 20,0 H94 Q100,0 100,6 V46 Q100,48 98,48 Z", fg),
    fillPath("M6,32 L11,25 H22 V32 Z", bg),
    rect(26, 6, 14, 6, bg, 1.5),
    rect(58, 12, 30, 14, bg, 2),
    wheel(22, 49, 11, fg, bg),
    wheel(80, 49, 11, fg, bg),
  ].join(""),
);
