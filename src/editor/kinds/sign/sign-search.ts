/**
 * Searching the sign gallery by code and name (issue: "search by code and name"), and a sewer symbol
 * also by its description. Accents, case, spaces and punctuation do not matter: "c55", "C 55" and
 * "c-55" all find C 55, "hastighed" finds "Hastighedsbegrænsning", "graense" and "granse" find
 * "grænse", "ojne" finds "øjne"; a diameter sign does not either: "rb 425" finds RB Ø425.
 */

/** Danish and Swedish letters that do not decompose into a base letter and an accent. */
const FOLD: Record<string, string> = { æ: "ae", ø: "o", ß: "ss", œ: "oe", ð: "d", þ: "th", ł: "l" };

/**
 * The comparable form of a text: lower case, accents removed (å → a, é → e, ä → a), æ → ae, ø → o,
 * and everything but letters and digits dropped (spaces, dots, hyphens), so "U 3.1" is "u31". A
 * diameter sign before a number goes too ("Ø425" is "425"; in a Danish word ø never precedes a digit).
 * `loose` folds æ to a single "a", as someone typing on a keyboard without it may write it.
 */
export function normaliseSearchText(text: string, loose = false): string {
  return text
    .toLowerCase()
    .replace(/[ø⌀]\s*(?=\p{N})/gu, "")
    .replace(/æ/g, loose ? "a" : "æ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[æøßœðþł]/g, (letter) => FOLD[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** What a searchable entry offers: its code ("C 55"), its name and, for a sewer symbol, its one-line description. */
export interface Searchable {
  code: string;
  name: string;
  description?: string;
}

/** The words of a query, normalised; empty words (punctuation only) are dropped. */
function queryWords(query: string): string[] {
  return query
    .split(/\s+/)
    .map((word) => normaliseSearchText(word))
    .filter((word) => word.length > 0);
}

/** A code without its series letters: "C 55" → "55", "U 3.1" → "31", so "55" finds C 55. */
const codeNumber = (code: string) => code.replace(/^\p{L}+/u, "");

/**
 * How well an entry matches a query; lower is better, null is no match.
 * 0 the code exactly ("c 55" → C 55); 1 the code starts with it ("a1" → A 11, A 12…); 2 the code's
 * number starts with it ("55" → C 55, E 55); 3 the name starts with it; 4 the name contains it; 5 every
 * word of the query is in the name or begins the code ("højre vejsving", "vejkryds a"); 6 the
 * description contains it, or every word is in the name, the description or begins the code
 * ("storkøkken" finds the grease and starch separators).
 * A code is matched from its start only: "A 11" does not find A 41.1.
 */
export function matchRank(entry: Searchable, query: string): number | null {
  const whole = normaliseSearchText(query);
  if (!whole) return null;
  const code = normaliseSearchText(entry.code);
  // "begrænsning" is found by "begraensning" and by "begransning".
  const names = [normaliseSearchText(entry.name), normaliseSearchText(entry.name, true)];
  if (code && code === whole) return 0;
  if (code && code.startsWith(whole)) return 1;
  if (code && /^\p{N}/u.test(whole) && codeNumber(code).startsWith(whole)) return 2;
  if (names.some((name) => name.startsWith(whole))) return 3;
  if (names.some((name) => name.includes(whole))) return 4;
  const words = queryWords(query);
  const inCodeOrName = (word: string) => (code && code.startsWith(word)) || names.some((name) => name.includes(word));
  if (words.length > 1 && words.every(inCodeOrName)) return 5;
  if (!entry.description) return null;
  const descriptions = [normaliseSearchText(entry.description), normaliseSearchText(entry.description, true)];
  const inDescription = (word: string) => descriptions.some((description) => description.includes(word));
  if (inDescription(whole)) return 6;
  if (words.length > 1 && words.every((word) => inCodeOrName(word) || inDescription(word))) return 6;
  return null;
}

/**
 * The entries matching a query, best first; entries of equal rank keep their order (the catalogue's
 * order, which is the specification's category order and the code order within a category).
 */
export function searchSigns<T extends Searchable>(entries: readonly T[], query: string): T[] {
  const ranked: { entry: T; rank: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const rank = matchRank(entry, query);
    if (rank !== null) ranked.push({ entry, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((r) => r.entry);
}
