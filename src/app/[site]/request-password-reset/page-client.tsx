"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText } from "@/client/form-errors";
import { AuthCard } from "@/components/auth-card";
import { requestPasswordResetAuthBodySchema } from "@/lib/schemas/auth";

/**
 * /request-password-reset: after sending, the same confirmation whether or not the e-mail has an
 * account, so the page cannot be used to find out who is a customer.
 */
export function RequestPasswordResetPageClient() {
  const t = useTranslations("auth");
  const validationText = useValidationText();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = requestPasswordResetAuthBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(fieldErrorsOf<"email">(parsed.error, validationText).email);
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    setSending(true);
    try {
      await api.post("/auth/request-password-reset", parsed.data, { toast: false });
      setSent(true);
    } catch (error) {
      setFormError(errorMessage(error, t("requestReset.requestError")));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title={t("requestReset.title")} intro={sent ? undefined : t("requestReset.intro")} testId="request-reset-page">
      {sent ? (
        <Alert severity="success" data-testid="reset-requested">
          {t("requestReset.sent")}
        </Alert>
      ) : (
        <>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
              {formError}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              <TextField
                label={t("fields.email")}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setFieldError(undefined);
                }}
                error={!!fieldError}
                helperText={fieldError}
                disabled={sending}
                required
                fullWidth
                autoFocus
              />
              <Button type="submit" variant="contained" size="large" disableElevation disabled={sending} fullWidth>
                {sending ? t("requestReset.submitting") : t("requestReset.submit")}
              </Button>
            </Stack>
          </Box>
        </>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
        <Link component={NextLink} href="/login" underline="hover">
          {t("requestReset.backToLogin")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
