/**
 * What authorities ask a plan to state beyond the drawing (DOMAIN.md, "Who receives a plan"): the
 * responsible person with a phone number, contractor, client, plan number, the period of the work and
 * which phase the plan shows. Stored with the plan's content (`planInfo`), every field optional, printed
 * on the export's title block when given.
 */
import * as z from "zod";
import { PLAN_PHASES } from "./phase";

export const PLAN_INFO_TEXT_MAX = 120;

const text = z.string({ error: "planInfoInvalid" }).trim().max(PLAN_INFO_TEXT_MAX, { error: "planInfoTooLong" }).optional();
/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date({ error: "planInfoDateInvalid" }).optional();

export const planInfoSchema = z
  .looseObject({
    responsiblePerson: text,
    responsiblePhone: text,
    contractor: text,
    client: text,
    planNumber: text,
    periodFrom: day,
    periodTo: day,
    phase: z.enum(PLAN_PHASES, { error: "planInfoInvalid" }).optional(),
  })
  .refine((info) => !info.periodFrom || !info.periodTo || info.periodFrom <= info.periodTo, {
    error: "planInfoPeriodOrder",
    path: ["periodTo"],
  });
export type PlanInfo = z.output<typeof planInfoSchema>;
