"use client";
import { parsePlanContent, type PlanContent } from "@/lib/elements/plan-content";
import type { PagePlan } from "@/lib/schemas/page-plan";
import type { SignplanDto } from "@/lib/schemas/signplan";

/** The mark each validation of an opened plan in the browser leaves (tests count them; a profile shows them). */
export const PLAN_VALIDATION_MARK = "plan-content-validated";

/** An opened plan: its answer, and whether its content is known valid (a plan the page brought as validated). */
export interface OpenedPlan {
  plan: SignplanDto;
  trusted: boolean;
}

/**
 * The opened plan's content, checked: a plan from the API or a page whose hash did not match is
 * validated here as before (an element of an older version is migrated on the way). A plan the page
 * brought as validated (its stored hash matches: a save validated it against the schema this build has,
 * and it is unchanged since) is not checked a second time (issue 34).
 */
export function validateOpenedPlan(opened: OpenedPlan): ReturnType<typeof parsePlanContent> {
  if (opened.trusted) return { success: true, data: opened.plan.content as PlanContent } as ReturnType<typeof parsePlanContent>;
  performance.mark(PLAN_VALIDATION_MARK);
  return parsePlanContent(opened.plan.content);
}

/** The mark of the moment the page handed its plan over (npm run bench:editor reads it). */
export const PAGE_PLAN_MARK = "page-plan-received";

/** A plan the page brought, as opened: the route's answer, parsed once. */
export function openedFromPage(brought: PagePlan): OpenedPlan {
  performance.mark(PAGE_PLAN_MARK);
  return { plan: JSON.parse(brought.json) as SignplanDto, trusted: brought.validated };
}
