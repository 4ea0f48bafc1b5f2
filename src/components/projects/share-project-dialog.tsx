"use client";
import Alert from "@mui/material/Alert";
import DialogContentText from "@mui/material/DialogContentText";
import { useTranslations } from "next-intl";
import { shareProject } from "@/client/projects/projects-api";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import type { ProjectDto } from "@/lib/schemas/project";

/**
 * Sharing a project with the organisation, which cannot be undone (core §4), so it is confirmed here.
 * The "not in an organisation" refusal is never toasted (core §8): it is shown in the dialog.
 */
export function ShareProjectDialog({
  project,
  onClose,
  onShared,
}: {
  project: ProjectDto;
  onClose: () => void;
  onShared: (project: ProjectDto) => void;
}) {
  const t = useTranslations("projects.shareProject");
  const tp = useTranslations("projects");
  const form = useForm({});
  const submit = form.handleSubmit({
    fallback: t("error"),
    action: async () => {
      onShared(await shareProject(project.id, { toast: false }));
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="share-project-dialog"
      title={t("title")}
      onClose={onClose}
      onSubmit={submit}
      pending={form.pending}
      cancelLabel={tp("cancel")}
      cancelAutoFocus
      confirmLabel={form.busy ? t("sharing") : t("confirm")}
    >
      <DialogContentText sx={{ mb: 2 }}>{t("text", { name: project.name })}</DialogContentText>
      <Alert severity="warning" sx={{ mb: form.formError ? 2 : 0 }}>
        {t("permanent")}
      </Alert>
      {form.formError && (
        <Alert severity="error" data-testid="share-project-error">
          {form.formError}
        </Alert>
      )}
    </DialogFrame>
  );
}
