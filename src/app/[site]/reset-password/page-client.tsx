"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { ApiRequestError, api } from "@/client/api";
import { LOGIN_AFTER_RESET_HREF } from "@/client/return-path";
import { storeToken } from "@/client/session";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm } from "@/components/auth-card";
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

/** The link's token is checked on arrival (without using it up); the form only shows for a valid one. */
function ResetWithToken({ token }: { token: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [check, setCheck] = useState<Check>("checking");
  const [attempt, setAttempt] = useState(0);
  const form = useForm({ password: "", confirmPassword: "" });

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

  const submit = form.handleSubmit({
    schema: resetPasswordFormSchema,
    fallback: t("resetPassword.resetError"),
    onError: (error) => {
      if (!(error instanceof ApiRequestError && error.status === 400)) return undefined;
      setCheck("invalid"); // used or expired meanwhile
      return null;
    },
    action: async ({ password }) => {
      await api.post("/auth/reset-password", { token, password }, { toast: false });
      // Every session from before the change has ended on the server; drop this browser's too.
      storeToken(null);
      router.push(LOGIN_AFTER_RESET_HREF);
      return "done";
    },
  });

  if (check === "invalid") return <InvalidLink />;

  return (
    <AuthCard
      title={t("resetPassword.title")}
      intro={check === "valid" ? t("resetPassword.intro") : undefined}
      testId="reset-password-page"
    >
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
        <AuthForm
          onSubmit={submit}
          error={form.formError}
          busy={form.busy}
          submitLabel={form.busy ? t("resetPassword.submitting") : t("resetPassword.submit")}
        >
          <PasswordField
            label={t("fields.newPassword")}
            autoComplete="new-password"
            autoFocus
            {...form.field("password", t("fields.passwordHint"))}
            required
            fullWidth
          />
          <PasswordField
            label={t("fields.confirmPassword")}
            autoComplete="new-password"
            {...form.field("confirmPassword")}
            required
            fullWidth
          />
        </AuthForm>
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
