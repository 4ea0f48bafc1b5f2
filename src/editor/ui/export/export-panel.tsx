"use client";
/**
 * The plan export (spec 2-content §2 "Editor dialogs", §3 "Export", §5, §8): a panel beside the map, so
 * the print frame can be moved on the map while the settings are chosen. Large area: paper, scale and a
 * frame the user places and turns; current screenshot: the screen as it is, at its own scale. The file
 * is made in the browser (src/editor/export/), downloaded, and kept with its settings in the plan's
 * export history, from which it can be downloaded or made again.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import RotateLeftIcon from "@mui/icons-material/RotateLeft";
import RotateRightIcon from "@mui/icons-material/RotateRight";
import CenterFocusStrongIcon from "@mui/icons-material/CenterFocusStrong";
import ZoomOutMapIcon from "@mui/icons-material/ZoomOutMap";
import type OlMap from "ol/Map";
import { toLonLat } from "ol/proj";
import { boundingExtent } from "ol/extent";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { toast } from "react-toastify";
import { ExportResizedError, exportErrorKey } from "../../export/export-errors";
import { CompanyLogoField } from "./company-logo-field";
import { ExportHistory } from "./export-history";
import { fetchExportOrganisation } from "./export-organisation";
import { useCompanyLogo } from "./use-company-logo";
import { PrintFrameOverlay } from "./print-frame-overlay";
import { useBaseMapDpi } from "./use-base-map-dpi";
import { frameOf } from "../../export/export-plan";
import { frameLayout, rasterLayers, runExport, type ExportRequest } from "../../export/export-job";
import type { ExportOrganisation } from "../../export/page-texts";
import { frameTurnOf, rotationAfterFrameTurn, scaleOfResolution } from "../../export/print-frame";
import { toDegrees } from "../../core/map/create-map";
import type { PlanStore } from "../../core/store/plan-store";
import type { ExportLanguage } from "../../kinds/types";
import { useSite } from "@/components/site-context";
import {
  EXPORT_DESCRIPTION_MAX,
  MIN_EXPORT_ZOOM,
  PAPER_SIZES,
  PRINT_DPIS,
  PRINT_SCALES,
  EXPORT_PHASES,
  DEFAULT_SIGN_SIZE_MM,
  SIGN_SIZES_MM,
  type ExportPhases,
  type ExportSettings,
  type PaperSize,
} from "@/lib/schemas/export";
import { usesPhases } from "@/lib/elements/plan-content";
import { ROTATION_STEP_DEG, normalizeRotation } from "@/lib/map/rotation";
import { getSite } from "@/sites/registry";
import { listProjects } from "@/client/projects/projects-api";
import { saveExport } from "@/client/exports";
import { saveBlobAs } from "@/client/save-file";
import { useReturnFocus } from "@/components/use-return-focus";

export interface ExportPanelProps {
  map: OlMap;
  store: PlanStore;
  planId: number;
  planName: string;
  projectId: number;
  /** The plan is drawn on a background image (no base map): no large area, no coordinates (spec §5). */
  hasBackground: boolean;
  onClose: () => void;
}

type Stage = "pictures" | "map" | "drawing" | "file";

/** The panel's width beside the map; the frame is fitted into the rest. */
const PANEL_WIDTH_PX = 380;

/**
 * The settings a new export starts from: the view's centre and rotation, A3 landscape at 1:500; a sewer
 * drawing with its pipe specifications; a page per phase when the plan has elements of one phase only.
 */
export function defaultSettings(map: OlMap, hasBackground: boolean, sewer: boolean, phased: boolean): ExportSettings {
  const view = map.getView();
  const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]);
  return {
    type: hasBackground ? "screenshot" : "largeArea",
    format: "pdf",
    paperSize: "A3",
    landscape: true,
    scale: 500,
    dpi: 300,
    signSizeMm: DEFAULT_SIGN_SIZE_MM,
    center: [lon!, lat!],
    rotation: toDegrees(view.getRotation()),
    coordinates: !hasBackground,
    northArrow: true,
    showScale: true,
    pipeSpecifications: sewer,
    companyLogo: false,
    phases: phased ? "both" : "all",
    signInventory: false,
    pdfA: false,
    projectName: "",
    projectAddress: "",
    description: "",
  };
}

