/**
 * C – förbudsmärken (Vägmärkesförordningen 2007:90, 2 kap. 8 §): round, red ring, black symbol on yellow;
 * the parking bans (C35, C39) blue in the red ring; end signs yellow with black stripes over the faded
 * symbol. C31 Hastighetsbegränsning is parametric: one entry draws any speed (default 50), and so are the
 * weights and dimensions.
 */
import { speedText } from "../dk/series-c";
import { withUnit } from "../dk/values";
import { PALETTE } from "../render/palette";
import type { SignDrawing } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish, seEnd, seParkingBan, seProhibition } from "./templates";

const { black, grey } = PALETTE;

function c(
  code: string,
  name: string,
  draw: (value?: string) => SignDrawing,
  extra: { parameter?: SignParameter; id?: string } = {},
): SignDefinition {
  return seSign(code, name, "se_C", { sizes: SE_SIGN_SIZES.round, ...extra }, draw);
}

const SPEED: SignParameter = { kind: "speed", defaultValue: "50" };
const danish = (dkId: string) => () => fromDanish(dkId);
/** A Danish parametric sign with the Swedish value: the unit is added as on the Danish sign. */
const danishValue = (dkId: string, unit: "t" | "m") => (v?: string) => fromDanish(dkId, { value: v ? withUnit(v, unit) : undefined });

export const SE_SERIES_C = defineSeries("se_C", [
  c("C1", "Förbud mot infart med fordon", () => fromDanish("C19", { yellow: false })),
  c("C2", "Förbud mot trafik med fordon", () => seProhibition([])),
  c("C7", "Förbud mot trafik med tung lastbil", danish("C23.1")),
  c("C10", "Förbud mot trafik med cykel och moped klass II", danish("C25.1")),
  c("C11", "Förbud mot trafik med moped klass II", danish("C25.2")),
  c("C14", "Förbud mot ridning", danish("C26.1")),
  c("C15", "Förbud mot gångtrafik", danish("C26.2")),
  c("C16", "Begränsad fordonsbredd", danishValue("C41", "m"), { parameter: { kind: "width", defaultValue: "2 m" } }),
  c("C17", "Begränsad fordonshöjd", danishValue("C42", "m"), { parameter: { kind: "height", defaultValue: "3,5 m" } }),
  c("C18", "Begränsad fordonslängd", danishValue("C43", "m"), { parameter: { kind: "length", defaultValue: "10 m" } }),
  c("C20", "Begränsad bruttovikt på fordon", danishValue("C31", "t"), { parameter: { kind: "weight", defaultValue: "12 t" } }),
  c("C23", "Begränsat axeltryck", danishValue("C35", "t"), { parameter: { kind: "axleWeight", defaultValue: "8 t" } }),
  c("C24", "Begränsat boggitryck", danishValue("C36", "t"), { parameter: { kind: "axleWeight", defaultValue: "12 t" } }),
  c("C25", "Förbud mot sväng i korsning (höger)", () => fromDanish("C11.1")),
  c("C25", "Förbud mot sväng i korsning (vänster)", () => fromDanish("C11.2"), { id: "se-C25-vanster" }),
  c("C26", "Förbud mot U-sväng", danish("C12")),
  c("C27", "Förbud mot omkörning", danish("C51")),
  c("C28", "Slut på förbud mot omkörning", danish("C53")),
  c("C29", "Förbud mot omkörning med tung lastbil", danish("C52")),
  c("C30", "Slut på förbud mot omkörning med tung lastbil", danish("C54")),
  c("C31", "Hastighetsbegränsning", (v = SPEED.defaultValue) => seProhibition([speedText(v, black)]), { parameter: SPEED }),
  c("C32", "Tillfällig hastighetsbegränsning upphör", (v = SPEED.defaultValue) => seEnd([speedText(v, grey)]), { parameter: SPEED }),
  c("C35", "Förbud mot att parkera fordon", () => seParkingBan(false)),
  c("C39", "Förbud mot att stanna och parkera fordon", () => seParkingBan(true)),
]);
