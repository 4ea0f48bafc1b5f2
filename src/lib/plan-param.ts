/** The query parameter naming the open plan: /app?plan=<id>. */
export const PLAN_PARAM = "plan";

/** The plan id of the query parameter's value, or null when it names none. */
export function planIdOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}