/** A screenshot's settings: the screen's centre, rotation and the scale at which it fits the page's map box. */
function screenshotSettings(map: OlMap, settings: ExportSettings, mapBox: { width: number; height: number }): ExportSettings {
  const view = map.getView();
  const size = map.getSize() ?? [1, 1];
  const center = view.getCenter() ?? [0, 0];
  const [lon, lat] = toLonLat(center);
  const resolution = view.getResolution() ?? 1;
  // The scale at which the screen's width and height both fit on the paper.
  const screenScale = scaleOfResolution(resolution, center);
  const fit = Math.max(((size[0]! * 25.4) / 96 / mapBox.width) * screenScale, ((size[1]! * 25.4) / 96 / mapBox.height) * screenScale);
  const next = { center: [lon!, lat!] as [number, number], rotation: toDegrees(view.getRotation()), scale: Math.max(1, Math.ceil(fit)) };
  // Unchanged settings are kept as they are: a new object would lay the page out again and come back here.
  const same =
    settings.center[0] === next.center[0] &&
    settings.center[1] === next.center[1] &&
    settings.rotation === next.rotation &&
    settings.scale === next.scale;
  return same ? settings : { ...settings, ...next };
}

export function ExportPanel({ map, store, planId, planName, projectId, hasBackground, onClose }: ExportPanelProps) {
  useReturnFocus();
  const t = useTranslations("editorExport");
  const tRoot = useTranslations();
  const format = useFormatter();
  const locale = useLocale();
  const site = useSite();
  const productName = getSite(site.id).productName;
  // Pipes are the sewer site's: the sign-plan sites neither offer nor print their table.
  const sewer = site.planKind === "sewer";
  const [settings, setSettings] = useState<ExportSettings>(() =>
    defaultSettings(map, hasBackground, sewer, usesPhases(store.getContent())),
  );
  const [tab, setTab] = useState<"new" | "history">("new");
  const [historyCount, setHistoryCount] = useState<number | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [progress, setProgress] = useState<{ fraction: number; stage: Stage } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(() => map.getView().getZoom() ?? 0);
  const logoState = useCompanyLogo();
  const logo = logoState.logo?.blob ?? null;
  const controller = useRef<AbortController | null>(null);
  const overlay = useRef<PrintFrameOverlay | null>(null);
  const fitted = useRef(false);
  const update = (patch: Partial<ExportSettings>) => setSettings((current) => ({ ...current, ...patch }));
  const [organisation, setOrganisation] = useState<ExportOrganisation | null>(null);
  /** The user ticked or unticked the logo themselves: it is no longer turned on for them. */
  const logoChosen = useRef(false);

  // The organisation's name and company number are the title block's contractor when the plan names none.
  useEffect(() => {
    let live = true;
    void fetchExportOrganisation().then((found) => live && setOrganisation(found));
    return () => {
      live = false;
    };
  }, []);

  // The company logo is printed by default once there is one (issue 30), unless the user chose otherwise.
  const hasLogo = logoState.status === "ready" && logoState.logo !== null;
  useEffect(() => {
    if (hasLogo && !logoChosen.current) setSettings((current) => (current.companyLogo ? current : { ...current, companyLogo: true }));
  }, [hasLogo]);

  // The project's name is the title block's default project name, unless it is the name every user's own
  // default project gets ("Standardprojekt"), which names no project on a drawing.
  const defaultProjectName = tRoot("api.plans.defaultName");
  useEffect(() => {
    let live = true;
    listProjects("active")
      .then((projects) => {
        const name = projects.find((project) => project.id === projectId)?.name;
        if (live && name && name !== defaultProjectName)
          setSettings((current) => (current.projectName ? current : { ...current, projectName: name }));
      })
      .catch((cause: unknown) => console.warn("export: project name not loaded", cause));
    return () => {
      live = false;
    };
  }, [projectId, defaultProjectName]);

  const subscribe = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  const content = useSyncExternalStore(
    subscribe,
    () => store.getContent(),
    () => store.getContent(),
  );
  // The export's texts in the site's language, for src/editor/export (React-free: it gets functions).
  const language = useMemo<ExportLanguage>(
    () => ({
      t: (key, values) => tRoot(key as never, values as never),
      locale,
      number: (value, digits) => format.number(value, { maximumFractionDigits: digits }),
      date: (day) => format.dateTime(day, { day: "numeric", month: "numeric", year: "numeric" }),
    }),
    [tRoot, locale, format],
  );
  const request = useMemo<ExportRequest>(
    () => ({ settings, site: site.id, productName, planName, content, language, logo, organisation }),
    [settings, site.id, productName, planName, content, language, logo, organisation],
  );

  // The page's map box decides the frame's size on the ground.
  const layout = useMemo(() => frameLayout(request), [request]);

  // A screenshot follows the screen: its centre, rotation and scale are the view's.
  const followView = settings.type === "screenshot";
  const { width: mapBoxWidth, height: mapBoxHeight } = layout.map;
  useEffect(() => {
    const onMove = () => {
      setZoom(map.getView().getZoom() ?? 0);
      if (followView) setSettings((current) => screenshotSettings(map, current, { width: mapBoxWidth, height: mapBoxHeight }));
    };
    onMove();
    map.on("moveend", onMove);
    return () => map.un("moveend", onMove);
  }, [map, followView, mapBoxWidth, mapBoxHeight]);

  // The frame on the map, as long as the panel is open.
  useEffect(() => {
    const shown = new PrintFrameOverlay(
      map,
      (center) => {
        const [lon, lat] = toLonLat(center);
        update({ center: [lon!, lat!] });
      },
      false,
    );
    overlay.current = shown;
    return () => {
      shown.dispose();
      overlay.current = null;
    };
  }, [map]);
  useEffect(() => {
    overlay.current?.setMovable(settings.type === "largeArea" && !progress);
    overlay.current?.show(frameOf(settings, layout.map), t("frame.name", { paper: settings.paperSize, scale: settings.scale }));
    // When the panel opens, the whole frame is brought into sight beside it (zoomed out only as far as that needs).
    const ring = fitted.current ? null : overlay.current?.ring();
    if (ring) {
      fitted.current = true;
      const view = map.getView();
      view.fit(boundingExtent(ring), { padding: [48, PANEL_WIDTH_PX + 24, 48, 48], maxZoom: view.getZoom(), duration: 0 });
    }
  }, [settings, layout, progress, t, map]);

  const baseMapDpi = useBaseMapDpi(map, rasterLayers, frameOf(settings, layout.map), settings.dpi);
  /** Turns the frame on the map `clockwise` degrees (the settings keep the page's turn, the other way round). */
  const turn = (clockwise: number) => update({ rotation: normalizeRotation(rotationAfterFrameTurn(settings.rotation, clockwise)) });
  const centreFrame = () => {
    const [lon, lat] = toLonLat(map.getView().getCenter() ?? [0, 0]);
    update({ center: [lon!, lat!] });
  };
  const fitFrame = () => {
    const ring = overlay.current?.ring();
    if (ring) map.getView().fit(boundingExtent(ring), { padding: [40, 40, 40, 40], duration: 250 });
  };

  const tooFar = zoom < MIN_EXPORT_ZOOM;
  const busy = progress !== null;

  const run = useCallback(async () => {
    setError(null);
    // A logo asked for must be there to be printed: a page without it is not what the user chose.
    if (settings.companyLogo && logoState.status === "loading") return setError(t("errors.imageNotLoaded"));
    if (settings.companyLogo && !logo) return setError(t("errors.noLogo"));
    const abort = new AbortController();
    controller.current = abort;
    const onResize = () => abort.abort(new ExportResizedError());
    window.addEventListener("resize", onResize);
    setProgress({ fraction: 0, stage: "pictures" });
    try {
      // The plan as it is now, also when it changed since the panel last rendered.
      const result = await runExport(
        { ...request, content: store.getContent() },
        { layers: rasterLayers(map), signal: abort.signal, onProgress: (fraction, stage) => setProgress({ fraction, stage }) },
      );
      saveBlobAs(result.blob, result.fileName);
      toast.success(t("done", { file: result.fileName }));
      saveExport(planId, settings, result.blob, result.fileName)
        .then(() => setHistoryVersion((v) => v + 1))
        .catch((cause: unknown) => {
          console.error("export: not kept in the history", cause);
          toast.warning(t("savedFailed"));
        });
    } catch (cause) {
      const key = exportErrorKey(abort.signal.aborted ? (abort.signal.reason ?? cause) : cause, settings.format);
      if (key !== "cancelled") console.error("export failed", cause);
      setError(t(`errors.${key}`));
    } finally {
      window.removeEventListener("resize", onResize);
      controller.current = null;
      setProgress(null);
    }
  }, [request, map, planId, settings, store, t, logo, logoState.status]);

  useEffect(() => () => controller.current?.abort(), []);

  const largeArea = settings.type === "largeArea";
  return (
    <Paper
      elevation={6}
      square
      sx={{
        position: "absolute",
        top: 0,
        right: 0,
        bottom: 0,
        width: 380,
        maxWidth: "100%",
        display: "flex",
        flexDirection: "column",
        zIndex: 5,
      }}
      data-testid="export-panel"
      role="region"
      aria-label={t("title")}
    >
      <Box sx={{ display: "flex", alignItems: "center", px: 2, pt: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t("title")}
        </Typography>
        <IconButton aria-label={t("close")} onClick={onClose} disabled={busy} data-testid="export-close">
          <CloseIcon />
        </IconButton>
      </Box>
      <Tabs value={tab} onChange={(_, value: "new" | "history") => setTab(value)} variant="fullWidth" sx={{ px: 1 }}>
        <Tab value="new" label={t("tabs.new")} data-testid="export-tab-new" />
        <Tab value="history" label={t("tabs.history", { count: historyCount ?? "…" })} data-testid="export-tab-history" />
      </Tabs>
      <Divider />
      <Box sx={{ flex: 1, overflowY: "auto", px: 2, py: 1.5 }} hidden={tab !== "new"}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="overline" component="h3">
              {t("type.label")}
            </Typography>
            <ToggleButtonGroup
              exclusive
              fullWidth
              orientation="vertical"
              size="small"
              value={settings.type}
              onChange={(_, value: ExportSettings["type"] | null) => value && update({ type: value })}
              disabled={busy}
            >
              <Tooltip title={hasBackground ? t("type.largeAreaUnavailable") : ""}>
                <span style={{ display: "flex" }}>
                  <ToggleButton value="largeArea" disabled={hasBackground || busy} sx={{ flex: 1 }} data-testid="export-type-largeArea">
                    {t("type.largeArea")}
                  </ToggleButton>
                </span>
              </Tooltip>
              <ToggleButton value="screenshot" data-testid="export-type-screenshot">
                {t("type.screenshot")}
              </ToggleButton>
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {largeArea ? t("type.largeAreaHint") : t("type.screenshotHint")}
            </Typography>
          </Box>

          <Box>
            <Typography variant="overline" component="h3">
              {t("paper.label")}
            </Typography>
            <Stack direction="row" spacing={1.5}>
              <TextField
                select
                size="small"
                label={t("paper.size")}
                value={settings.paperSize}
                onChange={(event) => update({ paperSize: event.target.value as PaperSize })}
                disabled={busy}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { "data-testid": "export-paper" } }}
              >
                {PAPER_SIZES.map((size) => (
                  <MenuItem key={size} value={size}>
                    {size}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t("paper.orientation")}
                value={settings.landscape ? "landscape" : "portrait"}
                onChange={(event) => update({ landscape: event.target.value === "landscape" })}
                disabled={busy}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { "data-testid": "export-orientation" } }}
              >
                <MenuItem value="landscape">{t("paper.landscape")}</MenuItem>
                <MenuItem value="portrait">{t("paper.portrait")}</MenuItem>
              </TextField>
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
              {largeArea ? (
                <TextField
                  select
                  size="small"
                  label={t("paper.scale")}
                  value={settings.scale}
                  onChange={(event) => update({ scale: Number(event.target.value) })}
                  disabled={busy}
                  sx={{ flex: 1 }}
                  slotProps={{ htmlInput: { "data-testid": "export-scale" } }}
                >
                  {PRINT_SCALES.map((scale) => (
                    <MenuItem key={scale} value={scale}>
                      1:{scale}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Typography variant="body2" sx={{ flex: 1, alignSelf: "center" }} data-testid="export-screenshot-scale">
                  {t("paper.screenshotScale", { scale: settings.scale })}
                </Typography>
              )}
              <TextField
                select
                size="small"
                label={t("paper.dpi")}
                value={settings.dpi}
                onChange={(event) => update({ dpi: Number(event.target.value) as ExportSettings["dpi"] })}
                disabled={busy}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { "data-testid": "export-dpi" } }}
              >
                {PRINT_DPIS.map((dpi) => (
                  <MenuItem key={dpi} value={dpi}>
                    {t("paper.dpiOption", { dpi })}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {baseMapDpi < settings.dpi && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="export-base-map-dpi">
                {t("paper.baseMapDpi", { dpi: baseMapDpi })}
              </Typography>
            )}
            <TextField
              select
              size="small"
              fullWidth
              label={t("signSize.label")}
              value={settings.signSizeMm}
              onChange={(event) => update({ signSizeMm: Number(event.target.value) as ExportSettings["signSizeMm"] })}
              disabled={busy}
              sx={{ mt: 1.5 }}
              slotProps={{ htmlInput: { "data-testid": "export-sign-size" } }}
            >
              {SIGN_SIZES_MM.map((mm) => (
                <MenuItem key={mm} value={mm}>
                  {t(mm === DEFAULT_SIGN_SIZE_MM ? "signSize.defaultOption" : "signSize.option", { mm })}
                </MenuItem>
              ))}
            </TextField>
          </Box>

          {largeArea && (
            <Box>
              <Typography variant="overline" component="h3">
                {t("frame.label")}
              </Typography>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
                <Tooltip title={t("frame.turnLeft")}>
                  <span>
                    <IconButton
                      aria-label={t("frame.turnLeft")}
                      onClick={() => turn(-ROTATION_STEP_DEG)}
                      disabled={busy}
                      data-testid="export-turn-left"
                    >
                      <RotateLeftIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Typography variant="body2" sx={{ minWidth: 96, textAlign: "center" }} data-testid="export-rotation">
                  {t("frame.rotation", { degrees: frameTurnOf(settings.rotation) })}
                </Typography>
                <Tooltip title={t("frame.turnRight")}>
                  <span>
                    <IconButton
                      aria-label={t("frame.turnRight")}
                      onClick={() => turn(ROTATION_STEP_DEG)}
                      disabled={busy}
                      data-testid="export-turn-right"
                    >
                      <RotateRightIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Box sx={{ flex: 1 }} />
                <Tooltip title={t("frame.center")}>
                  <span>
                    <IconButton aria-label={t("frame.center")} onClick={centreFrame} disabled={busy}>
                      <CenterFocusStrongIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={t("frame.fit")}>
                  <IconButton aria-label={t("frame.fit")} onClick={fitFrame}>
                    <ZoomOutMapIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Box>
          )}

          <Box>
            <Typography variant="overline" component="h3">
              {t("settings.label")}
            </Typography>
            <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr" }}>
              <Tooltip title={hasBackground ? t("settings.coordinatesUnavailable") : ""}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={settings.coordinates && !hasBackground}
                      onChange={(_, checked) => update({ coordinates: checked })}
                    />
                  }
                  label={t("settings.coordinates")}
                  disabled={hasBackground || busy}
                />
              </Tooltip>
              <FormControlLabel
                control={<Checkbox checked={settings.northArrow} onChange={(_, checked) => update({ northArrow: checked })} />}
                label={t("settings.northArrow")}
                disabled={busy}
              />
              <FormControlLabel
                control={<Checkbox checked={settings.showScale} onChange={(_, checked) => update({ showScale: checked })} />}
                label={t("settings.scale")}
                disabled={busy}
              />
              <Tooltip title={t("settings.signInventoryPdfOnly")}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={settings.signInventory && settings.format === "pdf"}
                      onChange={(_, checked) => update({ signInventory: checked })}
                      slotProps={{ input: { "data-testid": "export-sign-inventory" } as object }}
                    />
                  }
                  label={t("settings.signInventory")}
                  disabled={busy || settings.format !== "pdf"}
                />
              </Tooltip>
              <Tooltip title={t("settings.pdfAHint")}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={settings.pdfA && settings.format === "pdf"}
                      onChange={(_, checked) => update({ pdfA: checked })}
                      slotProps={{ input: { "data-testid": "export-pdf-a" } as object }}
                    />
                  }
                  label={t("settings.pdfA")}
                  disabled={busy || settings.format !== "pdf"}
                />
              </Tooltip>
              {sewer && (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={settings.pipeSpecifications}
                      onChange={(_, checked) => update({ pipeSpecifications: checked })}
                      slotProps={{ input: { "data-testid": "export-pipe-specifications" } as object }}
                    />
                  }
                  label={t("settings.pipeSpecifications")}
                  disabled={busy}
                />
              )}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={settings.companyLogo}
                    onChange={(_, checked) => {
                      logoChosen.current = true;
                      update({ companyLogo: checked });
                    }}
                    slotProps={{ input: { "data-testid": "export-company-logo" } as object }}
                  />
                }
                label={t("settings.companyLogo")}
                disabled={busy}
                sx={{ gridColumn: "1 / -1" }}
              />
            </Box>
            {settings.companyLogo && (
              <Box sx={{ mb: 1 }}>
                <CompanyLogoField state={logoState} />
              </Box>
            )}
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              <TextField
                size="small"
                label={t("settings.projectName")}
                value={settings.projectName}
                onChange={(event) => update({ projectName: event.target.value })}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 200, "data-testid": "export-project-name" } }}
              />
              <TextField
                size="small"
                label={t("settings.projectAddress")}
                value={settings.projectAddress}
                onChange={(event) => update({ projectAddress: event.target.value })}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: 200, "data-testid": "export-project-address" } }}
              />
              <TextField
                size="small"
                multiline
                minRows={2}
                maxRows={6}
                label={t("settings.description")}
                value={settings.description}
                onChange={(event) => update({ description: event.target.value.slice(0, EXPORT_DESCRIPTION_MAX) })}
                disabled={busy}
                helperText={t("settings.descriptionCount", { count: settings.description.length, max: EXPORT_DESCRIPTION_MAX })}
                slotProps={{ htmlInput: { maxLength: EXPORT_DESCRIPTION_MAX, "data-testid": "export-description" } }}
              />
            </Stack>
          </Box>

          <Box>
            <Typography variant="overline" component="h3">
              {t("phases.label")}
            </Typography>
            <TextField
              select
              fullWidth
              size="small"
              label={t("phases.pages")}
              value={settings.phases}
              onChange={(event) => update({ phases: event.target.value as ExportPhases })}
              disabled={busy}
              helperText={t(`phases.hints.${settings.phases}`)}
              slotProps={{ htmlInput: { "data-testid": "export-phases" } }}
            >
              {EXPORT_PHASES.map((phases) => (
                // A JPG is one picture: a page per phase needs a PDF.
                <MenuItem
                  key={phases}
                  value={phases}
                  disabled={phases === "both" && settings.format === "jpg"}
                  data-testid={`export-phases-${phases}`}
                >
                  {t(`phases.options.${phases}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>

          <Box>
            <Typography variant="overline" component="h3">
              {t("format.label")}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={settings.format}
              onChange={(_, value: ExportSettings["format"] | null) => {
                if (!value) return;
                // A JPG holds one page: of a plan exported a page per phase, the active phase's.
                update(value === "jpg" && settings.phases === "both" ? { format: value, phases: "active" } : { format: value });
              }}
              disabled={busy}
            >
              <ToggleButton value="pdf" data-testid="export-format-pdf">
                {t("format.pdf")}
              </ToggleButton>
              <ToggleButton value="jpg" data-testid="export-format-jpg">
                {t("format.jpg")}
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </Stack>
      </Box>
      <Box sx={{ flex: 1, overflowY: "auto", px: 2, py: 1.5 }} hidden={tab !== "history"}>
        <ExportHistory
          planId={planId}
          version={historyVersion}
          onCount={setHistoryCount}
          onUse={(used) => {
            setSettings({ ...used, type: hasBackground ? "screenshot" : used.type });
            setTab("new");
          }}
        />
      </Box>
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }} hidden={tab !== "new"}>
        {tooFar && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="export-min-zoom">
            {t("minZoom", { zoom: MIN_EXPORT_ZOOM })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="export-error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {progress ? (
          <Stack spacing={1} data-testid="export-progress">
            <Typography variant="body2">
              {t(`progress.${progress.stage}`)} {t("progress.percent", { percent: Math.round(progress.fraction * 100) })}
            </Typography>
            <LinearProgress variant="determinate" value={progress.fraction * 100} />
            <Button onClick={() => controller.current?.abort()} data-testid="export-cancel">
              {t("cancel")}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" fullWidth disabled={tooFar} onClick={() => void run()} data-testid="export-submit">
            {t("submit")}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
