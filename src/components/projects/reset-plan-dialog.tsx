"use client";
import Alert from "@mui/material/Alert";
import DialogContentText from "@mui/material/DialogContentText";
import { useTranslations } from "next-intl";
import { resetPlan } from "@/client/projects/projects-api";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import type { SignplanDto, SignplanSummaryDto } from "@/lib/schemas/signplan";

/**
 * The reset confirmation (content §4, core §4): removing every sign, text and drawing cannot be undone
 * from the plan, so it is asked first. The reset carries the version the list showed, so a plan someone
 * changed meanwhile is refused (409) rather than emptied unseen.
 */
export function ResetPlanDialog({
  plan,
  onClose,
  onReset,
}: {
  plan: SignplanSummaryDto;
  onClose: () => void;
  onReset: (plan: SignplanDto) => void;
}) {
  const t = useTranslations("projects.resetPlan");
  const tp = useTranslations("projects");
  const form = useForm({});
  const submit = form.handleSubmit({
    fallback: t("error"),
    action: async () => {
      onReset(await resetPlan(plan.id, plan.version, { toast: false }));
      return "done";
    },
  });

  return (
    <DialogFrame
      testId="reset-plan-dialog"
      title={t("title")}
      onClose={onClose}
      onSubmit={submit}
      pending={form.pending}
      cancelLabel={tp("cancel")}
      cancelAutoFocus
      confirmLabel={form.busy ? t("resetting") : t("confirm")}
      confirmColor="error"
    >
      <DialogContentText sx={{ mb: 2 }}>{t("text", { name: plan.name })}</DialogContentText>
      <Alert severity="warning" sx={{ mb: form.formError ? 2 : 0 }}>
        {t("irreversible")}
      </Alert>
      {form.formError && (
        <Alert severity="error" data-testid="reset-plan-error">
          {form.formError}
        </Alert>
      )}
    </DialogFrame>
  );
}
