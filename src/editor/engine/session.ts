/**
 * One open plan on a map: the plan store, the OpenLayers map with the plan's elements, the site's base
 * maps under them and the test handle. No React: the engine's boot (./boot.ts) makes one before the
 * page has hydrated, and the React editor (src/editor/plan-editor.tsx) adopts it, or makes its own
 * when there was none to adopt. Either way the same code builds the same map.
 */
import type OlMap from "ol/Map";
import { backgroundViewConstraint } from "../map/background/plan-background";
import { createEditorMap } from "../map/create-map";
import { ElementLayer } from "../map/element-layer";
import { createBaseLayers } from "../map/layers/base-layers";
import { baseLayerCatalogue, resolveShownLayerId, type BaseLayerEntry } from "../map/layers/base-layer-catalogue";
import { PlanStore } from "../store/plan-store";
import { installTestApi } from "../test-api";
import { onSignLibraryLoaded, signLibraryLoaded } from "./sign-library-loader";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SiteId } from "@/sites/site-ids";

export interface SessionOptions {
  site: SiteId;
  /** The plan's paper size and scale, for a plan drawn over a background image or PDF. */
  background: { paperSize: string | null; scale: string | null } | null;
}

export class EditorSession {
  readonly map: OlMap;
  readonly layer: ElementLayer;
  /** The site's base maps on this map (none for a plan over a background image), the requested one visible. */
  readonly baseLayers: readonly BaseLayerEntry[];
  private readonly uninstallTestApi: () => void;
  private readonly offSignLibrary: () => void;
  private disposed = false;
  /** The boot's temporary box, removed once the map has moved out of it (or the session closes). */
  private ownedTarget: HTMLElement | null;

  constructor(
    target: HTMLElement,
    readonly store: PlanStore,
    readonly options: SessionOptions,
    { ownsTarget = false }: { ownsTarget?: boolean } = {},
  ) {
    this.ownedTarget = ownsTarget ? target : null;
    const content = store.getContent();
    this.map = createEditorMap(target, store.getMapView(), {
      rotation: content.supportsMapRotation,
      constraint: options.background ? backgroundViewConstraint(options.background) : undefined,
    });
    if (options.background) {
      this.baseLayers = [];
    } else {
      const shown = resolveShownLayerId(store.getMapView().activeMapLayerId, baseLayerCatalogue(options.site));
      this.baseLayers = createBaseLayers(options.site);
      for (const entry of this.baseLayers) {
        entry.layer.setVisible(entry.id === shown);
        this.map.addLayer(entry.layer);
      }
    }
    this.layer = new ElementLayer(store);
    this.map.addLayer(this.layer.layer);
    this.uninstallTestApi = installTestApi(this.map, store);
    // Signs drawn before the sign library arrived show the placeholder; redraw them with their pictures
    // once it is there (whoever needs it loads it: the boot, the React editor).
    this.offSignLibrary = signLibraryLoaded() ? () => {} : onSignLibraryLoaded(() => this.layer.layer.changed());
  }

  /** Creates the store for `content` and the session around it. */
  static open(target: HTMLElement, content: PlanContent, options: SessionOptions, flags?: { ownsTarget?: boolean }): EditorSession {
    return new EditorSession(target, new PlanStore(content), options, flags);
  }

  /** Moves the map, as it is, into `target` (the React editor's map box); it resizes to it. */
  attach(target: HTMLElement): void {
    if (this.map.getTargetElement() !== target) this.map.setTarget(target);
    this.removeOwnedTarget();
  }

  private removeOwnedTarget(): void {
    this.ownedTarget?.remove();
    this.ownedTarget = null;
  }

  isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.offSignLibrary();
    this.uninstallTestApi();
    this.layer.dispose();
    for (const entry of this.baseLayers) {
      this.map.removeLayer(entry.layer);
      entry.layer.dispose();
    }
    this.map.setTarget(undefined);
    this.map.dispose();
    this.removeOwnedTarget();
  }
}
