/**
 * The sections of the terms in order, each with its number of paragraphs (terms.sections.<id>.p1…pN).
 * The ids are the table of contents' anchors, so a link such as /terms-of-service#blocking stays valid.
 */
export const TERMS_SECTIONS = [
  ["service", 2],
  ["account", 2],
  ["trial", 2],
  ["prices", 3],
  ["payer", 3],
  ["proration", 2],
  ["renewal", 4],
  ["blocking", 3],
  ["data", 2],
  ["liability", 2],
  ["law", 2],
] as const;
