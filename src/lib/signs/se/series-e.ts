/**
 * E – anvisningsmärken (Vägmärkesförordningen 2007:90, 2 kap. 14 §) that TA-plans use: the parking sign
 * for temporary parking and its Danish-identical picture.
 */
import { defineSeries, seSign } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish } from "./templates";

export const SE_SERIES_E = defineSeries("se_E", [
  seSign("E19", "Parkering", "se_E", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("E33.1", { yellow: false })),
]);
