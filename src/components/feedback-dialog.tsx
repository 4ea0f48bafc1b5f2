"use client";
import Alert from "@mui/material/Alert";
import DialogContentText from "@mui/material/DialogContentText";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent } from "react";
import { api } from "@/client/api";
import { useCurrentUser } from "@/client/session";
import { useForm } from "@/client/use-form";
import { DialogFrame } from "@/components/dialog-frame";
import { feedbackBodySchema } from "@/lib/schemas/feedback";

/** How long the thank-you stays before the dialog closes by itself, in ms (core §9). */
export const FEEDBACK_AUTO_CLOSE_MS = 1000;

const feedbackFormSchema = feedbackBodySchema.pick({ message: true });

/**
 * The feedback dialog of the user menu (core §4): idle, sending (everything disabled), success (the
 * thanks, then closed after 1 s with the text cleared) and error. The answer is not read (core §7).
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("feedbackDialog");
  const user = useCurrentUser();
  const form = useForm({ message: "" });
  const closeAfterThanks = useEffectEvent(() => {
    onClose();
    form.reset();
  });
  useEffect(() => {
    if (!form.done) return;
    const timer = window.setTimeout(closeAfterThanks, FEEDBACK_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [form.done]);

  /**
   * Closed by the user: the text stays for the next opening, the outcome of the last sending does not;
   * after the thanks the text has arrived, so it goes as it would have a moment later.
   */
  const close = () => {
    onClose();
    form.reset(form.done ? undefined : form.values);
  };

  const submit = form.handleSubmit({
    schema: feedbackFormSchema,
    fallback: t("submitFailure"),
    // Whatever the reason, the dialog says the same: the feedback did not arrive.
    onError: () => t("submitFailure"),
    action: async ({ message }) => {
      // Without a user, name and email are left out and the server fills in its anonymous defaults
      // ('Anonymous User' and the placeholder address); JSON.stringify drops the undefined fields.
      const body = {
        message,
        name: user?.name || undefined,
        email: user?.email || undefined,
        page: window.location.host + window.location.pathname,
      };
      await api.post("/contact/feedback", body, { toast: false });
      return "done"; // the thanks, then closed by the effect above
    },
  });

  return (
    <DialogFrame
      testId="feedback-dialog"
      title={t("title")}
      open={open}
      maxWidth="sm"
      onClose={close}
      onSubmit={submit}
      pending={form.pending}
      cancelLabel={t("cancel")}
      confirmLabel={form.pending ? t("sending") : t("send")}
      confirmDisabled={form.done}
    >
      <DialogContentText sx={{ mb: 2 }}>{t("intro")}</DialogContentText>
      {form.done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t("success")}
        </Alert>
      )}
      {form.formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {form.formError}
        </Alert>
      )}
      <TextField label={t("label")} {...form.field("message", " ")} multiline minRows={4} maxRows={12} fullWidth autoFocus />
    </DialogFrame>
  );
}
