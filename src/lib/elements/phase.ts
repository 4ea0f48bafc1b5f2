/**
 * The phases of a plan (issue 20; DOMAIN.md, "Swedish TA-plans"): one plan holds what stands on the road
 * while work goes on (the active phase) and what stays when the site is left at night and at weekends
 * (the inactive phase). Every element belongs to both phases unless its `phase` says it belongs to one;
 * the editor shows one phase or all, and the export makes a page per phase. Universal code; the content's
 * filters by phase are in plan-content.ts.
 */
import * as z from "zod";

/** Active: while work goes on; inactive: nights and weekends, when the site is left (a Swedish TA-plan shows both). */
export const PLAN_PHASES = ["active", "inactive"] as const;
export type PlanPhase = (typeof PLAN_PHASES)[number];

/** An element's phase: absent means both phases, which is what most of a plan is. */
export const elementPhaseSchema = z.enum(PLAN_PHASES, { error: "phaseInvalid" }).optional();

/** What the editor shows: every element, or those of one phase. */
export const PHASE_VIEWS = ["all", ...PLAN_PHASES] as const;
export type PhaseView = (typeof PHASE_VIEWS)[number];

/** Whether an element with this `phase` field stands on the road in `view`. */
export function inPhase(element: { phase?: PlanPhase }, view: PhaseView): boolean {
  return view === "all" || element.phase === undefined || element.phase === view;
}
