"use client";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { createProject, renameProject } from "@/client/projects/projects-api";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import { updateProjectBodySchema, type ProjectDto } from "@/lib/schemas/project";

/**
 * A new project (no `project`) or a new name for one. Mounted only while open, so every opening
 * starts from the current name.
 */
export function ProjectNameDialog({
  project,
  onClose,
  onSaved,
}: {
  project?: ProjectDto;
  onClose: () => void;
  onSaved: (project: ProjectDto) => void;
}) {
  const t = useTranslations("projects.projectDialog");
  const tp = useTranslations("projects");
  const form = useForm({ name: project?.name ?? "" });
  const submit = form.handleSubmit({
    schema: updateProjectBodySchema,
    fallback: t("error"),
    action: async ({ name }) => {
      onSaved(project ? await renameProject(project.id, name, { toast: false }) : await createProject(name, { toast: false }));
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="project-name-dialog"
      title={project ? t("renameTitle") : t("newTitle")}
      onClose={onClose}
      onSubmit={submit}
      pending={form.pending}
      error={form.formError}
      cancelLabel={tp("cancel")}
      confirmLabel={form.busy ? t("saving") : project ? t("save") : t("create")}
    >
      <TextField label={t("name")} {...form.field("name", " ")} fullWidth autoFocus required sx={{ mt: 1 }} />
    </DialogFrame>
  );
}
