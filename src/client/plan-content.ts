/**
 * The content of a plan the API answered, as the editor uses it. An answer whose header says its
 * content conforms to this build's schema (src/lib/content-schema.ts) is marked by the API client
 * when it reads it; its content is used as it came. Any other content is parsed and validated here,
 * with the same schema the server uses.
 */
import { parsePlanContent, type PlanContent } from "@/lib/elements/plan-content";

const validated = new WeakSet<object>();

/** The API client marks an answer's body whose content the server validated with this build's schema. */
export function markContentValidated(body: unknown): void {
  if (typeof body === "object" && body !== null) validated.add(body);
}

/** What parsePlanContent answers: the content, or zod's error. */
export type PlanContentResult = ReturnType<typeof parsePlanContent>;

/** Content known to be valid (vouched for by the server, or parsed already), in parsePlanContent's form. */
export function validContent(content: PlanContent): PlanContentResult {
  return { success: true, data: content } as PlanContentResult;
}

/** The plan's content: as it came when the server vouched for it, else parsed (with zod's result). */
export function planContentOf(plan: { content: unknown }): PlanContentResult {
  return validated.has(plan) ? validContent(plan.content as PlanContent) : parsePlanContent(plan.content);
}
