/**
 * The dpi the base map will print at for a frame (rasterDpi, the renderer's own rule), kept current
 * while the panel is open: a base layer switched on or off shows on the map's next render.
 */
import type OlMap from "ol/Map";
import type BaseLayer from "ol/layer/Base";
import { unByKey } from "ol/Observable";
import { useCallback, useSyncExternalStore } from "react";
import { rasterDpi } from "../../export/base-map";
import type { PrintFrame } from "../../export/print-frame";

export function useBaseMapDpi(
  map: OlMap,
  layersOf: (map: OlMap) => BaseLayer[],
  frame: Pick<PrintFrame, "center" | "scale">,
  dpi: number,
): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      const key = map.on("postrender", notify);
      return () => unByKey(key);
    },
    [map],
  );
  const current = () => rasterDpi(layersOf(map), frame, dpi);
  return useSyncExternalStore(subscribe, current, () => dpi);
}
