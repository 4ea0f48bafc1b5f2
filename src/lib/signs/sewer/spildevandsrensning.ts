/**
 * Wastewater treatment in the open land (spildevandsrensning): septic tanks, small treatment plants,
 * soakage fields and planted systems. Tanks are drawn as their outline with chambers; fields as their
 * area with the distribution pipes or the planting.
 */
import { defineCategory, symbol } from "./define";
import { box, centredLabel, fill, free, line, ring, stipple, stroke, tuft, wave, well } from "./draw";

const C = "spildevandsrensning" as const;

export const SPILDEVANDSRENSNING = defineCategory(C, [
  symbol(
    "bundfaeldningstank",
    "BT",
    "Bundfældningstank",
    "Bundfældningstank (septiktank) med to kamre, før nedsivning eller rensning.",
    C,
    null,
    () => box(160, 100, [line(105, 5, 105, 95), centredLabel("BT", 55, 50, 32, 70)]),
  ),
  symbol("samletank", "ST", "Samletank", "Samletank uden afløb, der tømmes af slamsugeren.", C, null, () =>
    well([centredLabel("ST", 50, 50, 34, 66)]),
  ),
  symbol(
    "minirenseanlaeg",
    "MRA",
    "Minirenseanlæg",
    "Minirenseanlæg til en ejendom i det åbne land (rensekrav SO, OP eller SOP).",
    C,
    null,
    () => well([centredLabel("MRA", 50, 50, 28, 72)]),
  ),
  symbol("fordelerbrond", "FB", "Fordelerbrønd", "Fordelerbrønd, der fordeler vandet ligeligt til nedsivningsstrengene.", C, null, () =>
    well([line(50, 50, 50, 8), line(50, 50, 86, 71), line(50, 50, 14, 71), { kind: "circle", cx: 50, cy: 50, r: 8, fill: "#000000" }]),
  ),
  symbol("nedsivningsanlaeg", "NA", "Nedsivningsanlæg", "Nedsivningsanlæg med fordelingsledninger i et grusfyldt felt.", C, null, () =>
    box(200, 100, [
      stroke("M20,28H180M20,50H180M20,72H180", 5),
      stroke("M40,20V36M80,20V36M120,20V36M160,20V36M40,42V58M80,42V58M120,42V58M160,42V58M40,64V80M80,64V80M120,64V80M160,64V80", 4),
    ]),
  ),
  symbol(
    "biologisk-sandfilter",
    "BS",
    "Biologisk sandfilter",
    "Biologisk sandfilter, hvor spildevandet renses gennem et sandlag.",
    C,
    null,
    () => box(200, 100, [stipple(8, 8, 184, 84, 16, 2.8)]),
  ),
  symbol(
    "beplantet-filteranlaeg",
    "BF",
    "Beplantet filteranlæg",
    "Beplantet filteranlæg (rodzoneanlæg) med tagrør, der renser spildevandet.",
    C,
    null,
    () =>
      box(160, 100, [
        tuft(30, 40, 16),
        tuft(65, 40, 16),
        tuft(100, 40, 16),
        tuft(135, 40, 16),
        tuft(47, 80, 16),
        tuft(82, 80, 16),
        tuft(117, 80, 16),
      ]),
  ),
  symbol("pileanlaeg", "PA", "Pileanlæg", "Pileanlæg (fordampningsanlæg) uden afløb, tæt membran og beplantet med pil.", C, null, () =>
    box(200, 80, [
      ...[30, 70, 110, 150].map((x) => ({ kind: "circle" as const, cx: x + 10, cy: 40, r: 13, stroke: "#000000", strokeWidth: 3 })),
      ...[40, 80, 120, 160].map((x) => stroke(`M${x - 7},40H${x + 7}M${x},33V47`, 2.5)),
    ]),
  ),
  symbol("udlob-recipient", "UDL", "Udløb til recipient", "Udløb af renset vand til vandløb, sø eller dræn (recipient).", C, null, () =>
    free(120, 100, [
      stroke("M6,50H70", 5),
      {
        kind: "polygon",
        points: [
          [66, 36],
          [92, 50],
          [66, 64],
        ],
        fill: "#000000",
      },
      stroke("M100,14V86", 5),
      wave(100, 30, 18, 1, 3),
      wave(100, 70, 18, 1, 3),
    ]),
  ),

  symbol(
    "bundfaeldningstank-3",
    "BT3",
    "Bundfældningstank, trekammer",
    "Bundfældningstank med tre kamre, som kræves foran de fleste nedsivnings- og renseanlæg.",
    C,
    null,
    () => box(180, 100, [line(70, 5, 70, 95), line(125, 5, 125, 95), centredLabel("BT", 37.5, 50, 30, 50)]),
  ),
  symbol("pumpestation", "PST", "Pumpestation", "Pumpestation, der pumper spildevandet til renseanlæg eller trykledning.", C, null, () =>
    box(100, 100, [ring(50, 50, 30), centredLabel("P", 50, 50, 30)]),
  ),
  symbol(
    "nedsivningsstreng",
    "NS",
    "Nedsivningsstreng",
    "Nedsivningsstreng: perforeret fordelingsledning i nedsivningsanlægget.",
    C,
    null,
    () => free(200, 50, [stroke("M5,25H195", 8), stroke("M30,8V42M65,8V42M100,8V42M135,8V42M170,8V42", 5)]),
  ),
  symbol("biofilter", "BIO", "Biofilter", "Biofilter (rislefilter), hvor bakterier på filtermaterialet renser vandet.", C, null, () =>
    well([ring(50, 50, 30), stipple(28, 28, 44, 44, 11, 1.8)]),
  ),
  symbol(
    "doseringsanlaeg",
    "DOS",
    "Doseringsanlæg (fosforfældning)",
    "Doseringsanlæg, der tilsætter fældningsmiddel og fjerner fosfor (rensekrav OP og SOP).",
    C,
    null,
    () => box(100, 100, [fill("M50,12C44,22 36,32 36,40A14,14 0 0 0 64,40C64,32 56,22 50,12Z"), centredLabel("DOS", 50, 74, 24, 72)]),
  ),
]);
