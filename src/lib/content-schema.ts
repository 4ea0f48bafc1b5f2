/**
 * Plan content validated once. The server validates every plan document it stores with the element
 * registry's schema (src/lib/elements/plan-content.ts) and stores the result, beside the fingerprint of
 * the schema that made it (signplans.content_schema). When it answers a plan it names the schema its
 * content conforms to in a header; a client built from the same schema (same fingerprint) takes the
 * content as it is instead of parsing and validating it again, which for a plan of thousands of
 * elements is the largest piece of main-thread work between the plan's arrival and its first frame.
 *
 * The fingerprint is a hash of the schema's sources and zod's version, computed by the engine's build
 * (scripts/build-engine.mjs) and handed to Next through the engine's manifest (next.config.ts), so the
 * server and the pages of one build agree on it; the map engine takes the verdict of /app's inline
 * script (src/client/early-plan.ts). A development server and the tests have none: nothing is stamped
 * or trusted there, and every client validates, as with content from another build.
 */

/** The answer header naming the schema fingerprint the plan content in the body conforms to. */
export const CONTENT_SCHEMA_HEADER = "x-plan-content-schema";

/** This build's schema fingerprint, or null (development, tests): then nothing is stamped or trusted. */
export function currentContentSchema(): string | null {
  return process.env.PLAN_CONTENT_SCHEMA || null;
}

/** Whether an answer's header value says its content conforms to this build's schema. */
export function isCurrentContentSchema(headerValue: string | null | undefined): boolean {
  const current = currentContentSchema();
  return current !== null && headerValue === current;
}
