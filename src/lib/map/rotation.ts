/**
 * Map rotation in the plan's unit: degrees clockwise (mapView.rotation). Universal, so the plan store,
 * the rotation control and exporters (the north arrow) agree on one normal form.
 */

/** "Map rotation step | 5 degrees" (core §9, content §9). */
export const ROTATION_STEP_DEG = 5;

/**
 * Brings any angle into (-180, 180]. Chosen over [0, 360) because a small turn to the left stays a
 * small number (-5, not 355): the saved plan reads naturally, and the sign tells the direction.
 * OpenLayers never normalises its rotation, so many turns one way would otherwise grow without bound.
 */
export function normalizeRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const wrapped = degrees % 360; // (-360, 360), keeps the sign of `degrees`
  const normal = wrapped > 180 ? wrapped - 360 : wrapped <= -180 ? wrapped + 360 : wrapped;
  return normal === 0 ? 0 : normal; // no -0 in saved plans
}

/** The nearest multiple of the 5° step, normalised to (-180, 180]; a half step rounds clockwise. */
export function snapRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  return normalizeRotation(Math.round(degrees / ROTATION_STEP_DEG) * ROTATION_STEP_DEG);
}

/** One step clockwise (+1) or anticlockwise (-1) from `degrees`, landing on the 5° grid. */
export function rotateByStep(degrees: number, direction: 1 | -1): number {
  return snapRotation(snapRotation(degrees) + direction * ROTATION_STEP_DEG);
}
