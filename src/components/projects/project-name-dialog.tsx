"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/api";
import { useValidationText } from "@/client/form-errors";
import { createProject, renameProject } from "@/client/projects/projects-api";
import { projectNameSchema, type ProjectDto } from "@/lib/schemas/project";

/**
 * A new project (no `project`) or a new name for one. Mounted only while open, so every opening
 * starts from the current name.
 */
export function ProjectNameDialog({ project, onClose, onSaved }: { project?: ProjectDto; onClose: () => void; onSaved: (project: ProjectDto) => void }) {
  const t = useTranslations("projects.projectDialog");
  const tp = useTranslations("projects");
  const validationText = useValidationText();
  const [name, setName] = useState(project?.name ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = projectNameSchema.safeParse(name);
    if (!parsed.success) {
      setFieldError(validationText(parsed.error.issues[0]?.message ?? "projectNameRequired"));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = project ? await renameProject(project.id, parsed.data, { toast: false }) : await createProject(parsed.data, { toast: false });
      onSaved(saved);
    } catch (failure) {
      setError(errorMessage(failure, t("error")));
      setSaving(false);
    }
  };

  const titleId = "project-name-dialog-title";
  return (
    <Dialog open onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="project-name-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{project ? t("renameTitle") : t("newTitle")}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={t("name")}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? " "}
            disabled={saving}
            fullWidth
            autoFocus
            required
            name="name"
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {tp("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation disabled={saving}>
            {saving ? t("saving") : project ? t("save") : t("create")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
