"use client";
/**
 * Map rotation in the specification's 5° steps (core §9), with a north arrow that shows where north is
 * and turns the map back to north when clicked. Offer it only for plans whose content allows rotation
 * (supportsMapRotation); older plans stay north-up.
 */
import RotateLeftIcon from "@mui/icons-material/RotateLeft";
import RotateRightIcon from "@mui/icons-material/RotateRight";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import type { SxProps, Theme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { normalizeRotation, ROTATION_STEP_DEG, rotateByStep } from "@/lib/map/rotation";

export { ROTATION_STEP_DEG, snapRotation } from "@/lib/map/rotation";

export interface RotationControlProps {
  /** The map's rotation in degrees clockwise (mapView.rotation). */
  rotationDeg: number;
  /** The new rotation in degrees clockwise, on the 5° grid and within (-180, 180]. */
  onRotate: (degrees: number) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

function ControlButton({
  label,
  onClick,
  disabled,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small" data-testid={testId}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * A compass needle with an N, turned by the map's rotation: OpenLayers' positive rotation turns the map
 * clockwise, and so north on screen, which is what CSS's positive rotate does to the arrow.
 */
function NorthArrow({ degrees }: { degrees: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      style={{ transform: `rotate(${degrees}deg)`, transition: "transform 150ms ease-out" }}
    >
      <text x="12" y="7.5" textAnchor="middle" fontSize="7.5" fontWeight="700" fill="currentColor" fontFamily="inherit">
        N
      </text>
      <polygon points="12,9 7.5,22 12,19" fill="currentColor" />
      <polygon points="12,9 16.5,22 12,19" fill="currentColor" opacity="0.4" />
    </svg>
  );
}

export function RotationControl({ rotationDeg, onRotate, disabled = false, sx }: RotationControlProps) {
  const t = useTranslations("editorMap.rotation");
  const rotation = normalizeRotation(rotationDeg);
  // Whole degrees for people; the arrow uses the exact angle.
  const shown = Math.round(rotation);
  const northLabel = shown === 0 ? t("north") : t("northRotated", { degrees: shown });
  return (
    <Paper
      role="group"
      aria-label={t("group")}
      elevation={2}
      sx={[{ display: "inline-flex", alignItems: "center", borderRadius: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid="rotation-control"
      data-rotation={rotation}
    >
      <ControlButton
        label={t("left", { step: ROTATION_STEP_DEG })}
        onClick={() => onRotate(rotateByStep(rotation, -1))}
        disabled={disabled}
        testId="rotate-map-left"
      >
        <RotateLeftIcon fontSize="small" />
      </ControlButton>
      <ControlButton label={northLabel} onClick={() => onRotate(0)} disabled={disabled} testId="rotate-map-north">
        <NorthArrow degrees={rotation} />
      </ControlButton>
      <ControlButton
        label={t("right", { step: ROTATION_STEP_DEG })}
        onClick={() => onRotate(rotateByStep(rotation, 1))}
        disabled={disabled}
        testId="rotate-map-right"
      >
        <RotateRightIcon fontSize="small" />
      </ControlButton>
    </Paper>
  );
}
