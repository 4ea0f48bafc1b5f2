/**
 * B – väjningspliktsmärken (Vägmärkesförordningen 2007:90, 2 kap. 6 §): B1 Väjningsplikt, B2 Stopplikt,
 * B3 Övergångsställe, B4 Huvudled, B5 Huvudled upphör, B6 Väjningsplikt mot mötande trafik, B7 Mötande
 * trafik har väjningsplikt (codes as in SFS 2008:1073 and teoricentralen.se/vagmarken/vajningspliktsmarken).
 * B1 is the yellow triangle point down; the others have the Danish pictures (B3 as E 17, B4/B5 as B 16/B 17,
 * B6 as B 18 on yellow, B7 as B 19).
 */
import { defineSeries, seSign } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish, seYield } from "./templates";

export const SE_SERIES_B = defineSeries("se_B", [
  seSign("B1", "Väjningsplikt", "se_B", { sizes: SE_SIGN_SIZES.triangle }, seYield),
  seSign("B2", "Stopplikt", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B13", { yellow: false })),
  seSign("B3", "Övergångsställe", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("E17", { yellow: false })),
  seSign("B4", "Huvudled", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B16", { yellow: false })),
  seSign("B5", "Huvudled upphör", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B17", { yellow: false })),
  seSign("B6", "Väjningsplikt mot mötande trafik", "se_B", { sizes: SE_SIGN_SIZES.round }, () => fromDanish("B18")),
  seSign("B7", "Mötande trafik har väjningsplikt", "se_B", { sizes: SE_SIGN_SIZES.square }, () => fromDanish("B19", { yellow: false })),
]);
