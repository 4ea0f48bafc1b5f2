"use client";
/**
 * The company logo for an export (spec 2-content §3, "include company logo"), as the export dialog needs
 * it: the image itself (a Blob, and an object URL to show it), whose it is, and uploading, replacing and
 * removing it. The server decides whose logo the user has (their organisation's or their own; see
 * src/lib/schemas/company-logo.ts) and whether they may change it.
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/client/api";
import { deleteCompanyLogo, fetchCompanyLogo, getCompanyLogoInfo, uploadCompanyLogo } from "@/client/company-logo";
import { useSite } from "@/components/site-context";
import type { CompanyLogoDto } from "@/lib/schemas/company-logo";

/** The logo ready to draw: the renderer reads `blob` (PNG or SVG), the dialog shows `objectUrl`. */
export interface CompanyLogo {
  blob: Blob;
  /** image/png or image/svg+xml: an SVG logo can be drawn as vector into a PDF. */
  contentType: "image/png" | "image/svg+xml";
  /** Pixel size (an SVG's own), for the aspect ratio on the title block. */
  width: number;
  height: number;
  /** An object URL of `blob`, valid while the hook's component is mounted and the logo unchanged. */
  objectUrl: string;
}

export interface CompanyLogoState {
  status: "loading" | "ready" | "error";
  /** The logo, or null when none is set (or while loading). */
  logo: CompanyLogo | null;
  /** Whose logo it is; null until known. */
  scope: CompanyLogoDto["scope"] | null;
  /** Whether the user may upload, replace and remove it. */
  canManage: boolean;
  /** An upload or removal is under way. */
  pending: boolean;
  /** The last failure, in the user's language; null after the next success. */
  error: string | null;
  upload: (file: File) => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * Loads the user's company logo once on mount and keeps it current through `upload` and `remove`.
 * `enabled: false` loads nothing (a field that was handed the state of another hook).
 */
export function useCompanyLogo(options: { enabled?: boolean } = {}): CompanyLogoState {
  const enabled = options.enabled ?? true;
  const t = useTranslations("editorCompanyLogo");
  const site = useSite();
  const [status, setStatus] = useState<CompanyLogoState["status"]>("loading");
  const [logo, setLogo] = useState<CompanyLogo | null>(null);
  const [info, setInfo] = useState<CompanyLogoDto | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Which answer is the newest: a slow load must not overwrite an upload made meanwhile.
  const generation = useRef(0);

  /** Takes the server's answer: fetches the image it names (the stored, re-encoded one) and shows it. */
  const show = useCallback(
    async (next: CompanyLogoDto, mine: number, signal?: AbortSignal) => {
      const blob = next.logo ? await fetchCompanyLogo(next.logo, { site: site.id, signal }) : null;
      if (mine !== generation.current) return;
      setInfo(next);
      setLogo(
        next.logo && blob
          ? {
              blob,
              contentType: next.logo.contentType,
              width: next.logo.width,
              height: next.logo.height,
              objectUrl: URL.createObjectURL(blob),
            }
          : null,
      );
      setStatus("ready");
    },
    [site.id],
  );

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const mine = ++generation.current;
    getCompanyLogoInfo({ toast: false, signal: controller.signal })
      .then((next) => show(next, mine, controller.signal))
      .catch((failure: unknown) => {
        if (controller.signal.aborted || mine !== generation.current) return;
        setStatus("error");
        setError(errorMessage(failure, t("loadFailed")));
      });
    return () => controller.abort();
  }, [enabled, show, t]);

  // Each object URL is released when the logo it shows is replaced, and on unmount.
  useEffect(() => {
    if (!logo) return;
    return () => URL.revokeObjectURL(logo.objectUrl);
  }, [logo]);

  const change = useCallback(
    async (action: () => Promise<CompanyLogoDto>, failedText: string) => {
      const mine = ++generation.current;
      setPending(true);
      setError(null);
      try {
        await show(await action(), mine);
      } catch (failure) {
        if (mine === generation.current) setError(errorMessage(failure, failedText));
      } finally {
        if (mine === generation.current) setPending(false);
      }
    },
    [show],
  );

  const upload = useCallback(
    (file: File) => change(() => uploadCompanyLogo(file, file.name, { toast: false }), t("uploadFailed")),
    [change, t],
  );
  const remove = useCallback(() => change(() => deleteCompanyLogo({ toast: false }), t("removeFailed")), [change, t]);

  return { status, logo, scope: info?.scope ?? null, canManage: info?.canManage ?? false, pending, error, upload, remove };
}
