/** Symbols of the supplementary plates to warning signs (UA series). */
import { pictogram, strokePath } from "./draw";

/** A snowflake: six arms with a pair of barbs each (UA 31 isglat). Box 100 × 100. */
export const snowflake = pictogram("snowflake", 100, 100, ({ fg }) => {
  const arms: string[] = [];
  for (let i = 0; i < 6; i++) {
    arms.push(
      `<g transform="rotate(${i * 60} 50 50)">${strokePath("M50,50 V4 M50,22 L38,10 M50,22 L62,10 M50,36 L40,28 M50,36 L60,28", fg, 6.5, "round", "round")}</g>`,
    );
  }
  return arms.join("");
});

/** A lightning bolt with its arrow head, pointing down-left (UA 73 electrified railway). Box 60 × 100. */
export const lightning = pictogram(
  "lightning",
  60,
  100,
  ({ fg }) => `<path d="M60,0 L30,44 H46 L14,84 L20,88 L0,100 L4,76 L10,80 L30,54 H12 L40,0 Z" fill="${fg}"/>`,
);
