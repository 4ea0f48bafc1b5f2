"use client";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { answerFeedback } from "@/client/admin-feedback";
import { errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import { FEEDBACK_ANSWER_MAX, type FeedbackDto } from "@/lib/schemas/admin-feedback";
import { SITES, isSiteId } from "@/sites/registry";

/** "Svar": the answer to one message, mailed to its sender in the language of the site it came from. */
export function FeedbackAnswerDialog({
  feedback,
  onClose,
  onAnswered,
}: {
  feedback: FeedbackDto;
  onClose: () => void;
  onAnswered: (updated: FeedbackDto) => void;
}) {
  const t = useTranslations("admin.feedback");
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const language = isSiteId(feedback.site) ? SITES[feedback.site].locale : "da";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t("answerEmpty"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      onAnswered(await answerFeedback(feedback.id, text));
    } catch (caught) {
      setError(errorMessage(caught, t("answerFailed")));
      setPending(false);
    }
  };

  return (
    <DialogFrame
      testId="feedback-answer-dialog"
      title={t("answerTitle", { name: feedback.name })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
      maxWidth="sm"
      cancelLabel={t("cancel")}
      confirmLabel={t("send")}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={5}
        maxRows={16}
        label={t("answerLabel")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        helperText={t("answerHelp", { email: feedback.email, language: t(`languages.${language}`), max: FEEDBACK_ANSWER_MAX })}
        slotProps={{ htmlInput: { maxLength: FEEDBACK_ANSWER_MAX, "data-testid": "feedback-answer-text" } }}
        sx={{ mt: 1 }}
      />
    </DialogFrame>
  );
}
