/**
 * Wells and separators (bronde_og_udskillere). Wells are circles seen from above, sized by their inner
 * diameter (spec: default heights 0.2, 0.315, 0.425, 0.6, 1 and 1.25 m); the mark inside tells the kind:
 * a cross for a rensebrønd, a half-filled disc for a sandfang, a grating for a nedløbsbrønd, a dot for an
 * inspektionsbrønd, letters where the drawing custom writes them (P, HL). Separators are rectangles with
 * their baffles and the usual abbreviation.
 */
import { defineCategory, symbol, type SewerSymbolDefinition, type SymbolSize } from "./define";
import { LW, box, centredLabel, disc, fill, frame, free, line, ring, stroke, well } from "./draw";

const C = "bronde_og_udskillere" as const;
const round = (metres: number): SymbolSize => ({ width: metres, height: metres });
const mm = (metres: number) => String(Math.round(metres * 1000));

/** A cross from rim to rim: the rensebrønd (cleaning well) of every kloakplan. */
const rensebrond = () => well([line(50, 6, 50, 94), line(6, 50, 94, 50)]);
/** Lower half filled: sand and silt settle in the sump. */
const sandfang = () => well([fill("M5,50A45,45 0 0 0 95,50Z"), line(5, 50, 95, 50)]);
const inspektion = () => well([disc(50, 50, 9)]);
/** The grating of a gully seen from above. */
const nedlob = () => well([frame(25, 25, 50, 50), line(37.5, 25, 37.5, 75), line(50, 25, 50, 75), line(62.5, 25, 62.5, 75)]);

const sized = (
  prefix: string,
  code: string,
  name: string,
  description: (d: string) => string,
  diameters: readonly number[],
  draw: () => ReturnType<typeof well>,
): SewerSymbolDefinition[] =>
  diameters.map((d) => symbol(`${prefix}-${mm(d)}`, `${code} Ø${mm(d)}`, `${name} Ø${mm(d)}`, description(`Ø${mm(d)}`), C, round(d), draw));

/** A separator: a tank with an inlet and outlet baffle, its abbreviation in the middle. */
const separator = (abbreviation: string) => () =>
  box(160, 100, [line(30, 5, 30, 70), line(130, 30, 130, 95), centredLabel(abbreviation, 80, 50, 34, 80)]);

