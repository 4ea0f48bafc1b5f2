/** Symbols of route signs (L series). */
import { circle, pictogram } from "./draw";

/** The marguerite of L 50 Margueritruten: twenty white petals (none pointing straight up) round a yellow heart (`accent`). Box 100 × 100. */
export const daisy = pictogram("daisy", 100, 100, ({ fg, accent }) => {
  const petals: string[] = [];
  for (let i = 0; i < 20; i++) {
    // A petal: narrow at the heart, widest near its round tip.
    petals.push(`<path d="M50,36 C46.5,30 45.6,15 45.9,9 Q46.4,3.5 50,3.5 Q53.6,3.5 54.1,9 C54.4,15 53.5,30 50,36 Z" fill="${fg}" transform="rotate(${i * 18 + 9} 50 50)"/>`);
  }
  return petals.join("") + circle(50, 50, 16.5, accent ?? fg);
});
