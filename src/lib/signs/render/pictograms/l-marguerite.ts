/** The marguerite of L 50 Margueritruten, drawn for the L series. */
import { circle, pictogram } from "./draw";

/**
 * Sixteen white petals of nearly even width with round tips (none pointing straight up: the first is
 * turned half a step, 11.25°, off the vertical), round a yellow heart (`accent`). Box 100 × 100.
 */
export const marguerite = pictogram("marguerite", 100, 100, ({ fg, accent }) => {
  const petals: string[] = [];
  for (let i = 0; i < 16; i++) {
    petals.push(
      `<path d="M50,46 C46.2,40 46.3,20 46.3,10 C46.3,5 48,2.5 50,2.5 C52,2.5 53.7,5 53.7,10 C53.7,20 53.8,40 50,46 Z" fill="${fg}" transform="rotate(${i * 22.5 + 11.25} 50 50)"/>`,
    );
  }
  return petals.join("") + circle(50, 50, 16, accent ?? fg);
});
