/** The content of a plan the API answered, as the editor uses it: parsed and validated (and migrated) with the schema the server uses. */
import { parsePlanContent } from "@/lib/elements/plan-content";

/** What parsePlanContent answers: the content, or zod's error. */
export type PlanContentResult = ReturnType<typeof parsePlanContent>;

export function planContentOf(plan: { content: unknown }): PlanContentResult {
  return parsePlanContent(plan.content);
}
