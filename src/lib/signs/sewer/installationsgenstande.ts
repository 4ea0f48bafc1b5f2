/**
 * Installation fixtures (installationsgenstande): the drain points inside and on a building: floor
 * drains, rodding eyes, standpipes (spec: widths 0.11 and 0.2 m), downpipes, kitchen and utility
 * connections, and vents.
 */
import { defineCategory, symbol } from "./define";
import { LW, box, centredLabel, disc, fill, frame, free, hatch, line, ring, stroke, well } from "./draw";

const C = "installationsgenstande" as const;

export const INSTALLATIONSGENSTANDE = defineCategory(C, [
  symbol("gulvaflob", "GA", "Gulvafløb", "Gulvafløb med vandlås i bad, bryggers eller kælder.", C, null, () =>
    box(100, 100, [line(5, 5, 95, 95), line(95, 5, 5, 95), ring(50, 50, 26)]),
  ),
  symbol("renseoje", "RØ", "Renseøje", "Renseøje (rensestykke) på ledningen, hvor den kan renses uden brønd.", C, null, () =>
    well([line(8, 50, 92, 50), centredLabel("RØ", 50, 30, 26, 56), { kind: "rect", x: 30, y: 60, width: 40, height: 14, fill: "#000000" }]),
  ),
  symbol(
    "standror-110",
    "SR Ø110",
    "Standrør Ø110",
    "Lodret standrør Ø110 til rensning eller senere tilslutning.",
    C,
    { width: 0.11, height: 0.11 },
    () => well([ring(50, 50, 26), disc(50, 50, 10)]),
  ),
  symbol(
    "standror-200",
    "SR Ø200",
    "Standrør Ø200",
    "Lodret standrør Ø200 til rensning eller inspektion fra terræn.",
    C,
    { width: 0.2, height: 0.2 },
    () => well([ring(50, 50, 30), disc(50, 50, 12)]),
  ),
  symbol("nedlobsror", "NL", "Nedløbsrør", "Nedløbsrør fra tagrende, der tilsluttes regnvandsledningen.", C, null, () =>
    well([disc(50, 50, 28)]),
  ),
  symbol("kokkenvask", "KV", "Køkkenvask", "Køkkenvask med vandlås; afløb Ø40.", C, null, () =>
    box(160, 60, [
      frame(12, 10, 58, 40, 3, 4),
      frame(78, 10, 30, 40, 3, 4),
      disc(41, 30, 4),
      disc(93, 30, 3),
      line(118, 16, 148, 16, 2.5),
      line(118, 26, 148, 26, 2.5),
      line(118, 36, 148, 36, 2.5),
      line(118, 46, 148, 46, 2.5),
    ]),
  ),
  symbol("opvaskemaskine", "OM", "Opvaskemaskine", "Tilslutning for opvaskemaskine, normalt til køkkenvaskens vandlås.", C, null, () =>
    box(100, 100, [centredLabel("OM", 50, 50, 36, 76)]),
  ),
  symbol("vaskemaskine", "VM", "Vaskemaskine", "Tilslutning for vaskemaskine, til gulvafløb eller egen vandlås.", C, null, () =>
    box(100, 100, [ring(50, 50, 34), centredLabel("VM", 50, 50, 24, 52)]),
  ),
  symbol("udslagsvask", "UV", "Udslagsvask", "Udslagsvask (vask med rist) i bryggers eller værksted.", C, null, () =>
    box(100, 70, [frame(14, 12, 72, 46, 3), line(26, 26, 74, 26, 2.5), line(26, 35, 74, 35, 2.5), line(26, 44, 74, 44, 2.5)]),
  ),
  symbol("udluftning", "UL", "Udluftning", "Udluftningsledning over tag, der ventilerer afløbssystemet.", C, null, () =>
    well([centredLabel("UL", 50, 50, 34, 64)]),
  ),

  symbol("vandlas", "VL", "Vandlås", "Vandlås under en installationsgenstand, der hindrer kloaklugt.", C, null, () =>
    free(100, 80, [stroke("M15,10V45C15,64 30,74 50,74C70,74 85,64 85,45V10", 6), line(4, 10, 26, 10, 4), line(74, 10, 96, 10, 4)]),
  ),
  symbol("faldstamme", "FS", "Faldstamme", "Lodret faldstamme, der fører afløbet fra etagerne ned til grundledningen.", C, null, () =>
    well([ring(50, 50, 24, 5), centredLabel("FS", 50, 50, 16, 30)]),
  ),
  symbol("linjeaflob", "LA", "Linjeafløb", "Linjeafløb (bruserende) langs væg i bruseniche.", C, null, () =>
    box(200, 50, [frame(14, 13, 172, 24, 5), ...[38, 62, 86, 114, 138, 162].map((x) => line(x - 5, 19, x + 5, 31, 5)), disc(100, 25, 7)]),
  ),
  symbol(
    "kondensaflob",
    "KA",
    "Kondensafløb",
    "Kondensafløb fra kedel, varmepumpe eller tørretumbler, til vandlås eller gulvafløb.",
    C,
    null,
    () => box(100, 100, [centredLabel("KA", 50, 50, 36, 76)]),
  ),
  symbol(
    "sikkerhedsventil-aflob",
    "SV",
    "Afløb fra sikkerhedsventil",
    "Afløb fra varmtvandsbeholderens sikkerhedsventil med synligt frit udløb.",
    C,
    null,
    () => box(100, 100, [fill("M50,70L30,38H70Z"), line(50, 14, 50, 38, 5), line(20, 84, 80, 84, 5)]),
  ),
  symbol(
    "luftventil",
    "LV",
    "Luftventil",
    "Luftventil (undertryksventil) på afløbsledning indendørs, i stedet for udluftning over tag.",
    C,
    null,
    () => well([centredLabel("LV", 50, 50, 34, 64)]),
  ),
  symbol("tagaflob", "TA", "Tagafløb", "Tagafløb (tagbrønd) på fladt tag, med indvendig nedføring.", C, null, () =>
    box(100, 100, [ring(50, 50, 30), line(50, 20, 50, 80), line(20, 50, 80, 50)]),
  ),
  symbol("stik", "STIK", "Stikledning, tilslutning", "Tilslutning af stikledningen til forsyningens hovedledning (stik).", C, null, () =>
    free(100, 100, [line(5, 80, 95, 80, 8), line(50, 80, 50, 10, 5), disc(50, 80, 10)]),
  ),
  symbol(
    "gulvaflob-hl",
    "GA-HL",
    "Gulvafløb med højvandslukke",
    "Kældergulvafløb med indbygget højvandslukke, der lukker ved opstuvning fra kloakken.",
    C,
    null,
    () =>
      box(100, 100, [
        line(5, 5, 95, 95),
        line(95, 5, 5, 95),
        { kind: "circle", cx: 50, cy: 50, r: 30, fill: "#ffffff", stroke: "#000000", strokeWidth: 3.5 },
        centredLabel("HL", 50, 50, 24, 40),
      ]),
  ),
  symbol("afproppet-ledning", "PROP", "Afproppet ledning", "Ledningsende lukket med prop, klar til senere tilslutning.", C, null, () =>
    free(100, 60, [line(4, 30, 72, 30, LW), { kind: "rect", x: 72, y: 6, width: 16, height: 48, fill: "#000000" }]),
  ),
  symbol(
    "gennemforing",
    "GF",
    "Gennemføring i fundament",
    "Ledningens gennemføring i fundament eller kældervæg, med foringsrør og tætning.",
    C,
    null,
    // The wall in section, hatched, with the sleeve around the pipe.
    () =>
      free(100, 100, [
        hatch(38, 4, 24, 30, 8),
        frame(38, 4, 24, 30),
        hatch(38, 66, 24, 30, 8),
        frame(38, 66, 24, 30),
        line(4, 50, 96, 50, LW),
        frame(32, 38, 36, 24),
      ]),
  ),
]);
