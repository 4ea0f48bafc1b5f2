"use client";
/**
 * Shows a plan's background image or PDF on the editor's map: fetches the file once per plan, decodes
 * or renders it, adds it as a layer while the map exists, and frees everything when the plan closes.
 * It shows nothing itself; the caller displays the status and the error.
 */
import type { Extent } from "ol/extent";
import type OlMap from "ol/Map";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  BACKGROUND_ANCHOR,
  backgroundGeometry,
  createBackgroundLayer,
  disposeBackgroundImage,
  loadBackgroundImage,
  type BackgroundImage,
  type BackgroundKind,
} from "../../core/map/background/plan-background";
import { ApiRequestError } from "@/client/api";
import { fetchPlanBackground } from "@/client/projects/background-api";
import type { Position } from "@/lib/elements/common";
import { groundLongestSideM } from "@/lib/map/paper";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/site-ids";

export type PlanBackgroundStatus = "none" | "loading" | "ready" | "error";

export interface PlanBackgroundState {
  /** none: the plan has no background (show the base maps); ready: decoded (and on the map, once there is one). */
  status: PlanBackgroundStatus;
  /** Paper size and scale are both known: ruler and true sizes are available. Known before loading. */
  trueScale: boolean;
  /** The image's extent in EPSG:3857, once decoded. */
  extent?: Extent;
  /** The failure: an ApiRequestError when the file could not be fetched, else a decoding error. */
  error?: unknown;
  /**
   * The text for the failure under `editorMap`: show `errorMessage(error, t(errorKey))` so the server's
   * own message wins for a refused request (a 404 for a revoked link, say).
   */
  errorKey?: "background.loadFailed" | "background.renderFailed";
}

export interface UsePlanBackgroundOptions {
  /**
   * Fit the view to the image once it has loaded, the first time for this plan: for a plan opened with
   * no saved view of its own. Read when the image arrives, so it may change meanwhile.
   */
  fitOnLoad?: boolean;
  /** The site header for the file request (see fetchPlanBackground). */
  site?: SiteId;
  /** Where the image lies; BACKGROUND_ANCHOR unless a test wants another latitude. */
  anchor?: Readonly<Position>;
  /** Pixels kept free around the image when fitting (toolbars over the map). */
  fitPadding?: [number, number, number, number];
}

export type BackgroundPlan = Pick<SignplanSummaryDto, "id" | "backgroundKind" | "paperSize" | "scale">;

interface Loaded {
  key: string;
  image?: BackgroundImage;
  error?: unknown;
}

const DEFAULT_FIT_PADDING: [number, number, number, number] = [24, 24, 24, 24];

export function usePlanBackground(
  map: OlMap | null,
  plan: BackgroundPlan | null | undefined,
  viewToken?: string,
  options: UsePlanBackgroundOptions = {},
): PlanBackgroundState {
  const planId = plan?.id;
  const kind: BackgroundKind | null = plan?.backgroundKind ?? null;
  const paperSize = plan?.paperSize ?? null;
  const scale = plan?.scale ?? null;
  const [anchorLon, anchorLat] = options.anchor ?? BACKGROUND_ANCHOR;
  const key = planId !== undefined && kind ? `${planId}:${kind}:${viewToken ?? ""}` : null;

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Values read when the image arrives, not reasons to fetch or place it again.
  const latest = useRef({
    fitOnLoad: options.fitOnLoad ?? false,
    site: options.site,
    fitPadding: options.fitPadding ?? DEFAULT_FIT_PADDING,
  });
  useEffect(() => {
    latest.current = { fitOnLoad: options.fitOnLoad ?? false, site: options.site, fitPadding: options.fitPadding ?? DEFAULT_FIT_PADDING };
  });
  const fittedKey = useRef<string | null>(null);

  // Fetch and decode once per plan (and token). The decoded pixels are freed when the plan changes or
  // the editor closes; a result that arrives after that is freed at once.
  useEffect(() => {
    if (key === null || planId === undefined || !kind) return;
    const controller = new AbortController();
    let image: BackgroundImage | null = null;
    fetchPlanBackground(planId, viewToken, { site: latest.current.site, signal: controller.signal })
      .then((blob) => loadBackgroundImage(blob, kind))
      .then((decoded) => {
        if (controller.signal.aborted) return disposeBackgroundImage(decoded);
        image = decoded;
        setLoaded({ key, image: decoded });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("The plan's background could not be shown", error);
        setLoaded({ key, error });
      });
    return () => {
      controller.abort();
      if (image) disposeBackgroundImage(image);
    };
  }, [key, planId, kind, viewToken]);

  const current = loaded?.key === key ? loaded : null;
  const image = current?.image;

  // The layer lives while both the map and the image do.
  useEffect(() => {
    if (!map || !image || key === null) return;
    const { layer, extent } = createBackgroundLayer({ image, center: [anchorLon, anchorLat], paperSize, scale });
    map.addLayer(layer);
    if (latest.current.fitOnLoad && fittedKey.current !== key) {
      fittedKey.current = key;
      map.getView().fit(extent, { padding: latest.current.fitPadding, size: map.getSize() });
    }
    return () => {
      map.removeLayer(layer);
      layer.dispose();
    };
  }, [map, image, key, paperSize, scale, anchorLon, anchorLat]);

  const extent = useMemo(
    () => (image ? backgroundGeometry(image, { center: [anchorLon, anchorLat], paperSize, scale }).extent : undefined),
    [image, anchorLon, anchorLat, paperSize, scale],
  );
  const trueScale = groundLongestSideM(paperSize, scale) !== null;

  if (key === null) return { status: "none", trueScale: false };
  if (current?.error !== undefined) {
    return {
      status: "error",
      trueScale,
      error: current.error,
      errorKey: current.error instanceof ApiRequestError ? "background.loadFailed" : "background.renderFailed",
    };
  }
  if (image) return { status: "ready", trueScale, extent };
  return { status: "loading", trueScale };
}
