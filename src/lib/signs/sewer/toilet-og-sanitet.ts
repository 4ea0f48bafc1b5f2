/**
 * Toilets and sanitation (toilet_og_sanitet): fixtures as a kloakmester draws them on the floor plan,
 * in their usual plan symbols (the wall side at the top). They follow the zoom: the drawing shows where
 * each fixture connects, not its exact size.
 */
import { defineCategory, symbol } from "./define";
import { INK, LW, box, disc, frame, free, line, outline, ring, stroke, wallBar } from "./draw";

const C = "toilet_og_sanitet" as const;

export const TOILET_OG_SANITET = defineCategory(C, [
  symbol("wc", "WC", "WC (gulvstående)", "Gulvstående toilet med cisterne; afløb Ø110 (Ø75 på nyere toiletter).", C, null, () =>
    free(64, 100, [
      { kind: "rect", x: 4, y: 3, width: 56, height: 24, rx: 4, fill: "#ffffff", stroke: INK, strokeWidth: LW },
      outline("M10,27V58C10,80 20,97 32,97C44,97 54,80 54,58V27Z"),
      { kind: "path", d: "M18,40V58C18,74 24,85 32,85C40,85 46,74 46,58V40Z", stroke: INK, strokeWidth: 3 },
    ]),
  ),
  symbol("wc-vaeghaengt", "WC-V", "Væghængt WC", "Væghængt toilet med indbygningscisterne; afløb gennem væggen.", C, null, () =>
    free(64, 90, [
      wallBar(64),
      outline("M10,10V48C10,70 20,87 32,87C44,87 54,70 54,48V10Z"),
      { kind: "path", d: "M18,22V48C18,64 24,75 32,75C40,75 46,64 46,48V22Z", stroke: INK, strokeWidth: 3 },
    ]),
  ),
  symbol("urinal", "UR", "Urinal", "Urinal på væg med afløb Ø50.", C, null, () =>
    free(64, 60, [wallBar(64), outline("M8,10V30C8,46 18,56 32,56C46,56 56,46 56,30V10Z"), disc(32, 34, 5)]),
  ),
  symbol("haandvask", "HV", "Håndvask", "Håndvask med vandlås; afløb Ø32–Ø40.", C, null, () =>
    box(
      100,
      70,
      [
        { kind: "path", d: "M50,18C72,18 84,30 84,42C84,54 72,62 50,62C28,62 16,54 16,42C16,30 28,18 50,18Z", stroke: INK, strokeWidth: 3 },
        disc(50, 44, 5),
        line(50, 4, 50, 14, 4),
      ],
      8,
    ),
  ),
  symbol("bruser", "BR", "Bruser", "Bruseplads eller brusekar med afløb (gulvafløb eller brusekarsafløb).", C, null, () =>
    box(100, 100, [
      line(5, 5, 95, 95),
      line(95, 5, 5, 95),
      { kind: "circle", cx: 50, cy: 50, r: 10, fill: "#ffffff", stroke: INK, strokeWidth: 3 },
      disc(50, 50, 4),
    ]),
  ),
  symbol("badekar", "BK", "Badekar", "Badekar med afløb og overløb; afløb Ø40–Ø50.", C, null, () =>
    box(170, 75, [frame(14, 12, 142, 51, 3, 22), disc(36, 37.5, 5)], 6),
  ),
  symbol("bidet", "BI", "Bidet", "Bidet ved siden af toilettet; afløb Ø32.", C, null, () =>
    free(60, 90, [wallBar(60), outline("M8,10V50C8,72 18,87 30,87C42,87 52,72 52,50V10Z"), stroke("M16,24H44"), disc(30, 55, 5)]),
  ),

  symbol("wc-handicap", "WC-H", "Handicaptoilet", "Toilet med støttegreb på begge sider, til kørestolsbrugere.", C, null, () =>
    free(100, 100, [
      { kind: "rect", x: 22, y: 3, width: 56, height: 24, rx: 4, fill: "#ffffff", stroke: INK, strokeWidth: LW },
      outline("M28,27V58C28,80 38,97 50,97C62,97 72,80 72,58V27Z"),
      { kind: "rect", x: 4, y: 30, width: 8, height: 60, rx: 4, fill: INK },
      { kind: "rect", x: 88, y: 30, width: 8, height: 60, rx: 4, fill: INK },
    ]),
  ),
  symbol("pumpetoilet", "WC-P", "Pumpetoilet", "Toilet med indbygget pumpe (kværnpumpe), hvor der ikke er fald til afløbet.", C, null, () =>
    free(64, 100, [
      { kind: "rect", x: 4, y: 3, width: 56, height: 24, rx: 4, fill: INK },
      outline("M10,27V58C10,80 20,97 32,97C44,97 54,80 54,58V27Z"),
      { kind: "path", d: "M18,40V58C18,74 24,85 32,85C40,85 46,74 46,58V40Z", stroke: INK, strokeWidth: 3 },
    ]),
  ),
  symbol("hjornebruser", "BR-H", "Hjørnebruser", "Brusekabine i hjørne (kvartcirkel) med afløb i bundkarret.", C, null, () =>
    free(100, 100, [outline("M2.5,2.5H97.5V45A52.5,52.5 0 0 1 45,97.5H2.5Z"), ring(40, 40, 9), disc(40, 40, 3.5)]),
  ),
  symbol("pissoirrende", "PR", "Pissoirrende", "Pissoirrende (urinalrende) langs væg med ét afløb.", C, null, () =>
    free(180, 50, [wallBar(180), outline("M5,10V30C5,40 12,46 22,46H158C168,46 175,40 175,30V10Z"), disc(150, 28, 5)]),
  ),
  symbol("dobbelt-haandvask", "HV2", "Dobbelt håndvask", "To håndvaske i én bordplade, hver med vandlås.", C, null, () =>
    box(
      180,
      70,
      [
        stroke("M50,18C70,18 80,30 80,42C80,54 70,62 50,62C30,62 20,54 20,42C20,30 30,18 50,18Z"),
        stroke("M130,18C150,18 160,30 160,42C160,54 150,62 130,62C110,62 100,54 100,42C100,30 110,18 130,18Z"),
        disc(50, 44, 5),
        disc(130, 44, 5),
        line(50, 4, 50, 14, 4),
        line(130, 4, 130, 14, 4),
      ],
      8,
    ),
  ),
  symbol(
    "vaskerende",
    "VR",
    "Vaskerende",
    "Vaskerende med flere haner og fælles afløb, fx i skole, institution eller værksted.",
    C,
    null,
    () => box(180, 70, [frame(12, 16, 156, 44, 3, 10), ...[45, 90, 135].map((x) => line(x, 4, x, 14, 4)), disc(90, 44, 5)], 8),
  ),
]);
