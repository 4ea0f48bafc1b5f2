"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api } from "@/client/api";
import { useValidationText } from "@/client/form-errors";
import { useCurrentUser } from "@/client/session";
import { feedbackBodySchema } from "@/lib/schemas/feedback";

/** How long the thank-you stays before the dialog closes by itself, in ms (core §9). */
export const FEEDBACK_AUTO_CLOSE_MS = 1000;

type Status = "idle" | "sending" | "success" | "error";

/**
 * The feedback dialog of the user menu (core §4): idle, sending (everything disabled), success (the
 * thanks, then closed after 1 s with the text cleared) and error. The answer is not read (core §7).
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("feedbackDialog");
  const validationText = useValidationText();
  const user = useCurrentUser();
  const [message, setMessage] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  /** The message field's problem (empty after trimming, or too long), shown at the field. */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const closeTimer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (closeTimer.current !== null) window.clearTimeout(closeTimer.current);
    },
    [],
  );

  const sending = status === "sending";

  const close = () => {
    if (sending) return;
    onClose();
    if (status !== "idle") setStatus("idle");
    setFieldError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || status === "success") return;
    const parsed = feedbackBodySchema.shape.message.safeParse(message);
    if (!parsed.success) {
      setFieldError(validationText(parsed.error.issues[0]?.message ?? "feedbackEmpty"));
      return;
    }
    setFieldError(null);
    setStatus("sending");
    // Without a user, name and email are left out and the server fills in its anonymous defaults
    // ('Anonymous User' and the placeholder address); JSON.stringify drops the undefined fields.
    const body = {
      message: parsed.data,
      name: user?.name || undefined,
      email: user?.email || undefined,
      page: window.location.host + window.location.pathname,
    };
    try {
      await api.post("/contact/feedback", body, { toast: false });
      setStatus("success");
      closeTimer.current = window.setTimeout(() => {
        closeTimer.current = null;
        onClose();
        setMessage("");
        setStatus("idle");
      }, FEEDBACK_AUTO_CLOSE_MS);
    } catch {
      setStatus("error");
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="feedback-dialog-title" data-testid="feedback-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="feedback-dialog-title">{t("title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("intro")}</DialogContentText>
          {status === "success" && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {t("success")}
            </Alert>
          )}
          {status === "error" && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t("submitFailure")}
            </Alert>
          )}
          <TextField
            label={t("label")}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={fieldError ?? " "}
            disabled={sending || status === "success"}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            autoFocus
            name="message"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={sending} color="inherit">
            {t("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation disabled={sending || status === "success"}>
            {sending ? t("sending") : t("send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
