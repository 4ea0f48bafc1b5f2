"use client";
import CloudDoneOutlinedIcon from "@mui/icons-material/CloudDoneOutlined";
import CloudOffOutlinedIcon from "@mui/icons-material/CloudOffOutlined";
import CloudSyncOutlinedIcon from "@mui/icons-material/CloudSyncOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import LockClockOutlinedIcon from "@mui/icons-material/LockClockOutlined";
import WarningAmberOutlinedIcon from "@mui/icons-material/WarningAmberOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import type { ReactElement } from "react";
import type { AutosaveState, AutosaveStatus, Autosaver } from "@/editor/core/store/autosave";
import { useAutosaveStatus } from "@/editor/ui/sync/use-plan-sync";

export interface SaveStateIndicatorProps {
  autosaver: Autosaver;
  /** The conflict state's button: shows the conflict dialog again (usePlanSync().openConflictDialog). */
  onConflictClick?: () => void;
}

const ICONS: Record<AutosaveState, ReactElement> = {
  saved: <CloudDoneOutlinedIcon fontSize="small" />,
  pending: <CloudSyncOutlinedIcon fontSize="small" />,
  saving: <CloudSyncOutlinedIcon fontSize="small" />,
  offline: <CloudOffOutlinedIcon fontSize="small" />,
  conflict: <WarningAmberOutlinedIcon fontSize="small" />,
  error: <ErrorOutlineIcon fontSize="small" />,
  blocked: <LockClockOutlinedIcon fontSize="small" />,
};

const COLOURS: Record<AutosaveState, string> = {
  saved: "text.secondary",
  pending: "text.secondary",
  saving: "text.secondary",
  offline: "warning.main",
  conflict: "warning.main",
  error: "error.main",
  blocked: "warning.main",
};

/**
 * The save state in the editor toolbar (DESIGN.md: autosave "shows the save state"): saved, saving,
 * offline and retrying, conflict, or not saved with the server's reason. A polite live region, so a
 * screen reader hears when saving stops working, not only a sighted user. `data-state` is the
 * autosaver's state, for the end-to-end tests.
 */
export function SaveStateIndicator({ autosaver, onConflictClick }: SaveStateIndicatorProps) {
  const t = useTranslations("editorSync.saveState");
  const status = useAutosaveStatus(autosaver) ?? autosaver.getStatus();
  const { label, hint } = describe(status, t);
  const retry = status.state === "offline" || (status.state === "error" && !status.stopped);
  const colour = status.conflicts.length > 0 ? "warning.main" : COLOURS[status.state];

  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={status.state}
      data-version={status.version}
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, minWidth: 0, color: colour }}
    >
      <Tooltip title={hint} describeChild>
        <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, minWidth: 0 }} tabIndex={0}>
          {ICONS[status.state]}
          <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 140, md: 320 }, color: "inherit" }} data-testid="save-state-label">
            {label}
          </Typography>
        </Box>
      </Tooltip>
      {status.state === "conflict" && onConflictClick && (
        <Button size="small" color="warning" onClick={onConflictClick} sx={{ minWidth: 0, py: 0 }} data-testid="save-state-resolve">
          {t("resolve")}
        </Button>
      )}
      {retry && (
        // Saves now instead of waiting for the next retry or change; the outcome shows in the state.
        <Button
          size="small"
          color="inherit"
          onClick={() => void autosaver.flush()}
          sx={{ minWidth: 0, py: 0 }}
          data-testid="save-state-retry"
        >
          {t("retryNow")}
        </Button>
      )}
    </Box>
  );
}

function describe(status: AutosaveStatus, t: ReturnType<typeof useTranslations<"editorSync.saveState">>): { label: string; hint: string } {
  // Issue 36: a conflict with a colleague's change holds its element back while everything else saves.
  if (status.conflicts.length > 0 && (status.state === "saved" || status.state === "pending" || status.state === "saving")) {
    return { label: t("choiceNeeded"), hint: t("choiceNeededHint") };
  }
  switch (status.state) {
    case "saved":
      return { label: t("saved"), hint: t("savedHint") };
    case "pending":
    case "saving":
      return { label: t("saving"), hint: t("savingHint") };
    case "offline":
      return status.retry?.reason === "server"
        ? { label: t("serverDown"), hint: t("offlineHint") }
        : { label: t("offline"), hint: t("offlineHint") };
    case "conflict":
      return { label: t("conflict"), hint: t("conflictHint") };
    case "blocked":
      // Waiting, not failing: the edits are sent by themselves when the account is reactivated.
      return { label: t("blocked"), hint: t("blockedHint") };
    case "error":
      if (status.stopped) return { label: t("loggedOut"), hint: t("loggedOutHint") };
      // The label may be cut off in a narrow toolbar; the tooltip holds the whole message.
      return status.errorMessage
        ? { label: t("error", { message: status.errorMessage }), hint: `${status.errorMessage} ${t("errorHint")}` }
        : { label: t("errorUnknown"), hint: t("errorHint") };
  }
}
