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
import type BaseLayer from "ol/layer/Base";
import { toLonLat } from "ol/proj";
import { boundingExtent } from "ol/extent";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { toast } from "react-toastify";
import { ExportResizedError, exportErrorKey } from "./export-errors";
import { CompanyLogoField } from "./company-logo-field";
import { ExportHistory } from "./export-history";
import { useCompanyLogo } from "./use-company-logo";
import { PrintFrameOverlay } from "./print-frame-overlay";
import { useBaseMapDpi } from "./use-base-map-dpi";
import { exportPlan, frameOf, titleContent, type ExportJob, type ExportPage } from "../../export/export-plan";
import type { SignInventoryRow } from "../../export/sign-inventory";
import { loadSignInventory, useInventoryTexts } from "../sign-inventory/inventory";
import { layoutFor, type PageTexts } from "../../export/page-svg";
import { pipeSpecifications, type PipeSpecNames } from "../../export/pipe-specifications";
import { formatMetres } from "../../kinds/measure";
import { frameTurnOf, rotationAfterFrameTurn, scaleOfResolution } from "../../export/print-frame";
import { toDegrees } from "../../core/map/create-map";
import type { ElementRef, PlanStore } from "../../core/store/plan-store";
import { DRAWABLE_KINDS } from "../../kinds/registry";
import type { ElementKind } from "@/lib/elements/registry";
import { useSite } from "@/components/site-context";
import {
  EXPORT_DESCRIPTION_MAX,
  MIN_EXPORT_ZOOM,
  PAPER_SIZES,
  PRINT_DPIS,
  PRINT_SCALES,
  EXPORT_PHASES,
  phasePagesOf,
  type ExportPhases,
  type ExportSettings,
  type PaperSize,
} from "@/lib/schemas/export";
import { contentInPhase, usesPhases } from "@/lib/elements/plan-content";
import { inPhase, type PlanPhase } from "@/lib/elements/phase";
import { ROTATION_STEP_DEG, normalizeRotation } from "@/lib/map/rotation";
import { getSite } from "@/sites/registry";
import { listProjects } from "@/client/projects/projects-api";
import { saveExport } from "@/client/exports";
import { saveBlobAs } from "@/client/save-file";

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
    center: [lon!, lat!],
    rotation: toDegrees(view.getRotation()),
    coordinates: !hasBackground,
    northArrow: true,
    showScale: true,
    pipeSpecifications: sewer,
    companyLogo: false,
    phases: phased ? "both" : "all",
    signInventory: false,
    projectName: "",
    projectAddress: "",
    description: "",
  };
}

/** The visible raster layers of the editor's map: what lies under the drawing. */
function rasterLayers(map: OlMap): BaseLayer[] {
  return map
    .getLayers()
    .getArray()
    .filter((layer) => layer.getVisible() && !["elements", "print-frame"].includes(layer.get("name") as string));
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
  return { ...settings, center: [lon!, lat!], rotation: toDegrees(view.getRotation()), scale: Math.max(1, Math.ceil(fit)) };
}

