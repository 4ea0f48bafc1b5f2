/** A cyclist: a rider on the shared bicycle (UB 11.2), facing right like the bicycle. */
import { circle, pictogram, place, strokePath } from "./draw";
import { bicycle } from "./vehicles";

/** Box 100 × 100: the bicycle fills the lower 60 units, the rider sits on its saddle. */
export const cyclist = pictogram("cyclist", 100, 100, (paint) =>
  [
    place(bicycle, paint, 0, 40, 1),
    circle(60, 10, 8.5, paint.fg),
    strokePath("M37,43 L54,23", paint.fg, 13, "round", "round"),
    strokePath("M55,25 L70,43", paint.fg, 7, "round", "round"),
    strokePath("M37,44 L56,57 L49,80", paint.fg, 8, "round", "round"),
  ].join(""),
);
