"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { errorMessage } from "@/client/api";
import { resetPlan } from "@/client/projects/projects-api";
import type { SignplanDto, SignplanSummaryDto } from "@/lib/schemas/signplan";

/**
 * The reset confirmation (content §4, core §4): removing every sign, text and drawing cannot be undone
 * from the plan, so it is asked first. The reset carries the version the list showed, so a plan someone
 * changed meanwhile is refused (409) rather than emptied unseen.
 */
export function ResetPlanDialog({ plan, onClose, onReset }: { plan: SignplanSummaryDto; onClose: () => void; onReset: (plan: SignplanDto) => void }) {
  const t = useTranslations("projects.resetPlan");
  const tp = useTranslations("projects");
  const [error, setError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);

  const confirm = async () => {
    setResetting(true);
    setError(null);
    try {
      onReset(await resetPlan(plan.id, plan.version, { toast: false }));
    } catch (failure) {
      setError(errorMessage(failure, t("error")));
      setResetting(false);
    }
  };

  const titleId = "reset-plan-dialog-title";
  return (
    <Dialog open onClose={resetting ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="reset-plan-dialog">
      <DialogTitle id={titleId}>{t("title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("text", { name: plan.name })}</DialogContentText>
        <Alert severity="warning" sx={{ mb: error ? 2 : 0 }}>
          {t("irreversible")}
        </Alert>
        {error && (
          <Alert severity="error" data-testid="reset-plan-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={resetting} color="inherit" autoFocus>
          {tp("cancel")}
        </Button>
        <Button onClick={confirm} variant="contained" color="error" disableElevation disabled={resetting}>
          {resetting ? t("resetting") : t("confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
