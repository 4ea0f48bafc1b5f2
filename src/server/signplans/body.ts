import "server-only";
import { readJsonLimited } from "../api/handler";
import { serverTranslator } from "../i18n";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

/** A plan body: content up to 20 MB plus room for the other fields; beyond it a 413. */
export function readPlanBody(req: Request, site: SiteId): Promise<unknown> {
  const message = serverTranslator(site)("api.plans.tooLarge", { mb: MAX_PLAN_CONTENT_BYTES / 1024 / 1024 });
  return readJsonLimited(req, MAX_PLAN_CONTENT_BYTES + 64 * 1024, message);
}
