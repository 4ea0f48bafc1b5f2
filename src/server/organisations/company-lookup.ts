import "server-only";
import * as z from "zod";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { getConfig } from "../config";
import { log } from "../log";
import { fetchOutsideJson } from "../outside-json";
import { serverTranslator } from "../i18n";
import { companyNumberKind } from "@/lib/company-number";
import type { CompanyLookupDto } from "@/lib/schemas/organisation";
import { SITES, type SiteId } from "@/sites/registry";

/*
 * The company look-up behind the organisation forms (issue 30, core §7 "CVR lookup by number or company
 * name"): one call to a service shaped like cvrapi.dk, `GET <url>?search=…&country=dk`. Such a service
 * answers its own errors with HTTP 200 and an `error` field (QUOTA_EXCEEDED, BANNED, INTERNAL_ERROR, and
 * NOT_FOUND when no company matches). Only "no such company" is the user's to fix (404); everything
 * else the service does wrong is a 503 that tells them to fill the fields in by hand, so the form is
 * never stuck waiting for a register.
 */

/** The part of the service's answer we use; vat is a number at cvrapi.dk, a string elsewhere. */
const serviceAnswerSchema = z.object({
  error: z.string().optional(),
  name: z.string().min(1).optional(),
  vat: z.union([z.number(), z.string()]).optional(),
  address: z.string().nullish(),
  zipcode: z.union([z.string(), z.number()]).nullish(),
  city: z.string().nullish(),
});

/** Where a site looks companies up, and which register (country) it asks; null: the site has no look-up. */
export function companyLookupService(site: SiteId): { url: string; country: "dk" | "se" } | null {
  const config = getConfig();
  const danish = companyNumberKind(SITES[site].companyIdLength) === "cvr";
  const url = (danish ? config.CVR_LOOKUP_URL : config.ORG_NUMBER_LOOKUP_URL).trim();
  return url ? { url, country: danish ? "dk" : "se" } : null;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value).trim());

/** GET /users/cvrLookup: the company the service finds for a number or a name. */
export async function lookUpCompany(call: CallContext, search: string): Promise<CompanyLookupDto> {
  const t = serverTranslator(call.site);
  const service = companyLookupService(call.site);
  if (!service) throw new ApiError(503, t("api.companyLookup.unavailable"), { code: "COMPANY_LOOKUP_UNAVAILABLE" });
  const down = (reason: string) => {
    log.warn("company-lookup", `the service failed: ${reason}`);
    return new ApiError(503, t("api.companyLookup.down"), { code: "COMPANY_LOOKUP_DOWN" });
  };

  const url = new URL(service.url);
  url.searchParams.set("search", search);
  url.searchParams.set("country", service.country);
  const answer = await fetchOutsideJson(url, {
    // cvrapi.dk refuses requests that do not say who is asking.
    headers: { "user-agent": `${SITES[call.site].productName} - ${getConfig().STAFF_EMAIL}` },
    timeoutMs: getConfig().COMPANY_LOOKUP_TIMEOUT_MS,
  });
  if (!answer.ok) throw down(answer.reason);
  const parsed = serviceAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw down(`an answer of another shape (HTTP ${answer.status})`);
  const found = parsed.data;
  // cvrapi.dk also answers NOT_FOUND with a 404; either way it is the search that found nothing.
  if (found.error === "NOT_FOUND") throw new ApiError(404, t("api.companyLookup.notFound"), { code: "COMPANY_NOT_FOUND" });
  if (found.error) throw down(found.error);
  if (!answer.statusOk || !found.name || found.vat === undefined) throw down(`HTTP ${answer.status} without a company`);
  return {
    name: found.name.trim(),
    // cvrapi.dk answers the number as a JSON number, which drops leading zeros.
    cvr_number: /^\d+$/.test(text(found.vat)) ? text(found.vat).padStart(SITES[call.site].companyIdLength, "0") : text(found.vat),
    address: text(found.address),
    zipcode: text(found.zipcode),
    city: text(found.city),
  };
}
