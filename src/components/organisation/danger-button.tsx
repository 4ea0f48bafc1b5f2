"use client";
import Button, { type ButtonProps } from "@mui/material/Button";

/**
 * A button for what cannot be undone (deleting, removing, leaving). The brand's error red (core §1,
 * #f44336) has too little contrast for button text on white or under white text, so the button takes its
 * darker shade; the red stays the same hue.
 */
export function DangerButton({ sx, variant = "contained", ...props }: ButtonProps) {
  const colours =
    variant === "contained"
      ? { bgcolor: "error.dark", color: "common.white", "&:hover": { bgcolor: "error.dark", filter: "brightness(0.9)" } }
      : { color: "error.dark", borderColor: "error.dark", "&:hover": { borderColor: "error.dark" } };
  return <Button color="error" variant={variant} disableElevation sx={[colours, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
