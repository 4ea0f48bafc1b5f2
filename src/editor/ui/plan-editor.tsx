"use client";
// OpenLayers' own stylesheet (controls, attribution, scale line), in the editor's chunk.
import "ol/ol.css";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import DialogContentText from "@mui/material/DialogContentText";
import Typography from "@mui/material/Typography";
import type OlMap from "ol/Map";
import { useTranslations } from "next-intl";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { toast } from "react-toastify";
import { EditorToolbar, type ToolbarAction } from "./editor-toolbar";
import { KindFileExportDialog, KindFileImport, fileKinds, type KindFileImportHandle } from "./file/kind-file-dialogs";
import { LoadFromFile, SaveToFileDialog, type LoadFromFileHandle } from "./file/plan-file-dialogs";
import { BlockedBanner, useBlockedSaves } from "./sync/blocked-editor";
import { ConflictDialog, RemoteChangeNotice } from "./sync/conflict-dialog";
import { SaveStateIndicator } from "./sync/save-state-indicator";
import { SyncConflictPanel } from "./sync/sync-conflict-panel";
import { useAutosaver } from "./sync/use-autosaver";
import { usePlanSync } from "./sync/use-plan-sync";
import { useUnsavedChangesWarning } from "./sync/use-unsaved-changes-warning";
import { VersionHistoryPanel } from "./history/version-history-panel";
import { FollowingNotice } from "./presence/following-notice";
import { PresenceAvatars } from "./presence/presence-avatars";
import { usePresence } from "./presence/use-presence";
import { EditorInteractions, type Tool } from "../core/interactions/editor-interactions";
import { applyMapView, holdView, mapViewOf, setMapRotation, type HeldView } from "../core/map/create-map";
import type { ElementLayer } from "../core/map/element-layer";
import { EditorSession } from "../core/session";
import { UserSettingsStore } from "../core/settings/user-settings";
import { userSettingsIo } from "../core/settings/user-settings-io";
import { PlanStore, type ElementRef } from "../core/store/plan-store";
import { FILE_KINDS, drawableKindsOn, editorElement, geometryOf, unavailableReason, withValues } from "../kinds/registry";
import type { PlanContext } from "../kinds/types";
import { usePhaseControl } from "./controls/phase-control";
import { RotationControl } from "./controls/rotation-control";
import { AddressSearch } from "./map/address-search";
import { BaseLayerControl } from "./map/base-layer-control";
import { useStartView } from "./map/start-view";
import { usePlanBackground } from "./map/use-plan-background";
import { ExportPanel } from "./export/export-panel";
import { PlanInfoDialog } from "./plan-info/plan-info-dialog";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { StyleDialog, type StyleValues } from "./style-dialog";
import { useEditorKeyboard } from "./use-editor-keyboard";
import { useKindEntry } from "./use-kind-entry";
import { dispatchDoubleClick, useMapDoubleClick, type KindTools } from "./kind-tools";
import { useKindTools } from "./kind-tools-registry";
import { errorMessage } from "@/client/api";
import { useCurrentUser } from "@/client/session";
import { useBillingStatus } from "@/components/billing/billing-status";
import { DialogFrame } from "@/components/dialog-frame";
import { useMapConfig } from "@/components/map-config-context";
import { useSite } from "@/components/site-context";
import { DEFAULT_MAP_CENTER, type MapView, type PlanContent } from "@/lib/elements/plan-content";
import { getElementDefinition, type ElementKind } from "@/lib/elements/registry";
import { createEmpty, extend, isEmpty } from "ol/extent";
import type { SignplanDto } from "@/lib/schemas/signplan";

export interface PlanEditorProps {
  plan: SignplanDto;
  /** The plan's content, already parsed with the registry's schema. */
  content: PlanContent;
  /** "view": the shared read-only view; every editing control is absent. */
  mode: "edit" | "view";
  /** The share link's token: the public view reads the plan's background with it. */
  viewToken?: string;
  onOpenProjects?: () => void;
  /** Opens another plan (the copy made from a conflict). */
  onOpenPlan?: (planId: number) => void;
}

