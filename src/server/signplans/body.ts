import "server-only";
import { readJson } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

/** A plan body, plain or gzipped: content up to 20 MB (unpacked) plus room for the other fields; beyond it a 413. */
export function readPlanBody(req: Request, site: SiteId): Promise<unknown> {
  const t = serverTranslator(site);
  return readJson(req, site, { maxBytes: MAX_PLAN_CONTENT_BYTES + 64 * 1024, tooLarge: t("api.plans.tooLarge", { mb: MAX_PLAN_CONTENT_BYTES / 1024 / 1024 }) });
}