export function ExportPanel({ map, store, planId, planName, projectId, hasBackground, onClose }: ExportPanelProps) {
  const t = useTranslations("editorExport");
  const tEditor = useTranslations("editor");
  const tPipes = useTranslations("editorPipes");
  const format = useFormatter();
  const locale = useLocale();
  const { sizeText, nameOf, detailsOf } = useInventoryTexts();
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

  // The project's name is the title block's default project name.
  useEffect(() => {
    let live = true;
    listProjects("active")
      .then((projects) => {
        const name = projects.find((project) => project.id === projectId)?.name;
        if (live && name) setSettings((current) => (current.projectName ? current : { ...current, projectName: name }));
      })
      .catch((cause: unknown) => console.warn("export: project name not loaded", cause));
    return () => {
      live = false;
    };
  }, [projectId]);

  const subscribe = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  const planInfo = useSyncExternalStore(
    subscribe,
    () => store.getPlanInfo(),
    () => store.getPlanInfo(),
  );
  const pipeList = useSyncExternalStore(
    subscribe,
    () => store.getContent().pipes,
    () => store.getContent().pipes,
  );
  const pipes = useMemo(() => {
    if (!sewer) return [];
    const names: PipeSpecNames = { waterKind: (kind) => tPipes(`waterKinds.${kind}`), pipe: t("pipeTypes.pipe"), locale };
    return pipeSpecifications(pipeList, names);
  }, [sewer, pipeList, t, tPipes, locale]);
  /** The page's texts; a page of one phase names it, a page of the whole plan the phase the plan information gives. */
  const textsFor = useCallback(
    (phase: PlanPhase | null): PageTexts => {
      const shownPhase = phase ?? planInfo.phase;
      const period = [planInfo.periodFrom, planInfo.periodTo]
        .filter((day): day is string => !!day)
        .map((day) => format.dateTime(new Date(`${day}T12:00:00`), { day: "numeric", month: "numeric", year: "numeric" }))
        .join(" – ");
      const responsible = [
        planInfo.responsiblePerson,
        planInfo.responsiblePhone ? t("page.phone", { phone: planInfo.responsiblePhone }) : "",
      ]
        .filter(Boolean)
        .join(", ");
      return {
        legend: t("page.legend"),
        legendMore: (count) => t("page.legendMore", { count }),
        count: (count) => t("page.count", { count }),
        scale: t("page.scale"),
        coordinates: (grid) => t("page.coordinates", { grid }),
        centre: t("page.centre"),
        date: t("page.date"),
        description: t("page.description"),
        footer: t("page.footer", { product: productName }),
        north: t("page.north"),
        decimal: (value) => format.number(value, { maximumFractionDigits: 2 }),
        pipes: {
          title: t("page.pipes.title"),
          name: t("page.pipes.name"),
          dimension: t("page.pipes.dimension"),
          material: t("page.pipes.material"),
          length: t("page.pipes.length"),
          total: t("page.pipes.total"),
          more: (count) => t("page.pipes.more", { count }),
          metres: (metres) => formatMetres(metres, locale),
        },
        rows: [
          { label: t("page.phase"), value: shownPhase ? t(`page.phases.${shownPhase}`) : "" },
          { label: t("page.period"), value: period },
          { label: t("page.planNumber"), value: planInfo.planNumber ?? "" },
          { label: t("page.responsible"), value: responsible },
          { label: t("page.contractor"), value: planInfo.contractor ?? "" },
          { label: t("page.client"), value: planInfo.client ?? "" },
        ],
      };
    },
    [t, format, planInfo, productName, locale],
  );
  const pagePhases = useMemo(() => phasePagesOf(settings.phases), [settings.phases]);

  const job = useMemo(
    () => ({
      settings,
      site: site.id,
      productName,
      planName,
      date: format.dateTime(new Date(), { day: "numeric", month: "numeric", year: "numeric" }),
      logo,
      pipes,
    }),
    [settings, site.id, productName, planName, format, logo, pipes],
  );

  // The page's map box decides the frame's size on the ground.
  const layout = useMemo(
    () => layoutFor(settings.paperSize, settings.landscape, titleContent(job, textsFor(pagePhases[0]!), null)),
    [job, settings.paperSize, settings.landscape, textsFor, pagePhases],
  );

  // A screenshot follows the screen: its centre, rotation and scale are the view's.
  const followView = settings.type === "screenshot";
  useEffect(() => {
    const onMove = () => {
      setZoom(map.getView().getZoom() ?? 0);
      if (followView) setSettings((current) => screenshotSettings(map, current, layout.map));
    };
    onMove();
    map.on("moveend", onMove);
    return () => map.un("moveend", onMove);
  }, [map, followView, layout.map]);

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
      const content = store.getContent();
      const rowName = (row: SignInventoryRow) => [nameOf(row), ...detailsOf(row)].join(", ");
      const legendOf = (rows: readonly SignInventoryRow[]) =>
        rows.map((row) => ({ src: row.imageUrl, code: row.code, name: rowName(row), count: row.count }));
      // Each page's signs, counted in what it shows: the whole plan or one phase.
      const pageRows = await Promise.all(pagePhases.map((phase) => loadSignInventory(contentInPhase(content, phase ?? "all"), locale)));
      const all = store.allElements();
      const pages: ExportPage[] = pagePhases.map((phase, index) => {
        const elements = all.filter((ref) => inPhase(ref.element, phase ?? "all"));
        return { elements, texts: textsFor(phase), legend: legendOf(pageRows[index]!), legendDrawings: legendDrawings(elements, tEditor) };
      });
      // The inventory lists what the pages show: one page's signs, or every sign of the plan.
      const rows = pageRows.length === 1 ? pageRows[0]! : await loadSignInventory(content, locale);
      const exportJob: ExportJob = {
        ...job,
        pages,
        layers: rasterLayers(map),
        inventory:
          settings.signInventory && settings.format === "pdf"
            ? {
                rows: rows.map((row) => ({
                  src: row.imageUrl,
                  code: row.code,
                  name: rowName(row),
                  size: sizeText(row.size),
                  count: row.count,
                })),
                texts: {
                  title: t("page.inventoryTitle"),
                  planName,
                  subtitle: `${productName} · ${job.date}`,
                  columns: {
                    code: t("page.inventoryCode"),
                    name: t("page.inventoryName"),
                    size: t("page.inventorySize"),
                    count: t("page.inventoryCount"),
                  },
                  total: t("page.inventoryTotal"),
                  pageOf: (page, pages) => t("page.pageOf", { page, pages }),
                },
              }
            : null,
        signal: abort.signal,
        onProgress: (fraction, stage) => setProgress({ fraction, stage }),
      };
      const result = await exportPlan(exportJob);
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
  }, [
    job,
    map,
    planId,
    settings,
    store,
    t,
    locale,
    nameOf,
    detailsOf,
    sizeText,
    planName,
    productName,
    logo,
    logoState.status,
    tEditor,
    textsFor,
    pagePhases,
  ]);

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
                control={<Checkbox checked={settings.companyLogo} onChange={(_, checked) => update({ companyLogo: checked })} />}
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