/** Subscribes a component to the store's undo/redo availability and selection. */
function useStoreState(store: PlanStore) {
  const subscribe = useCallback(
    (notify: () => void) => {
      const off1 = store.subscribe(notify);
      const off2 = store.subscribeSelection(notify);
      return () => {
        off1();
        off2();
      };
    },
    [store],
  );
  const canUndo = useSyncExternalStore(
    subscribe,
    () => store.canUndo(),
    () => false,
  );
  const canRedo = useSyncExternalStore(
    subscribe,
    () => store.canRedo(),
    () => false,
  );
  const selection = useSyncExternalStore(
    subscribe,
    () => store.getSelection(),
    () => store.getSelection(),
  );
  return { canUndo, canRedo, selection };
}

/**
 * The plan editor (DESIGN.md, "The editor"): the map with the plan's elements, the tools and the plan
 * store. Client-only (OpenLayers needs the DOM); mounted through `dynamic(…, { ssr: false })`
 * (./editor-loader.tsx).
 */
export default function PlanEditor({ plan, content, mode, viewToken, onOpenProjects, onOpenPlan }: PlanEditorProps) {
  const t = useTranslations("editor");
  // Set when the user may no longer read the plan (usePlanSync): the editor turns into the read-only view.
  const [accessLost, setAccessLost] = useState(false);
  // Edits are saved (the autosaver and the plan's room) while the user may edit the plan, blocked or not:
  // a change the server refused for a block stays unsaved until the block lifts, then goes out.
  const saveable = mode === "edit" && !accessLost;
  // While the account is blocked (issue 31) the editor is the read-only view, but keeps selection and
  // export; it turns editable again, without a reload, when block-status says the block has lifted.
  const billing = useBillingStatus();
  const blocked = saveable && billing.blocked;
  // While the version history shows an older version on the map, the plan is not edited (issue 36).
  const [previewing, setPreviewing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const editable = saveable && !blocked && !previewing;
  const editableNow = useRef(editable);
  useEffect(() => {
    editableNow.current = editable;
  }, [editable]);
  const target = useRef<HTMLDivElement>(null);
  // One store per opened plan; a reload from the server goes through store.replace, not a new store.
  const store = useMemo(() => new PlanStore(content), [plan.id]); // eslint-disable-line react-hooks/exhaustive-deps
  // The user's settings (sign size, recent signs, drawing styles), shared by the sign and drawing tools.
  const settings = useMemo(() => new UserSettingsStore(userSettingsIo), []);
  useEffect(() => {
    if (editable) void settings.load();
  }, [editable, settings]);
  const [map, setMap] = useState<OlMap | null>(null);
  const [session, setSession] = useState<EditorSession | null>(null);
  const [layer, setLayer] = useState<ElementLayer | null>(null);
  const [interactions, setInteractions] = useState<EditorInteractions | null>(null);
  const [tool, setTool] = useState<Tool>("select");
  const [styleDialog, setStyleDialog] = useState<{ kind: ElementKind; forDrawing: boolean; initial: StyleValues } | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [clipboardSize, setClipboardSize] = useState(0);
  const [hidden, setHidden] = useState(0);
  const { canUndo, canRedo, selection } = useStoreState(store);
  const site = useSite();
  const mapConfig = useMapConfig();
  const tMap = useTranslations("editorMap");
  const tExport = useTranslations("editorExport");
  const hasBackground = plan.backgroundKind !== null;
  const planContext = useMemo<PlanContext>(
    () => ({ background: hasBackground ? { paperSize: plan.paperSize, scale: plan.scale } : null }),
    [hasBackground, plan.paperSize, plan.scale],
  );
  // A plan whose view was never moved opens fitted to its background image.
  const [fitBackground] = useState(() => isDefaultView(content.mapView));
  const background = usePlanBackground(map, hasBackground ? plan : null, viewToken, { fitOnLoad: fitBackground, site: site.id });
  // Before the map is made (below): a new plan opens where the user last worked, else at the site's start.
  const userId = useCurrentUser()?.id ?? null;
  useStartView(store, { site, userId, isNew: fitBackground && !hasBackground, editable });
  // The stored layer and rotation, as primitives: a pan changes the stored centre on every move, and the
  // editor must not re-render for that.
  const subscribeStore = useCallback((notify: () => void) => store.subscribe(notify), [store]);
  const activeLayerId = useSyncExternalStore(
    subscribeStore,
    () => store.getMapView().activeMapLayerId,
    () => store.getMapView().activeMapLayerId,
  );
  const mapRotation = useSyncExternalStore(
    subscribeStore,
    () => store.getMapView().rotation,
    () => 0,
  );
  const [saveFileOpen, setSaveFileOpen] = useState(false);
  const loadFile = useRef<LoadFromFileHandle>(null);
  const importFile = useRef<KindFileImportHandle>(null);
  const [exportKind, setExportKind] = useState<ElementKind | null>(null);
  const [planExportOpen, setPlanExportOpen] = useState(false);
  /**
   * The view as it was when the export panel opened. The panel moves the map (it brings its frame into
   * sight beside itself, the user pans to place the frame); closing it puts the view back, and while it
   * is open the moves are not saved, so exporting never leaves the plan opening somewhere else.
   */
  const viewBeforeExport = useRef<HeldView | null>(null);
  const [planInfoOpen, setPlanInfoOpen] = useState(false);
  const tPlanInfo = useTranslations("editorPlanInfo");
  const tHistory = useTranslations("editorHistory");

  // Saving: autosave of every change, live updates from other users, and the leave-page warning.
  const autosaver = useAutosaver({ store, planId: plan.id, version: plan.version, enabled: saveable });
  const loseAccess = useCallback(() => setAccessLost(true), []);
  const sync = usePlanSync({ planId: plan.id, store, autosaver, enabled: saveable, onAccessLost: loseAccess });
  useUnsavedChangesWarning(autosaver);
  useBlockedSaves(autosaver, billing);
  // Colleagues on the plan: their initials in the header, pointers and selections on the map.
  const presence = usePresence({ planId: plan.id, map, store, enabled: saveable });

  // A block only locks the tools (selection stays, and the editor is editable again where the user was
  // when it lifts); the map and the tools are made anew only when the plan can no longer be edited at all.
  useEffect(() => {
    interactions?.setLocked(!editable);
  }, [interactions, editable]);

  // The map, its element layer and the tools live as long as the plan is open.
  useEffect(() => {
    const box = target.current;
    if (!box) return;
    const current = new EditorSession(box, store, {
      site: site.id,
      mapConfig,
      background: hasBackground ? { paperSize: plan.paperSize, scale: plan.scale } : null,
      controlLabels: { zoomIn: tMap("controls.zoomIn"), zoomOut: tMap("controls.zoomOut"), attributions: tMap("controls.attributions") },
    });
    const olMap = current.map;
    const elementLayer = current.layer;
    const tools = saveable ? new EditorInteractions(olMap, store, elementLayer, settings) : null;
    const offTool = tools?.onToolChange(setTool);
    // Pan, zoom and rotation are part of the plan (mapView) and saved with it; never undone. Not while the
    // plan cannot be changed: a blocked account's view would only be refused by the server.
    const onMoveEnd = () => {
      if (editableNow.current && !viewBeforeExport.current) store.transact({ note: "view", mapView: mapViewOf(olMap) });
    };
    olMap.on("moveend", onMoveEnd);
    const offHidden = store.subscribe((change) => {
      setHidden(elementLayer.hiddenCount());
      // A view that came from elsewhere (a loaded file, its undo, a reload) moves the map; the map's own
      // moves arrive here as "transact" and are already where they should be.
      if (change.mapViewChanged && change.reason !== "transact") applyMapView(olMap, store.getMapView(), content.supportsMapRotation);
    });
    setHidden(elementLayer.hiddenCount());
    setMap(olMap);
    setSession(current);
    setLayer(elementLayer);
    setInteractions(tools);
    return () => {
      offHidden();
      offTool?.();
      olMap.un("moveend", onMoveEnd);
      tools?.dispose();
      current.dispose();
      setMap(null);
      setSession(null);
      setLayer(null);
      setInteractions(null);
    };
  }, [store, settings, saveable, content.supportsMapRotation, hasBackground, plan.paperSize, plan.scale, site.id, mapConfig, tMap]);

  const siteKinds = useMemo(() => drawableKindsOn(site.id), [site.id]);
  // Each kind's own tools (the sign gallery, the pipe-type picker, …), and the entry dialog of the kinds
  // placed with one; a double-click on an element goes to them through one listener.
  const kindTools = useKindTools({
    map,
    layer,
    store,
    interactions,
    settings,
    editable,
    blocked,
    site: site.id,
    planName: plan.name,
    selection,
    tool,
  });
  const kindEntry = useKindEntry({ store, interactions, editable, selection });
  useMapDoubleClick(map, layer, store, editable, (ref) => dispatchDoubleClick(ref, kindTools, kindEntry.openEditor));
  const placementHint = slot(kindTools, "placementHint");
  const panelWidth = Math.max(0, ...kindTools.map((tools) => tools.panelWidth ?? 0));
  const sheetHeight = kindTools.find((tools) => tools.sheetHeight)?.sheetHeight;

  const phases = usePhaseControl({ store, selection, editable });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  // A tool the plan cannot use (the ruler on a background without scale) has no key either.
  const availableTools = useMemo(() => siteKinds.filter((kind) => !unavailableReason(kind, planContext)), [siteKinds, planContext]);
  const openShortcuts = () => setShortcutsOpen(true);
  useEditorKeyboard(editable ? interactions : null, store, {
    onCopied: (count) => {
      setClipboardSize(count);
      if (count) toast.info(t("done.copied", { count }), { autoClose: 1500 });
    },
    tools: availableTools,
    onOverview: openShortcuts,
  });

  const selectedRefs = [...selection].map((id) => store.find(id)).filter((ref) => !!ref);
  const selectedKind = selectedRefs[0]?.kind;
  const styleKind: ElementKind | null =
    tool !== "select" ? tool : selectedKind && selectedRefs.every((r) => r.kind === selectedKind) ? selectedKind : null;
  const styleFields = styleKind ? (editorElement(styleKind)?.styleFields ?? []) : [];

  /** The style the dialog starts from: the next drawing's, or the (first) selected element's. */
  const currentStyle = (kind: ElementKind, forDrawing: boolean): StyleValues => {
    const source = forDrawing ? (interactions?.getDrawingStyle(kind) ?? {}) : (selectedRefs[0]?.element ?? {});
    return Object.fromEntries(
      styleFields.map((f) => [f.key, (source as StyleValues)[f.key] ?? ("default" in f ? f.default : undefined) ?? defaultOf(kind, f.key)]),
    );
  };

  const openStyle = () => {
    if (!styleKind || !interactions) return;
    const forDrawing = tool !== "select";
    setStyleDialog({ kind: styleKind, forDrawing, initial: currentStyle(styleKind, forDrawing) });
  };

  // The toolbar shows the current choice of a field drawn as samples (a road marking's style), for the
  // next drawing or the selection.
  const sampleField = styleFields.find((f) => f.type === "choice" && f.sample);
  let styleSample: { svg: string; label: string } | null = null;
  if (styleKind && sampleField?.type === "choice" && sampleField.sample) {
    const values = currentStyle(styleKind, tool !== "select");
    const value = String(values[sampleField.key]);
    styleSample = { svg: sampleField.sample(value, values), label: t(`styleDialog.options.${sampleField.key}.${value}` as never) };
  }

  const applyStyle = (values: StyleValues) => {
    if (!styleDialog || !interactions) return;
    if (!styleDialog.forDrawing)
      store.transact({
        note: "style",
        put: selectedRefs.map((ref) => withValues(ref, values, styleFields)),
      });
    // A style given to a selection becomes the next drawing's too (as in tldraw and Excalidraw): what the
    // user chose last is what they expect to draw with next, also after a reload.
    interactions.setDrawingStyle(styleDialog.kind, values).catch((error: unknown) => {
      console.error("drawing style: saving failed", error);
      toast.warning(t("styleDialog.notSaved"));
    });
    setStyleDialog(null);
  };

  const reset = () => {
    const ids = store.allElements().map((ref) => ref.element.id);
    store.transact({ note: "reset", remove: ids });
    setResetOpen(false);
    toast.success(t("done.reset"));
  };

  const openPlanExport = () => {
    if (map && !viewBeforeExport.current) viewBeforeExport.current = holdView(map);
    setPlanExportOpen(true);
  };
  const menuActions: ToolbarAction[] = [
    // Also in the menu, with every other way out of the editor (file, GPX, lists), where users found it before.
    { id: "export-plan", label: tExport("open"), onClick: openPlanExport },
    // While blocked, what would change the plan or the user's lists is greyed out; looking and exporting stay.
    { id: "plan-info", label: tPlanInfo("title"), onClick: () => setPlanInfoOpen(true), disabled: blocked },
    ...kindTools.flatMap((tools) => tools.menuActions ?? []),
    { id: "save-file", label: t("saveFile"), onClick: () => setSaveFileOpen(true) },
    // pick() opens the file chooser, which browsers allow only inside the click itself.
    { id: "load-file", label: t("loadFile"), onClick: () => loadFile.current?.pick(), disabled: blocked },
    // Import and export of the kinds with a file format of their own (GPX routes).
    ...FILE_KINDS.flatMap((kind): ToolbarAction[] => {
      const extension = editorElement(kind)?.fileFormat?.extension ?? "";
      const words = { format: extension.toUpperCase(), extension };
      return [
        { id: `import-${kind}`, label: t("importFile", words), onClick: () => importFile.current?.pick(kind), disabled: blocked },
        {
          id: `export-${kind}`,
          label: t("exportFile", words),
          onClick: () => setExportKind(kind),
          disabled: !store.allElements().some((ref) => fileKinds(kind).includes(ref.kind)),
        },
      ];
    }),
    ...(phases.menuAction ? [phases.menuAction] : []),
    { id: "reset", label: t("reset"), onClick: () => setResetOpen(true), disabled: blocked },
    { id: "history", label: tHistory("open"), onClick: () => setHistoryOpen(true) },
    { id: "shortcuts", label: t("shortcuts.title"), onClick: openShortcuts },
  ];

  /** Adds imported elements as one step, selects them and shows them all. */
  const importElements = (put: ElementRef[]) => {
    store.transact({ note: `import ${[...new Set(put.map((ref) => ref.kind))].join(", ")}`, put });
    store.select(put.map((ref) => ref.element.id));
    const extent = createEmpty();
    for (const ref of put) {
      const geometry = geometryOf(ref);
      if (geometry) extend(extent, geometry.getExtent());
    }
    if (map && !isEmpty(extent)) map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 18, duration: 300 });
    toast.success(t("done.imported", { count: put.length }));
  };

  return (
    <Box
      sx={{ display: "flex", flexDirection: "column", flex: 1, height: "100%", minHeight: 0 }}
      data-testid="plan-editor"
      data-mode={editable ? "edit" : "view"}
    >
      {saveable ? (
        <EditorToolbar
          planName={plan.name}
          tool={tool}
          onTool={(next) => (next === "select" || !unavailableReason(next, planContext)) && interactions?.setTool(next)}
          plan={planContext}
          kinds={siteKinds}
          locked={blocked || previewing}
          canUndo={canUndo && editable}
          canRedo={canRedo && editable}
          onUndo={() => store.undo()}
          onRedo={() => store.redo()}
          selectionSize={selection.size}
          onDelete={() => interactions?.deleteSelection()}
          onCopy={() => setClipboardSize(interactions?.copySelection() ?? 0)}
          onPaste={() => interactions?.paste()}
          canPaste={editable && clipboardSize > 0}
          onRotate={(degrees) => interactions?.rotateSelection(degrees)}
          onStyle={editable && styleKind && styleFields.length ? openStyle : null}
          styleSample={styleSample}
          onOpenProjects={onOpenProjects}
          saveState={
            <>
              <PresenceAvatars people={presence.people} following={presence.following} onToggle={presence.toggleFollow} />
              {autosaver && <SaveStateIndicator autosaver={autosaver} onConflictClick={sync.openConflictDialog} />}
            </>
          }
          menuActions={menuActions}
          onExport={openPlanExport}
          leadingTools={slot(kindTools, "leadingToolbar")}
          kindTools={
            <>
              {kindEntry.toolbar}
              {slot(kindTools, "toolbar")}
            </>
          }
        />
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
          <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 700 }} noWrap data-testid="editor-plan-name">
            {plan.name}
          </Typography>
          <Chip size="small" label={t("viewOnly")} data-testid="view-only-badge" />
        </Box>
      )}
      {blocked && <BlockedBanner />}
      {accessLost && (
        <Alert severity="warning" role="alert" sx={{ borderRadius: 0 }} data-testid="access-lost">
          {t("accessLost")}
        </Alert>
      )}
      <Box sx={{ position: "relative", flex: 1, minHeight: 0 }}>
        <Box
          ref={target}
          // Focusable, so the arrows pan and + and − zoom (OpenLayers listens for keys on this element),
          // and with a tool the keys draw (core/interactions/keyboard-pointer.ts).
          tabIndex={0}
          role="application"
          aria-label={tMap("label")}
          sx={{
            position: "absolute",
            inset: 0,
            bgcolor: "#eef1f4",
            outline: "none",
            // Drawn over the map's canvas, which would hide an outline of this element.
            "&:focus-visible::after": {
              content: '""',
              position: "absolute",
              inset: 0,
              pointerEvents: "none",
              border: 3,
              borderColor: "primary.main",
              zIndex: 1,
            },
          }}
          data-testid="map"
          data-ready={map && layer ? "true" : "false"}
          data-background={background.status}
        />
        {map && !hasBackground && (
          <BaseLayerControl
            map={map}
            layers={session?.baseLayers ?? null}
            site={site.id}
            config={mapConfig}
            activeLayerId={activeLayerId}
            onChange={(id) => store.transact({ note: "layer", mapView: { activeMapLayerId: id } })}
            readOnly={!editable}
          />
        )}
        {map && (
          // The map's top left, right of OpenLayers' zoom buttons (on a phone below the base map's button,
          // which shares the top row otherwise): the address search and, below it, a kind's control (the
          // pipe type), stacked so neither covers the other.
          <Box
            sx={{
              position: "absolute",
              top: { xs: 52, sm: 8 },
              left: 48,
              right: { xs: 8, sm: "auto" },
              maxWidth: { sm: "calc(100% - 300px)" },
              zIndex: 3,
              ...OVERLAY_STACK,
            }}
            data-testid="map-top-left"
          >
            {editable && !hasBackground && <AddressSearch map={map} />}
            {slot(kindTools, "mapControl")}
          </Box>
        )}
        {map && content.supportsMapRotation && (
          <RotationControl
            rotationDeg={mapRotation}
            onRotate={(degrees) => setMapRotation(map, degrees)}
            sx={{ position: "absolute", right: 8, bottom: 32 }}
          />
        )}
        {map && (
          // Bottom centre of the map that is in view (right of an open sign gallery, left of the rotation
          // control): the phase shown, and above it the hint while a sign is being placed, which belongs to
          // that phase. Too narrow a space, and they reach out to the right, never over the gallery.
          <Box
            sx={{
              position: "absolute",
              left: { xs: 8, sm: panelWidth ? panelWidth + 16 : 8 },
              right: 120,
              // Above a kind's sheet at the bottom of a phone's map (the sign gallery), so the hint stays in sight.
              bottom: { xs: sheetHeight ? `calc(${sheetHeight} + 8px)` : 8, sm: 8 },
              zIndex: placementHint ? 6 : 2,
              ...OVERLAY_STACK,
              alignItems: "safe center",
            }}
            data-testid="map-bottom-centre"
          >
            {placementHint}
            {phases.control}
          </Box>
        )}
        {saveable && autosaver && <SyncConflictPanel autosaver={autosaver} store={store} map={map} layer={layer} />}
        {background.status === "error" && (
          <Alert severity="error" sx={{ position: "absolute", left: 8, top: 8, right: 8, maxWidth: 520 }} data-testid="background-error">
            {errorMessage(background.error, tMap(background.errorKey ?? "background.loadFailed"))}
          </Alert>
        )}
        {background.status === "loading" && (
          <Alert severity="info" sx={{ position: "absolute", left: 8, top: 8 }} data-testid="background-loading">
            {tMap("background.loading")}
          </Alert>
        )}
        {editable && tool !== "select" && (
          <Typography
            variant="caption"
            sx={{ position: "absolute", left: 8, bottom: 28, bgcolor: "background.paper", px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
            data-testid="draw-hint"
          >
            {t("drawHint")}
          </Typography>
        )}
        {slot(kindTools, "overlay")}
        <FollowingNotice person={presence.following} onStop={presence.stopFollowing} />
        {saveable && historyOpen && map && layer && autosaver && (
          <VersionHistoryPanel
            planId={plan.id}
            map={map}
            layer={layer}
            store={store}
            autosaver={autosaver}
            onPreviewChange={setPreviewing}
            onClose={() => setHistoryOpen(false)}
          />
        )}
        {saveable && planExportOpen && map && (
          <ExportPanel
            map={map}
            store={store}
            planId={plan.id}
            planName={plan.name}
            projectId={plan.project_id}
            hasBackground={hasBackground}
            onClose={() => {
              // Released first: the restored view's own move is saved, and it is the view saved before.
              const held = viewBeforeExport.current;
              viewBeforeExport.current = null;
              held?.restore();
              setPlanExportOpen(false);
            }}
          />
        )}
        {hidden > 0 && (
          <Alert
            severity="info"
            // Below the address search where it is shown (./map/address-search.tsx).
            sx={{ position: "absolute", left: 8, top: editable && !hasBackground ? { xs: 100, sm: 56 } : 8, maxWidth: 420 }}
            data-testid="hidden-elements"
          >
            {t("hiddenElements", { count: hidden })}
          </Alert>
        )}
      </Box>

      {slot(kindTools, "dialog")}
      {saveable && <ShortcutsDialog open={shortcutsOpen} tools={siteKinds} onClose={() => setShortcutsOpen(false)} />}
      {styleDialog && (
        <StyleDialog
          kind={styleDialog.kind}
          fields={editorElement(styleDialog.kind)?.styleFields ?? []}
          initial={styleDialog.initial}
          forDrawing={styleDialog.forDrawing}
          onClose={() => setStyleDialog(null)}
          onApply={applyStyle}
        />
      )}
      {saveable && autosaver && (
        <>
          {/* Always mounted: the dialog decides when to show, so "open the copy" survives the resolution. */}
          <ConflictDialog
            conflict={sync.conflict}
            open={sync.conflictDialogOpen}
            plan={plan}
            store={store}
            autosaver={autosaver}
            onClose={sync.closeConflictDialog}
            onOpenPlan={(id) => onOpenPlan?.(id)}
          />
          <RemoteChangeNotice reload={sync.remoteReload} onClose={sync.dismissRemoteReload} />
          <SaveToFileDialog
            open={saveFileOpen}
            planName={plan.name}
            getContent={() => store.getContent()}
            onClose={() => setSaveFileOpen(false)}
          />
          <LoadFromFile ref={loadFile} onLoad={(loaded) => store.replace(loaded, { keepHistory: true })} />
          <KindFileImport ref={importFile} onImport={importElements} />
          {exportKind && (
            <KindFileExportDialog
              kind={exportKind}
              refs={store.allElements()}
              selection={selection}
              planName={plan.name}
              onClose={() => setExportKind(null)}
            />
          )}
          {kindEntry.dialog}
          {planInfoOpen && (
            <PlanInfoDialog
              initial={store.getPlanInfo()}
              onClose={() => setPlanInfoOpen(false)}
              onSave={(planInfo) => {
                // One undoable change of the plan, saved by autosave like a drawing.
                store.transact({ note: "plan info", planInfo });
                setPlanInfoOpen(false);
                toast.success(tPlanInfo("saved"), { autoClose: 1500 });
              }}
            />
          )}
        </>
      )}
      <DialogFrame
        testId="editor-reset-dialog"
        title={t("resetDialog.title")}
        open={resetOpen}
        onClose={() => setResetOpen(false)}
        onSubmit={(event) => {
          event.preventDefault();
          reset();
        }}
        cancelLabel={t("resetDialog.cancel")}
        cancelAutoFocus
        confirmLabel={t("resetDialog.confirm")}
        confirmColor="error"
      >
        <DialogContentText>{t("resetDialog.text")}</DialogContentText>
      </DialogFrame>
    </Box>
  );
}

/** A column of controls over the map: the gaps between them let clicks through to the map. */
const OVERLAY_STACK = {
  display: "flex",
  flexDirection: "column",
  gap: 1,
  pointerEvents: "none",
  "& > *": { pointerEvents: "auto" },
} as const;

/** One part of every kind's tools, in the kinds' fixed order (what a slot of the editor shows). */
function slot(
  kinds: readonly KindTools[],
  part: "leadingToolbar" | "toolbar" | "overlay" | "mapControl" | "dialog" | "placementHint",
): ReactNode {
  const nodes = kinds.map((tools, index) => tools[part] && <Fragment key={index}>{tools[part]}</Fragment>).filter(Boolean);
  return nodes.length ? nodes : null;
}

/** A style field's default for a kind, from the universal definition (the drawing style before any choice). */
function defaultOf(kind: ElementKind, key: string): string | number {
  return (getElementDefinition(kind).defaults as Record<string, string | number>)[key] ?? "";
}

/** The view a new plan gets (core §3): never panned or zoomed by anyone. */
function isDefaultView(view: MapView): boolean {
  return view.center[0] === DEFAULT_MAP_CENTER[0] && view.center[1] === DEFAULT_MAP_CENTER[1] && view.zoom === 12;
}
