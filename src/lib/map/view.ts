/** Comparing map views as a plan stores them (spec core §3, mapView). */
import type { MapView } from "@/lib/elements/plan-content";

/**
 * Whether the map's view differs from the stored one by more than the rounding of a stored view
 * (1e-7° for the centre, 1e-3 for the zoom, and the rotation only where the plan rotates).
 */
export function viewMoved(stored: MapView, shown: Pick<MapView, "center" | "zoom" | "rotation">, rotation: boolean): boolean {
  const beyond = (a: number, b: number, rounding: number) => Math.abs(a - b) > rounding;
  return (
    beyond(stored.center[0], shown.center[0], 1e-7) ||
    beyond(stored.center[1], shown.center[1], 1e-7) ||
    beyond(stored.zoom, shown.zoom, 1e-3) ||
    (rotation && beyond(stored.rotation, shown.rotation, 1e-6))
  );
}