export const BRONDE_OG_UDSKILLERE = defineCategory(C, [
  ...sized(
    "rensebrond",
    "RB",
    "Rensebrønd",
    (d) => `Rensebrønd ${d} med kryds; til rensning og inspektion af ledningen.`,
    [0.315, 0.425, 0.6, 1, 1.25],
    rensebrond,
  ),
  symbol(
    "skelbrond-425",
    "SB Ø425",
    "Skelbrønd Ø425",
    "Rensebrønd Ø425 ved skel, hvor stikledningen overgår til forsyningens ledning.",
    C,
    round(0.425),
    () => well([line(50, 6, 50, 94), line(6, 50, 94, 50), disc(50, 50, 12)]),
  ),
  ...sized(
    "inspektionsbrond",
    "IB",
    "Inspektionsbrønd",
    (d) => `Inspektionsbrønd ${d} i plast til inspektion og spuling af ledningen.`,
    [0.2, 0.315, 0.425],
    inspektion,
  ),
  ...sized(
    "sandfang",
    "SF",
    "Sandfangsbrønd",
    (d) => `Sandfangsbrønd ${d} med bundslam; på regnvand før faskine eller hovedledning.`,
    [0.315, 0.425, 0.6, 1, 1.25],
    sandfang,
  ),
  ...sized(
    "nedlobsbrond",
    "NB",
    "Nedløbsbrønd",
    (d) => `Nedløbsbrønd ${d} med rist, der tager overfladevand fra gårdsplads eller vej.`,
    [0.315, 0.425],
    nedlob,
  ),
  symbol(
    "rendestensbrond",
    "RD",
    "Rendestensbrønd",
    "Rendestensbrønd med rist i kantstenen, der tager vejvand til regnvands- eller fællesledningen.",
    C,
    null,
    // The curb as a black band along the grating's long side, the bars across the flow.
    () =>
      box(100, 64, [
        { kind: "rect", x: 0, y: 0, width: 100, height: 12, fill: "#000000" },
        ...[22, 36, 50, 64, 78].map((x) => line(x, 22, x, 54)),
      ]),
  ),
  symbol("tagbrond-315", "TB Ø315", "Tagbrønd Ø315", "Tagbrønd Ø315 under et nedløbsrør, med sandfang og rist.", C, round(0.315), () =>
    well([ring(50, 50, 20), disc(50, 50, 8)]),
  ),
  symbol("tagbrond-425", "TB Ø425", "Tagbrønd Ø425", "Tagbrønd Ø425 under to nedløbsrør eller med større sandfang.", C, round(0.425), () =>
    well([ring(50, 50, 20), disc(50, 50, 8)]),
  ),
  symbol("draenbrond-315", "DB Ø315", "Drænbrønd Ø315", "Drænbrønd Ø315 med sandfang, hvor drænledninger samles.", C, round(0.315), () =>
    well([ring(50, 50, 30, 3, true), centredLabel("D", 50, 50, 34)]),
  ),
  symbol("spulebrond", "SP", "Spulebrønd", "Spulebrønd for enden af en drænledning, hvor ledningen kan spules.", C, round(0.315), () =>
    well([centredLabel("SP", 50, 50, 36, 66)]),
  ),
  symbol(
    "vandlasbrond-315",
    "VB Ø315",
    "Vandlåsbrønd Ø315",
    "Brønd Ø315 med vandlås, der holder kloaklugt ude af regnvandssystemet.",
    C,
    round(0.315),
    () => well([stroke("M30,30V55C30,68 38,74 50,74C62,74 70,68 70,55V30", 5)]),
  ),
  symbol(
    "pumpebrond-425",
    "PB Ø425",
    "Pumpebrønd Ø425",
    "Lille pumpebrønd Ø425 i kælder til gulvafløb, vaskemaskine eller dræn.",
    C,
    round(0.425),
    () => well([centredLabel("P", 50, 50, 44)]),
  ),
  ...sized(
    "pumpebrond",
    "PB",
    "Pumpebrønd",
    (d) => `Pumpebrønd ${d}, der løfter spildevand, hvor der ikke er fald til stikledningen.`,
    [0.6, 1, 1.25],
    () => well([centredLabel("P", 50, 50, 44)]),
  ),
  symbol(
    "hojvandslukke",
    "HL",
    "Højvandslukke",
    "Højvandslukke (HL), der hindrer opstuvning fra kloakken i kældre og lave afløb.",
    C,
    round(0.315),
    () => well([centredLabel("HL", 50, 50, 36, 66)]),
  ),
  symbol(
    "hojvandslukke-pumpe",
    "HLP",
    "Højvandslukke med pumpe",
    "Højvandslukke med pumpe, der kan pumpe videre under opstuvning.",
    C,
    round(0.425),
    () => well([centredLabel("HLP", 50, 50, 30, 72)]),
  ),
  symbol(
    "hojvandslukke-ledning",
    "HL-L",
    "Højvandslukke på ledning",
    "Højvandslukke (klapventil) indbygget i ledningen uden brønd, fx på stikledning til kælder.",
    C,
    null,
    () =>
      free(140, 60, [line(4, 30, 36, 30, LW), line(104, 30, 136, 30, LW), frame(36, 6, 68, 48, LW), centredLabel("HL", 70, 30, 26, 50)]),
  ),
  symbol(
    "rottesparre",
    "RS",
    "Rottespærre",
    "Rottespærre (klapsystem) i brønd eller på ledning, der hindrer rotter i at komme op.",
    C,
    round(0.315),
    () => well([centredLabel("RS", 50, 50, 36, 66)]),
  ),
  symbol(
    "provetagningsbrond",
    "PT Ø425",
    "Prøvetagningsbrønd Ø425",
    "Prøvetagningsbrønd Ø425 efter udskiller, hvor kommunen tager prøver af afløbsvandet.",
    C,
    round(0.425),
    () => well([centredLabel("PT", 50, 50, 36, 66)]),
  ),
  symbol("slamfang", "SL", "Slamfang", "Slamfang foran en olieudskiller, hvor tungt slam bundfældes.", C, null, separator("SL")),
  symbol("fedtudskiller", "FU", "Fedtudskiller", "Fedtudskiller på afløbet fra storkøkken eller restaurant.", C, null, separator("FU")),
  symbol(
    "olieudskiller",
    "OU",
    "Olieudskiller",
    "Olie- og benzinudskiller på afløb fra værksted, vaskeplads eller p-plads.",
    C,
    null,
    separator("OU"),
  ),
  symbol(
    "koalescensudskiller",
    "KU",
    "Koalescensudskiller",
    "Koalescensudskiller (klasse I) til olie fra vaskeplads eller tankanlæg.",
    C,
    null,
    separator("KU"),
  ),
  symbol(
    "stivelsesudskiller",
    "SU",
    "Stivelsesudskiller",
    "Stivelsesudskiller på afløb fra kartoffelskrællere i storkøkken.",
    C,
    null,
    separator("SU"),
  ),
  symbol(
    "gipsudskiller",
    "GU",
    "Gipsudskiller",
    "Gipsudskiller på afløb fra tandklinik, skole eller værksted med gips.",
    C,
    null,
    separator("GU"),
  ),
  symbol(
    "amalgamudskiller",
    "AU",
    "Amalgamudskiller",
    "Amalgamudskiller på afløbet fra tandlægens behandlingsrum.",
    C,
    null,
    separator("AU"),
  ),
]);
