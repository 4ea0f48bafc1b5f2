import type { ZodError } from "zod";

/** The first invalid field of a plan document as a path (`lines.0.width`), as the server names it in a 400. */
export function describeContentError(error: ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.path.map(String).join(".") || "content" : "content";
}
