"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useState, type FormEvent } from "react";
import { ApiRequestError, api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { LOGIN_AFTER_RESET_HREF } from "@/client/return-path";
import { storeToken } from "@/client/session";
import { AuthCard } from "@/components/auth-card";
import { LinkButton } from "@/components/link-button";
import { PasswordField } from "@/components/password-field";
import { resetPasswordFormSchema, verifyResetTokenAuthBodySchema } from "@/lib/schemas/auth";

function Checking() {
  const t = useTranslations("auth.resetPassword");
  return (
    <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 2 }} data-testid="reset-checking">
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{t("checking")}</Typography>
    </Box>
  );
}

/** The link is unknown, expired or used: say so, and offer a new one. */
function InvalidLink() {
  const t = useTranslations("auth.resetPassword");
  return (
    <AuthCard title={t("title")} testId="reset-password-page">
      <Alert severity="error" sx={{ mb: 3 }} data-testid="invalid-link">
        {t("invalidLink")}
      </Alert>
      <LinkButton href="/request-password-reset" variant="contained" disableElevation fullWidth size="large">
        {t("requestNewLink")}
      </LinkButton>
    </AuthCard>
  );
}

type Check = "checking" | "valid" | "invalid" | "failed";
type Field = "password" | "confirmPassword";

/** The link's token is checked on arrival (without using it up); the form only shows for a valid one. */
function ResetWithToken({ token }: { token: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const validationText = useValidationText();
  const [check, setCheck] = useState<Check>("checking");
  const [attempt, setAttempt] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let current = true;
    api
      .post("/auth/verify-reset-token", { token }, { toast: false })
      .then(() => current && setCheck("valid"))
      .catch((error: unknown) => {
        if (current) setCheck(error instanceof ApiRequestError && error.status === 400 ? "invalid" : "failed");
      });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = resetPasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error, validationText));
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      await api.post("/auth/reset-password", { token, password: parsed.data.password }, { toast: false });
      // Every session from before the change has ended on the server; drop this browser's too.
      storeToken(null);
      router.push(LOGIN_AFTER_RESET_HREF);
    } catch (error) {
      setSending(false);
      const body = error instanceof ApiRequestError ? error.body : null;
      const field = typeof body === "object" && body !== null ? (body as { field?: unknown }).field : undefined;
      if (error instanceof ApiRequestError && error.status === 400 && field === "password") setErrors({ password: error.message });
      else if (error instanceof ApiRequestError && error.status === 400) setCheck("invalid"); // used or expired meanwhile
      else setFormError(errorMessage(error, t("resetPassword.resetError")));
    }
  };

  if (check === "invalid") return <InvalidLink />;

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [field]: e.target.value });
      if (errors[field]) setErrors({ ...errors, [field]: undefined });
    },
    error: !!errors[field],
    disabled: sending,
    required: true,
    fullWidth: true,
  });

  return (
    <AuthCard title={t("resetPassword.title")} intro={check === "valid" ? t("resetPassword.intro") : undefined} testId="reset-password-page">
      {check === "checking" && <Checking />}
      {check === "failed" && (
        <Alert
          severity="error"
          data-testid="form-error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setCheck("checking");
                setAttempt((n) => n + 1);
              }}
            >
              {t("resetPassword.retry")}
            </Button>
          }
        >
          {t("resetPassword.verificationError")}
        </Alert>
      )}
      {check === "valid" && (
        <>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
              {formError}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              <PasswordField
                label={t("fields.newPassword")}
                autoComplete="new-password"
                helperText={errors.password ?? t("fields.passwordHint")}
                autoFocus
                {...bind("password")}
              />
              <PasswordField label={t("fields.confirmPassword")} autoComplete="new-password" helperText={errors.confirmPassword} {...bind("confirmPassword")} />
              <Button type="submit" variant="contained" size="large" disableElevation disabled={sending} fullWidth>
                {sending ? t("resetPassword.submitting") : t("resetPassword.submit")}
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </AuthCard>
  );
}

function ResetPassword() {
  const token = useSearchParams().get("token") ?? "";
  // A link that cannot be one of ours is refused without asking the server.
  if (!verifyResetTokenAuthBodySchema.safeParse({ token }).success) return <InvalidLink />;
  return <ResetWithToken key={token} token={token} />;
}

/** /reset-password?token=…: the new password, twice (core §4, §8). */
export function ResetPasswordPageClient() {
  const t = useTranslations("auth.resetPassword");
  return (
    <Suspense
      fallback={
        <AuthCard title={t("title")} testId="reset-password-page">
          <Checking />
        </AuthCard>
      }
    >
      <ResetPassword />
    </Suspense>
  );
}
