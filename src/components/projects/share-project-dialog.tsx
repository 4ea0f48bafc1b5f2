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
import { shareProject } from "@/client/projects/projects-api";
import type { ProjectDto } from "@/lib/schemas/project";

/**
 * Sharing a project with the organisation, which cannot be undone (core §4), so it is confirmed here.
 * The "not in an organisation" refusal is never toasted (core §8): it is shown in the dialog.
 */
export function ShareProjectDialog({ project, onClose, onShared }: { project: ProjectDto; onClose: () => void; onShared: (project: ProjectDto) => void }) {
  const t = useTranslations("projects.shareProject");
  const tp = useTranslations("projects");
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);

  const confirm = async () => {
    setSharing(true);
    setError(null);
    try {
      onShared(await shareProject(project.id, { toast: false }));
    } catch (failure) {
      setError(errorMessage(failure, t("error")));
      setSharing(false);
    }
  };

  const titleId = "share-project-dialog-title";
  return (
    <Dialog open onClose={sharing ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="share-project-dialog">
      <DialogTitle id={titleId}>{t("title")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("text", { name: project.name })}</DialogContentText>
        <Alert severity="warning" sx={{ mb: error ? 2 : 0 }}>
          {t("permanent")}
        </Alert>
        {error && (
          <Alert severity="error" data-testid="share-project-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={sharing} color="inherit" autoFocus>
          {tp("cancel")}
        </Button>
        <Button onClick={confirm} variant="contained" disableElevation disabled={sharing}>
          {sharing ? t("sharing") : t("confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
