"use client";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { copyPlan } from "@/client/projects/projects-api";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
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
  const form = useForm({
    name: t("defaultName", { name: plan.name }),
    project_id: String(projects.some((p) => p.id === plan.project_id) ? plan.project_id : (projects[0]?.id ?? "")),
  });
  const submit = form.handleSubmit({
    schema: copySignplanBodySchema,
    input: (values) => ({ ...values, project_id: values.project_id || undefined }),
    fallback: t("error"),
    action: async (body) => {
      onCopied(await copyPlan(plan.id, body, { toast: false }));
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="copy-plan-dialog"
      title={t("title", { name: plan.name })}
      onClose={onClose}
      onSubmit={submit}
      pending={form.pending}
      error={form.formError}
      cancelLabel={tp("cancel")}
      confirmLabel={form.busy ? t("copying") : t("submit")}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField label={t("name")} {...form.field("name")} required fullWidth autoFocus />
        <TextField
          select
          label={t("project")}
          {...form.field("project_id")}
          name="project"
          required
          fullWidth
          slotProps={{ select: { native: true } }}
        >
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </TextField>
      </Stack>
    </DialogFrame>
  );
}
