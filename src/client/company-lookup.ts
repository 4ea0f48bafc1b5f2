"use client";
/**
 * The company look-up of the organisation forms (GET /users/cvrLookup, issue 30). Its failures are not
 * toasted: the form shows them beside the search field, and every one of them leaves the fields to be
 * filled in by hand.
 */
import * as z from "zod";
import { ApiRequestError, INVALID_RESPONSE, api } from "@/client/api";
import type { CompanyLookupDto } from "@/lib/schemas/organisation";

const companySchema = z.object({
  name: z.string(),
  cvr_number: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
}) satisfies z.ZodType<CompanyLookupDto>;

/** The message the API itself sent with a refusal; none for no connection or a proxy's error page. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.code === INVALID_RESPONSE) return null;
  const sent = (error.body as { message?: unknown } | null)?.message;
  return typeof sent === "string" && sent ? sent : null;
}

export type CompanyLookupResult = { company: CompanyLookupDto } | { error: string };

/**
 * Looks a company up by number or name. Answers the company, or the message to show: the server's own
 * (no such company, the register is down or over its quota, a bad search, too many searches), else
 * `fallback` (no connection, an answer that makes no sense).
 */
export async function lookUpCompany(search: string, fallback: string, signal?: AbortSignal): Promise<CompanyLookupResult> {
  try {
    const company = await api.get(`/users/cvrLookup?search=${encodeURIComponent(search)}`, { toast: false, schema: companySchema, signal });
    return { company };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { error: serverMessage(error) ?? fallback };
  }
}
