/**
 * A kind's own place in the editor's UI (issue 33): what a kind adds around the map beyond being drawn
 * (the sign gallery, the pipe-type picker, their dialogs), as a hook in the kind's folder that the editor
 * calls for each kind of `KIND_TOOLS` (./kind-tools-registry.ts) without naming any. The kind's React-free
 * module (src/editor/kinds/<kind>/index.ts) stays free of React; this is its `.tsx` side.
 */
import type OlMap from "ol/Map";
import { useEffect, useRef, type ReactNode } from "react";
import type { EditorInteractions, Tool } from "../core/interactions/editor-interactions";
import { elementAtPixel, type ElementLayer } from "../core/map/element-layer";
import type { UserSettingsStore } from "../core/settings/user-settings";
import type { ElementRef, PlanStore } from "../core/store/plan-store";
import type { ToolbarAction } from "./editor-toolbar";
import type { SiteId } from "@/sites/site-ids";

/** What the editor hands every kind's tools. */
export interface KindToolsContext {
  map: OlMap | null;
  layer: ElementLayer | null;
  store: PlanStore;
  /** The drawing tools; null in the read-only view. */
  interactions: EditorInteractions | null;
  /** The user's settings (loaded by the editor): sizes, recent signs, drawing styles. */
  settings: UserSettingsStore;
  /** The plan may be changed now (not the view, not while the account is blocked). */
  editable: boolean;
  /** The account is blocked: menu entries that would change the plan or the user's lists are greyed out. */
  blocked: boolean;
  site: SiteId;
  /** The plan's name, for what the kind exports (the sign inventory's file). */
  planName: string;
  selection: ReadonlySet<string>;
  tool: Tool;
  /** Whether the site offers new elements of the kind (its module's `sites`): pipes only on the sewer site. */
  offered: boolean;
}

/** What a kind's tools add to the editor; every field optional (absent in the view). */
export interface KindTools {
  /** Toolbar entries before the drawing tools (the sign gallery's button). */
  leadingToolbar?: ReactNode;
  /** Toolbar entries after the drawing tools (a selected pipe's "edit texts"). */
  toolbar?: ReactNode;
  /** Entries of the toolbar's ⋮ menu, after the plan's own (the sign inventory and lists). */
  menuActions?: readonly ToolbarAction[];
  /** Shown over the map (pickers, panels, in-place editors). */
  overlay?: ReactNode;
  /**
   * A control that stands on the map's top left while it matters (the pipe type being drawn), stacked by
   * the editor below the address search so the two never cover each other. No position of its own.
   */
  mapControl?: ReactNode;
  /** Dialogs the kind opens. */
  dialog?: ReactNode;
  /** What to do while an element is being placed; the editor shows it above the phase control. */
  placementHint?: ReactNode;
  /** Width in CSS pixels of a panel the kind has open on the map's left (the sign gallery), else 0. */
  panelWidth?: number;
  /** On a phone: the height (CSS, of the map) of a sheet the kind has open over the map's lower part (the sign gallery). */
  sheetHeight?: string;
  /**
   * A double-click on an element: true when it is one of the kind's and the kind handled it (opened its
   * editor), so the map does not zoom. The kind checks `ref.kind`, which types the element. Optional:
   * kinds without it are edited through their entry dialog, if any.
   */
  onDoubleClick?: (ref: ElementRef) => boolean;
}

/** A kind's UI slot: a hook the editor calls once per render, in `KIND_TOOLS`' fixed order. */
export type UseKindTools = (context: KindToolsContext) => KindTools;

/**
 * Where a double-click on the map goes (`useMapDoubleClick`, the editor's one listener): to the
 * kinds' tools, then to the entry dialog of kinds placed with one (`fallback`, a text). Answers whether it
 * was handled; an unhandled one (empty map, a line) is left to the map, which zooms.
 */
export function dispatchDoubleClick(ref: ElementRef | null, kinds: readonly KindTools[], fallback: (ref: ElementRef) => boolean): boolean {
  if (!ref) return false;
  return kinds.some((tools) => tools.onDoubleClick?.(ref) ?? false) || fallback(ref);
}

/**
 * The editor's one map double-click listener: finds the element under the pointer once (with the hit
 * tolerance a click selects with) and hands it to `handle`, the latest one given. A handled double-click
 * selects the element and stops there, so the map does not zoom.
 */
export function useMapDoubleClick(
  map: OlMap | null,
  layer: ElementLayer | null,
  store: PlanStore,
  enabled: boolean,
  handle: (ref: ElementRef | null) => boolean,
): void {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (!map || !layer || !enabled) return;
    const onDoubleClick = (event: { pixel: number[]; preventDefault(): void; stopPropagation(): void }) => {
      const ref = elementAtPixel(map, layer, event.pixel);
      if (!ref || !latest.current(ref)) return;
      // A stopped map event reaches no interaction, so DoubleClickZoom does not zoom.
      event.stopPropagation();
      event.preventDefault();
      store.select([ref.element.id]);
    };
    map.on("dblclick", onDoubleClick);
    return () => map.un("dblclick", onDoubleClick);
  }, [map, layer, enabled, store]);
}
