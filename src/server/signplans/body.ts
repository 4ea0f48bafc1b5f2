import "server-only";
import { FORM_OVERHEAD_BYTES, readForm, readJson } from "../api/body";
import { serverTranslator } from "../i18n";
import { MAX_BACKGROUND_BYTES, MAX_PLAN_CONTENT_BYTES } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

/** A plan body, plain or gzipped: content up to 20 MB (unpacked) plus room for the other fields; beyond it a 413. */
export function readPlanBody(req: Request, site: SiteId): Promise<unknown> {
  const t = serverTranslator(site);
  return readJson(req, site, {
    maxBytes: MAX_PLAN_CONTENT_BYTES + 64 * 1024,
    tooLarge: t("api.plans.tooLarge", { mb: MAX_PLAN_CONTENT_BYTES / 1024 / 1024 }),
  });
}

/** The file of a background upload (multipart, field "file"; null without one), read up to its limit. */
export async function readBackgroundFile(req: Request, site: SiteId): Promise<File | null> {
  const t = serverTranslator(site);
  const form = await readForm(req, site, {
    maxBytes: MAX_BACKGROUND_BYTES + FORM_OVERHEAD_BYTES,
    tooLarge: t("api.plans.backgroundTooLarge", { mb: MAX_BACKGROUND_BYTES / 1024 / 1024 }),
    notAForm: t("api.plans.backgroundMissing"),
  });
  const file = form.get("file");
  return file instanceof File ? file : null;
}
