/**
 * One open plan on a map: the plan store, the OpenLayers map with the plan's elements, the site's base
 * maps under them and the test handle. No React: the editor (src/editor/ui/plan-editor.tsx) opens one
 * when it mounts and disposes of it when it unmounts.
 */
import type OlMap from "ol/Map";
import { onSignLibraryLoaded } from "../kinds/sign/sign-library";
import { backgroundViewConstraint } from "./map/background/plan-background";
import { createEditorMap, type MapControlLabels } from "./map/create-map";
import { ElementLayer } from "./map/element-layer";
import { createBaseLayers } from "./map/layers/base-layers";
import { baseLayerCatalogue, resolveShownLayerId, type BaseLayerEntry } from "./map/layers/base-layer-catalogue";
import type { PlanStore } from "./store/plan-store";
import { installTestApi } from "./test-api";
import type { MapConfig } from "@/lib/map-config";
import type { SiteId } from "@/sites/site-ids";

export interface SessionOptions {
  site: SiteId;
  /** Where the base maps come from (the server's settings, given to the page). */
  mapConfig: MapConfig;
  /** The plan's paper size and scale, for a plan drawn over a background image or PDF. */
  background: { paperSize: string | null; scale: string | null } | null;
  /** The map controls' tooltips in the user's language. */
  controlLabels: MapControlLabels;
}

export class EditorSession {
  readonly map: OlMap;
  readonly layer: ElementLayer;
  /** The site's base maps on this map (none for a plan over a background image), the requested one visible. */
  readonly baseLayers: readonly BaseLayerEntry[];
  private readonly uninstallTestApi: () => void;
  private readonly offSignLibrary: () => void;

  constructor(
    target: HTMLElement,
    readonly store: PlanStore,
    readonly options: SessionOptions,
  ) {
    const content = store.getContent();
    this.map = createEditorMap(target, store.getMapView(), {
      rotation: content.supportsMapRotation,
      constraint: options.background ? backgroundViewConstraint(options.background) : undefined,
      labels: options.controlLabels,
    });
    if (options.background) {
      this.baseLayers = [];
    } else {
      const shown = resolveShownLayerId(store.getMapView().activeMapLayerId, baseLayerCatalogue(options.site, options.mapConfig));
      this.baseLayers = createBaseLayers(options.site, options.mapConfig);
      for (const entry of this.baseLayers) {
        entry.layer.setVisible(entry.id === shown);
        this.map.addLayer(entry.layer);
      }
    }
    this.layer = new ElementLayer(store);
    this.map.addLayer(this.layer.layer);
    this.uninstallTestApi = installTestApi(this.map, store);
    // Signs drawn before the sign library arrived show the placeholder: redraw them with their pictures.
    this.offSignLibrary = onSignLibraryLoaded(() => this.layer.layer.changed());
  }

  dispose(): void {
    this.offSignLibrary();
    this.uninstallTestApi();
    this.layer.dispose();
    for (const entry of this.baseLayers) {
      this.map.removeLayer(entry.layer);
      entry.layer.dispose();
    }
    this.map.setTarget(undefined);
    this.map.dispose();
  }
}
