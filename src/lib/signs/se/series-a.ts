/**
 * A – varningsmärken (Vägmärkesförordningen 2007:90, 2 kap. 2 §): red-bordered triangles, point up, black
 * symbol on yellow. A20 Vägarbete first (the sign of every TA-plan), then the others a road-works plan
 * uses, in code order. The pictures are the Danish signs' (same Vienna-convention symbols) on yellow.
 */
import { boxAt, pict, TRIANGLE } from "../dk/templates";
import { PALETTE } from "../render/palette";
import { trafficLight } from "../render/pictograms/road";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish, ON_YELLOW, seWarning } from "./templates";

function a(code: string, name: string, dkId: string, id?: string): SignDefinition {
  return seSign(code, name, "se_A", { sizes: SE_SIGN_SIZES.triangle, ...(id ? { id } : {}) }, () => fromDanish(dkId));
}

export const SE_SERIES_A = defineSeries("se_A", [
  a("A20", "Vägarbete", "A39"),
  a("A1", "Varning för farlig kurva (höger)", "A41.1"),
  a("A1", "Varning för farlig kurva (vänster)", "A41.2", "se-A1-vanster"),
  a("A2", "Varning för flera farliga kurvor (första till höger)", "A42.1"),
  a("A2", "Varning för flera farliga kurvor (första till vänster)", "A42.2", "se-A2-vanster"),
  a("A3", "Varning för nedförslutning", "A46.1"),
  a("A4", "Varning för stigning", "A46.2"),
  a("A5", "Varning för avsmalnande väg", "A43.1"),
  a("A5", "Varning för avsmalnande väg (från höger)", "A43.3", "se-A5-hoger"),
  a("A5", "Varning för avsmalnande väg (från vänster)", "A43.2", "se-A5-vanster"),
  a("A8", "Varning för ojämn väg", "A37"),
  a("A9", "Varning för farthinder", "A36"),
  a("A10", "Varning för slirig väg", "A31"),
  a("A11", "Varning för stenskott", "A33"),
  a("A13", "Varning för övergångsställe", "A17"),
  a("A15", "Varning för barn", "A22"),
  // The lamps in a black housing: the yellow lamp would vanish on the yellow face.
  seSign("A22", "Varning för flerfärgssignal", "se_A", { sizes: SE_SIGN_SIZES.triangle }, () =>
    seWarning([
      { kind: "rect", ...boxAt(TRIANGLE.centerX, 350, 130, 310), rx: 22, fill: PALETTE.black },
      pict(trafficLight, boxAt(TRIANGLE.centerX, 350, 100, 280), { ...ON_YELLOW, fg: PALETTE.black }),
    ]),
  ),
  a("A40", "Varning för annan fara", "A99"),
]);
