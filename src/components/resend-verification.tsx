"use client";
import Box from "@mui/material/Box";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText } from "@/client/form-errors";
import { resendVerificationAuthBodySchema } from "@/lib/schemas/auth";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "failed"; message: string };

/**
 * "Send the link again" (core §4): POST /auth/resend-verification, then a success or error line. With
 * a known e-mail it is one button; otherwise the user types the address first.
 */
export function ResendVerification({ email, variant = "contained" }: { email?: string | null; variant?: ButtonProps["variant"] }) {
  const t = useTranslations("auth.resend");
  const tf = useTranslations("auth.fields");
  const validationText = useValidationText();
  const [typed, setTyped] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const sending = status.kind === "sending";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = resendVerificationAuthBodySchema.safeParse({ email: email ?? typed });
    if (!parsed.success) {
      setFieldError(fieldErrorsOf<"email">(parsed.error, validationText).email);
      return;
    }
    setFieldError(undefined);
    setStatus({ kind: "sending" });
    try {
      await api.post("/auth/resend-verification", parsed.data, { toast: false });
      setStatus({ kind: "sent", email: parsed.data.email });
    } catch (error) {
      setStatus({ kind: "failed", message: errorMessage(error, t("error")) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="resend-verification">
      <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
        {!email && (
          <TextField
            label={tf("email")}
            type="email"
            name="email"
            autoComplete="email"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setFieldError(undefined);
            }}
            error={!!fieldError}
            helperText={fieldError}
            disabled={sending}
            size="small"
            fullWidth
          />
        )}
        <Button type="submit" variant={variant} disableElevation disabled={sending} size="small">
          {sending ? t("sending") : t("button")}
        </Button>
        {status.kind === "sent" && (
          <Typography role="status" variant="body2" sx={{ color: "success.dark", ".dark &": { color: "success.light" }, fontWeight: 600 }}>
            {t("success", { email: status.email })}
          </Typography>
        )}
        {status.kind === "failed" && (
          <Typography role="alert" variant="body2" sx={{ color: "error.dark", ".dark &": { color: "error.light" }, fontWeight: 600 }}>
            {status.message}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
