"use client";
import Alert from "@mui/material/Alert";
import Button, { type ButtonProps } from "@mui/material/Button";
import Dialog, { type DialogProps } from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { FormEvent, ReactNode } from "react";

/**
 * The one frame of the app's small dialogs: the title that names the dialog (aria-labelledby), the
 * content with the form's error at its top, and Cancel beside the confirm button. With `onSubmit` the
 * whole dialog is a form, so Enter in a field confirms; while `pending` it cannot be closed and both
 * buttons are disabled, so a request is neither sent twice nor left unseen.
 */
export function DialogFrame({
  testId,
  title,
  children,
  onClose,
  open = true,
  maxWidth = "xs",
  fullWidth = true,
  onSubmit,
  pending = false,
  error,
  cancelLabel,
  cancelAutoFocus,
  cancelTestId,
  confirmLabel,
  confirmColor,
  confirmDisabled,
  confirmAction,
}: {
  /** The dialog's data-testid; its title's id is derived from it. */
  testId: string;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  open?: boolean;
  maxWidth?: DialogProps["maxWidth"];
  fullWidth?: boolean;
  onSubmit?: (event: FormEvent) => void;
  pending?: boolean;
  error?: string | null;
  cancelLabel: string;
  /** For a dialog that asks before something cannot be undone: Enter alone does not confirm it. */
  cancelAutoFocus?: boolean;
  /** The Cancel button's data-testid, where a test presses it. */
  cancelTestId?: string;
  /** The label of the submit button; without it (and without `confirmAction`) there is only Cancel. */
  confirmLabel?: string;
  confirmColor?: ButtonProps["color"];
  confirmDisabled?: boolean;
  /** Another button in the confirm button's place (a link, or a step after the form). */
  confirmAction?: ReactNode;
}) {
  const titleId = `${testId}-title`;
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {children}
      </DialogContent>
      {/* Buttons that do not fit beside each other on a phone go onto a second row, not out of the dialog. */}
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: "wrap", rowGap: 1 }}>
        <Button onClick={onClose} disabled={pending} color="inherit" autoFocus={cancelAutoFocus} data-testid={cancelTestId}>
          {cancelLabel}
        </Button>
        {confirmAction ??
          (confirmLabel && (
            <Button type="submit" variant="contained" color={confirmColor} disableElevation disabled={pending || confirmDisabled}>
              {confirmLabel}
            </Button>
          ))}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth={fullWidth}
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
