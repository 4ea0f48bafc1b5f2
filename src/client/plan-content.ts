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

/** The plan's content: as it came when the server vouched for it, else parsed (with zod's result). */
export function planContentOf(plan: { content: unknown }): ReturnType<typeof parsePlanContent> {
  if (validated.has(plan)) return { success: true, data: plan.content as PlanContent } as ReturnType<typeof parsePlanContent>;
  return parsePlanContent(plan.content);
}
