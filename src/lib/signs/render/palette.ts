/**
 * The colours of Danish road signs. The sign order prescribes RAL-defined retroreflective colours
 * (Vejregler, "Færdselstavler – materialer"); sRGB conversions of RAL colours differ between tables, so
 * each value below is the common sRGB approximation, nudged towards how the colours read on a screen
 * (a printed plan is judged against the real signs, not the RAL card).
 */
export const PALETTE = {
  /** RAL 3020 Verkehrsrot (trafikrød): warning and prohibition borders, B 11, B 13. */
  red: "#c8141e",
  /** RAL 5017 Verkehrsblau (trafikblå): mandatory and information signs. */
  blue: "#0a62b0",
  /** RAL 1023 Verkehrsgelb (trafikgul): B 16 face, temporary road-works signs, E 30/E 31. */
  yellow: "#fcc800",
  /** RAL 6024 Verkehrsgrün: E 42 motorway. */
  green: "#008a55",
  /** RAL 9016 Verkehrsweiß: faces and rims (pure white on screen). */
  white: "#ffffff",
  /** RAL 9017 Verkehrsschwarz: symbols and text (pure black, as white is pure white: prints in black ink only). */
  black: "#000000",
  /** The faded symbol on end-of-restriction signs (C 53, C 56, E 69 …): a light traffic grey. */
  grey: "#b0b0b0",
  /** RAL 2009 Verkehrsorange: the plate of dangerous goods (C 23.3, E 22.2). */
  orange: "#f08a00",
  /** RAL 8002 Signalbraun: tourist signs (L 50 Margueritruten, M 53, M 54, K 30). */
  brown: "#6e3b1f",
  /** Hairline around white plates so they stay visible on a white map. */
  edge: "#4a4a4a",
} as const;

export type PaletteColor = keyof typeof PALETTE;
