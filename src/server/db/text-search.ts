import "server-only";
import { sql } from "kysely";
import type { DialectName } from "./dialect";

/** A LIKE pattern that finds `text` anywhere, its own wildcards taken literally (escaped with \). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The upper- and lower-case forms of one character, where each is a single character (ß has no
 * one-character upper case, so it matches only itself).
 */
function caseForms(c: string): string[] {
  return [...new Set([c, c.toLowerCase(), c.toUpperCase()])].filter((f) => [...f].length === 1);
}

/**
 * Whether a column contains `text` whatever the case of any letter, Ø, Å, Ä and Ö included. SQLite's lower()
 * and LIKE fold only A-Z, and PostgreSQL's lower() folds by the database's locale (only A-Z under "C"),
 * so neither lower(name) nor a stored lower-cased copy filled by SQL would do. Instead each letter of the
 * search becomes the set of its case forms ("øs" → [Øø][Ss]), which both databases match exactly, with no
 * stored copy to keep in step with every write. Contains-searches scan the table either way; the sets cost
 * no more than lower() did (bench/admin-customers.ts).
 */
export function textContains(dialect: DialectName, column: ReturnType<typeof sql.ref>, text: string) {
  const chars = [...text.normalize("NFC")];
  if (dialect === "sqlite") {
    // GLOB: * ? [ are special; inside a set only a leading ] or ^ would be, and letters are neither.
    const glob = chars.map((c) => {
      const forms = caseForms(c);
      if (forms.length > 1) return `[${forms.join("")}]`;
      return /[*?[]/.test(c) ? `[${c}]` : c;
    });
    return sql<boolean>`${column} glob ${`*${glob.join("")}*`}`;
  }
  // A POSIX regular expression: a backslash makes any character but a letter or digit literal.
  const regex = chars.map((c) => {
    const forms = caseForms(c);
    if (forms.length > 1) return `[${forms.join("")}]`;
    return /[\p{L}\p{N}\s]/u.test(c) ? c : `\\${c}`;
  });
  return sql<boolean>`${column} ~ ${regex.join("")}`;
}
