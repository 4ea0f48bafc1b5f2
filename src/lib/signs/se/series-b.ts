/**
 * B – väjningspliktsmärken (Vägmärkesförordningen 2007:90, 2 kap. 4 §). B1 is the yellow triangle point
 * down; stop, priority road and the oncoming-traffic signs have the Danish pictures (B2 as B 13, B3/B4 as
 * B 16/B 17, B5 as B 18 on yellow, B6 as B 19).
 */
import { defineSeries, seSign } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish, seYield } from "./templates";

export const SE_SERIES_B = defineSeries("se_B", [
  seSign("B1", "Väjningsplikt", "se_B", { sizes: SE_SIGN_SIZES.triangle }, seYield),
  seSign("B2", "Stopplikt", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B13", { yellow: false })),
  seSign("B3", "Huvudled", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B16", { yellow: false })),
  seSign("B4", "Huvudled upphör", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B17", { yellow: false })),
  seSign("B5", "Väjningsplikt mot mötande trafik", "se_B", { sizes: SE_SIGN_SIZES.round }, () => fromDanish("B18")),
  seSign("B6", "Mötande trafik har väjningsplikt", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B19", { yellow: false })),
]);