/**
 * Kinds that are no drawing of the site: what is measured (a ruler, a width dimension: its label says
 * what it is) or written (a text), and signs (their own rows).
 */
const NOT_IN_LEGEND = new Set<ElementKind>(["sign", "text", "ruler", "dimension"]);

/**
 * One legend row per look of the plan's drawings: per kind, per style for road markings (a dashed
 * centre line and give-way triangles are different symbols) and per pipe type (foul and rain water are
 * told apart by colour and dash), in the toolbar's order of kinds.
 */
export function legendDrawings(refs: readonly ElementRef[], t: ReturnType<typeof useTranslations<"editor">>) {
  const rows = new Map<string, { template: ElementRef; label: string }>();
  for (const kind of DRAWABLE_KINDS) {
    if (NOT_IN_LEGEND.has(kind)) continue;
    for (const ref of refs) {
      if (ref.kind !== kind) continue;
      const { key, label } = legendRowOf(ref, t);
      if (!rows.has(key)) rows.set(key, { template: ref, label });
    }
  }
  return [...rows.values()];
}

function legendRowOf(ref: ElementRef, t: ReturnType<typeof useTranslations<"editor">>): { key: string; label: string } {
  const name = t(`kinds.${ref.kind}`);
  if (ref.kind === "roadMarking") {
    const style = ref.element.style;
    return { key: `roadMarking|${style}`, label: `${name}: ${t(`styleDialog.options.style.${style}` as never)}` };
  }
  if (ref.kind === "pipe") {
    const { presetName, colour, dashPattern, widthMm } = ref.element;
    return { key: `pipe|${presetName ?? ""}|${colour}|${dashPattern}|${widthMm}`, label: presetName ? `${name}: ${presetName}` : name };
  }
  return { key: ref.kind, label: name };
}
