/**
 * Stormwater management (LAR, lokal afledning af regnvand; image folder "LAR"): soakaways, infiltration
 * units (spec: 0.3, 0.45 and 0.9 m), planted beds (16 m², 4 m), dome gratings (0.6 m wide), rain gardens,
 * permeable paving, retention and tanks. Soakaways are hatched as on every kloakplan.
 */
import { defineCategory, symbol } from "./define";
import { box, centredLabel, dashedFrame, disc, frame, free, hatch, INK, line, LW, ring, stipple, stroke, tuft, wave, well } from "./draw";

const C = "lar" as const;

const element = (metres: number, label: string) =>
  symbol(
    `nedsivningselement-${String(Math.round(metres * 100))}`,
    `NE ${label}`,
    `Nedsivningselement ${label} m`,
    `Nedsivningselement (faskinekassette) ${label} m til regnvand; placeres i lag efter regnvandsberegningen.`,
    C,
    { width: metres, height: metres },
    () => box(100, 100, [hatch(0, 0, 100, 100, 14, true)]),
  );

export const LAR = defineCategory(C, [
  symbol("faskine", "FA", "Faskine", "Faskine (nedsivning af regnvand) min. 2 m fra bygning og 2 m fra skel.", C, null, () =>
    box(160, 100, [hatch(0, 0, 160, 100, 14)]),
  ),
  element(0.3, "0,3"),
  element(0.45, "0,45"),
  element(0.9, "0,9"),
  symbol(
    "plantebed-16",
    "PLB 16",
    "Plantebed 16 m²",
    "Plantebed (filterbed) 4 × 4 m til regnvand fra tag, med planter og muld.",
    C,
    { width: 4, height: 4 },
    () =>
      box(100, 100, [
        tuft(25, 35, 14),
        tuft(50, 35, 14),
        tuft(75, 35, 14),
        tuft(25, 62, 14),
        tuft(50, 62, 14),
        tuft(75, 62, 14),
        tuft(25, 89, 14),
        tuft(50, 89, 14),
        tuft(75, 89, 14),
      ]),
  ),
  symbol("kuppelrist", "KR", "Kuppelrist", "Kuppelrist 0,6 m på overløb fra regnbed eller bassin.", C, { width: 0.6, height: 0.6 }, () =>
    well([ring(50, 50, 28), line(50, 6, 50, 94), line(6, 50, 94, 50), line(19, 19, 81, 81), line(81, 19, 19, 81)]),
  ),
  symbol("regnbed", "RBD", "Regnbed", "Regnbed: en lavning med planter, hvor regnvandet siver ned.", C, null, () =>
    free(160, 100, [
      {
        kind: "path",
        d: "M30,5H130C150,5 155,20 155,50C155,80 150,95 130,95H30C10,95 5,80 5,50C5,20 10,5 30,5Z",
        fill: "#ffffff",
        stroke: INK,
        strokeWidth: 5,
      },
      stroke("M40,22H120C135,22 138,32 138,50C138,68 135,78 120,78H40C25,78 22,68 22,50C22,32 25,22 40,22Z", 2.5),
      tuft(50, 58, 14),
      tuft(80, 48, 14),
      tuft(110, 58, 14),
      wave(55, 70, 50, 2, 2.5),
    ]),
  ),
  symbol(
    "permeabel-belaegning",
    "PBL",
    "Permeabel belægning",
    "Permeabel belægning (græsarmering eller drænasfalt), hvor regnvandet siver gennem.",
    C,
    null,
    () =>
      box(160, 100, [
        stroke("M5,35H155M5,65H155M40,5V35M80,5V35M120,5V35M20,35V65M60,35V65M100,35V65M140,35V65M40,65V95M80,65V95M120,65V95", 2.5),
        stipple(5, 5, 150, 90, 20, 1.4),
      ]),
  ),
  symbol(
    "forsinkelsesbassin",
    "FSB",
    "Forsinkelsesbassin",
    "Forsinkelsesbassin, der holder regnvand tilbage og afleder det med droslet afløb.",
    C,
    null,
    () =>
      free(160, 100, [
        {
          kind: "path",
          d: "M20,12C60,2 110,6 140,14C158,20 158,50 150,72C140,96 90,98 50,92C16,88 4,70 6,46C7,28 10,16 20,12Z",
          fill: "#ffffff",
          stroke: INK,
          strokeWidth: 5,
        },
        stroke("M32,28C62,20 108,22 130,30C142,36 140,56 134,68C126,82 88,84 58,80C32,76 22,64 24,48C25,38 26,31 32,28Z", 2.5),
        wave(48, 48, 64, 3),
        wave(56, 64, 48, 2),
      ]),
  ),
  symbol("regnvandstank", "RVT", "Regnvandstank", "Regnvandstank til opsamling af tagvand til toiletskyl og tøjvask.", C, null, () =>
    well([centredLabel("RVT", 50, 50, 26, 70)]),
  ),
  symbol("nedsivningsbrond", "NSB", "Nedsivningsbrønd", "Nedsivningsbrønd (perforeret brønd) med omkringliggende sten.", C, null, () =>
    well([ring(50, 50, 30, 3, true), disc(50, 50, 8)]),
  ),
  symbol("afvandingsrende", "AR", "Afvandingsrende", "Afvandingsrende med rist langs belægning eller kørsel.", C, null, () =>
    box(200, 50, [frame(12, 12, 176, 26, 5), ...[36, 60, 84, 108, 132, 156].map((x) => line(x, 12, x, 38, 5))]),
  ),
  symbol("wadi", "WA", "Wadi", "Wadi: græsklædt, lavvandet grøft, der forsinker og nedsiver regnvand.", C, null, () =>
    free(200, 80, [stroke("M5,8H195M5,72H195", 7), stroke("M5,25H195M5,55H195", 4), wave(20, 40, 160, 6, 3.5)]),
  ),
  symbol("nodoverlob", "NO", "Nødoverløb", "Nødoverløb fra faskine eller bassin, når regnen overstiger dimensioneringen.", C, null, () =>
    well([
      stroke("M22,62H78", 5),
      {
        kind: "polygon",
        points: [
          [50, 18],
          [70, 46],
          [30, 46],
        ],
        fill: INK,
      },
      frame(28, 70, 44, 10, 2.5),
    ]),
  ),

  symbol("gront-tag", "GT", "Grønt tag", "Grønt tag (sedum), der holder på regnvandet og forsinker afløbet.", C, null, () =>
    box(160, 100, [
      tuft(30, 42, 16),
      tuft(65, 42, 16),
      tuft(100, 42, 16),
      tuft(135, 42, 16),
      line(10, 60, 150, 60),
      tuft(47, 90, 16),
      tuft(82, 90, 16),
      tuft(117, 90, 16),
    ]),
  ),
  symbol("vaadt-bassin", "VBA", "Vådt regnvandsbassin", "Regnvandsbassin med permanent vandspejl, der også renser vandet.", C, null, () =>
    free(160, 100, [
      {
        kind: "path",
        d: "M20,12C60,2 110,6 140,14C158,20 158,50 150,72C140,96 90,98 50,92C16,88 4,70 6,46C7,28 10,16 20,12Z",
        fill: "#ffffff",
        stroke: INK,
        strokeWidth: 5,
      },
      wave(30, 36, 100, 5),
      wave(30, 54, 100, 5),
      wave(40, 72, 80, 4),
    ]),
  ),
  symbol("udspyer", "UDS", "Udspyer", "Udspyer: nedløbsrøret afleder regnvandet på terræn eller til render.", C, null, () =>
    free(120, 100, [
      disc(20, 50, 14),
      stroke("M20,50H80", 6),
      {
        kind: "polygon",
        points: [
          [76, 34],
          [110, 50],
          [76, 66],
        ],
        fill: INK,
      },
    ]),
  ),
  symbol(
    "drosselbrond",
    "DR Ø600",
    "Drosselbrønd Ø600",
    "Drosselbrønd Ø600 med vandbremse, der begrænser afløbet fra bassin eller faskine.",
    C,
    { width: 0.6, height: 0.6 },
    () => well([line(6, 50, 94, 50), stroke("M50,50m-16,0a16,16 0 1 1 32,0", 5), centredLabel("DR", 50, 76, 20, 36)]),
  ),
  symbol("stenkiste", "SK", "Stenkiste", "Stenkiste: ældre nedsivning af regnvand i en grube fyldt med sten.", C, null, () =>
    box(100, 100, [
      ...[
        [25, 25],
        [60, 22],
        [82, 40],
        [30, 58],
        [62, 60],
        [22, 84],
        [52, 84],
        [82, 78],
      ].map(([x, y]) => ring(x!, y!, 9, 2.5)),
    ]),
  ),
  symbol("groft", "GR", "Grøft", "Åben grøft, der leder regnvand og drænvand til recipient.", C, null, () =>
    free(200, 60, [
      stroke("M5,8H195M5,52H195", 7),
      stroke("M5,30H195", 4),
      ...[25, 65, 105, 145, 185].map((x) => stroke(`M${x},8L${x - 10},20M${x},52L${x - 10},40`, 4)),
    ]),
  ),
  symbol(
    "forsinkelsesmagasin",
    "FM",
    "Forsinkelsesmagasin",
    "Nedgravet forsinkelsesmagasin af kassetter eller rør, der tømmes gennem en drosselbrønd.",
    C,
    null,
    // Dashed: it lies below ground, as every kloakplan draws what is hidden.
    () =>
      free(160, 100, [
        { kind: "rect", x: 3, y: 3, width: 154, height: 94, fill: "#ffffff" },
        hatch(12, 12, 136, 76, 16, true),
        dashedFrame(3, 3, 154, 94, 10, LW),
      ]),
  ),
  symbol("regntonde", "RT", "Regntønde", "Regntønde under nedløbsrøret med overløb til faskine eller regnvandsledning.", C, null, () =>
    well([ring(50, 50, 34), centredLabel("RT", 50, 50, 26, 48)]),
  ),
  symbol(
    "overlobsbrond",
    "OB Ø600",
    "Overløbsbrønd Ø600",
    "Overløbsbrønd Ø600 med overløbskant, der leder regnvand videre, når faskinen eller bassinet er fyldt.",
    C,
    { width: 0.6, height: 0.6 },
    () => well([line(6, 60, 94, 60, LW), centredLabel("OB", 50, 36, 26, 50)]),
  ),
  symbol(
    "filterbrond",
    "FI Ø600",
    "Filterbrønd Ø600",
    "Filterbrønd Ø600, der holder blade og slam tilbage før faskine eller nedsivningselementer.",
    C,
    { width: 0.6, height: 0.6 },
    () => well([stipple(22, 56, 56, 30, 11, 2.2), line(8, 52, 92, 52), centredLabel("FI", 50, 32, 24, 40)]),
  ),
]);
