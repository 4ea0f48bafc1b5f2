"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { copyPlan } from "@/client/projects/projects-api";
import type { ProjectDto } from "@/lib/schemas/project";
import { copySignplanBodySchema, type SignplanDto, type SignplanSummaryDto } from "@/lib/schemas/signplan";

/** A copy of a plan in a chosen project under a new name (core §4). */
export function CopyPlanDialog({
  plan,
  projects,
  onClose,
  onCopied,
}: {
  plan: SignplanSummaryDto;
  /** The active projects the copy can go to. */
  projects: ProjectDto[];
  onClose: () => void;
  onCopied: (copy: SignplanDto) => void;
}) {
  const t = useTranslations("projects.copyPlan");
  const tp = useTranslations("projects");
  const validationText = useValidationText();
  const [name, setName] = useState(() => t("defaultName", { name: plan.name }));
  const [projectId, setProjectId] = useState(() => String(projects.some((p) => p.id === plan.project_id) ? plan.project_id : (projects[0]?.id ?? "")));
  const [errors, setErrors] = useState<FieldErrors<"name" | "project_id">>({});
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (copying) return;
    const parsed = copySignplanBodySchema.safeParse({ name, project_id: projectId || undefined });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, validationText));
      return;
    }
    setErrors({});
    setError(null);
    setCopying(true);
    try {
      onCopied(await copyPlan(plan.id, parsed.data, { toast: false }));
    } catch (failure) {
      setError(errorMessage(failure, t("error")));
      setCopying(false);
    }
  };

  const titleId = "copy-plan-dialog-title";
  return (
    <Dialog open onClose={copying ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="copy-plan-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t("title", { name: plan.name })}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("name")}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              error={!!errors.name}
              helperText={errors.name}
              disabled={copying}
              required
              fullWidth
              autoFocus
              name="name"
            />
            <TextField
              select
              label={t("project")}
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
              error={!!errors.project_id}
              helperText={errors.project_id}
              disabled={copying}
              required
              fullWidth
              name="project"
              slotProps={{ select: { native: true } }}
            >
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={copying} color="inherit">
            {tp("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation disabled={copying}>
            {copying ? t("copying") : t("submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
