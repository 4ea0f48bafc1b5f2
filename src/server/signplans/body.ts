import "server-only";
import { readJson, withUploadForm, type UploadedFile } from "../api/body";
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

/**
 * Reads a background upload (multipart, field "file", in a temporary file; null without one) up to its
 * limit and runs `handle` on it.
 */
export function withBackgroundFile<T>(req: Request, site: SiteId, handle: (file: UploadedFile | null) => Promise<T>): Promise<T> {
  const t = serverTranslator(site);
  return withUploadForm(
    req,
    site,
    {
      maxFileBytes: MAX_BACKGROUND_BYTES,
      tooLarge: t("api.plans.backgroundTooLarge", { mb: MAX_BACKGROUND_BYTES / 1024 / 1024 }),
      notAForm: t("api.plans.backgroundMissing"),
    },
    (form) => handle(form.file),
  );
}
