/**
 * Danish text where Swedish is expected (the Swedish site, TA-planen): the letters æ and ø, which
 * Swedish writes ä and ö, and words that are Danish and never Swedish. Shared by the unit test of the
 * Swedish catalogue and the browser test that walks the Swedish site.
 */

/**
 * Danish words that Swedish does not have (Swedish in brackets). Words that are Swedish as well are
 * left out on purpose: "eller" (or), "skal" (shell), "vis" (way), "ved" (firewood), "kan", "med".
 * A capitalised entry matches only so ("gem" is a Swedish paper clip, "Gem" the Danish Save button);
 * a lower-case entry matches lower case and capitalised.
 */
export const DANISH_WORDS = [
  "og", // och
  "ikke", // inte
  "af", // av
  "til", // till
  "fra", // från
  "hvor", // var, där
  "hvis", // om
  "hvad", // vad
  "også", // också
  "jeres", // er
  "venligst", // vänligen
  "skilte", // skyltar
  "skiltet", // skylten
  "skilteplan", // skyltplan
  "vej", // väg
  "vejen", // vägen
  "vejarbejde", // vägarbete
  "tegning", // ritning
  "Gem", // Spara
  "gemt", // sparad
  "Annuller", // Avbryt
  "Annullér",
  "Luk", // Stäng
  "Slet", // Ta bort ("slet", worn, is Swedish in lower case)
  "farve", // färg
  "bredde", // bredd
  "målestok", // skala
  "navn", // namn
  "tekst", // text
  "billede", // bild
  "papir", // papper
  "liggende", // liggande
  "bruger", // användare
  "brugere",
  "indstillinger", // inställningar
  "eksport", // export
  "eksportér", // exportera
  "udskriv", // skriv ut
  "opret", // skapa
  "rediger", // redigera
  "fejl", // fel
  "tilbage", // tillbaka
  "forrige", // föregående
  "opdater", // uppdatera
  "afbryd", // avbryt
  "mangler", // saknas
  "adgangskode", // lösenord
  "kommune", // kommun
  "virksomhed", // företag
  "indlæser", // laddar
] as const;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const WORD_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(${DANISH_WORDS.map((word) =>
    word === word.toLowerCase() ? `${escape(word)}|${escape(word[0]!.toUpperCase() + word.slice(1))}` : escape(word),
  ).join("|")})(?![\\p{L}\\p{N}_-])`,
  "gu",
);

/** What in `text` is Danish: each letter æ/ø and each Danish word, with a little of the text around it. */
export function danishIn(text: string): string[] {
  const found: string[] = [];
  const around = (index: number, length: number) =>
    `«${text.slice(Math.max(0, index - 30), index)}[${text.slice(index, index + length)}]${text.slice(index + length, index + length + 30)}»`.replace(
      /\s+/g,
      " ",
    );
  for (const match of text.matchAll(/[æøÆØ]/g)) found.push(`letter ${match[0]} in ${around(match.index, 1)}`);
  for (const match of text.matchAll(WORD_PATTERN)) found.push(`Danish word "${match[0]}" in ${around(match.index, match[0].length)}`);
  return found;
}
