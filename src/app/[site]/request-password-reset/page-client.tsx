"use client";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/client/api";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm, EmailField } from "@/components/auth-card";
import { requestPasswordResetAuthBodySchema } from "@/lib/schemas/auth";

/**
 * /request-password-reset: after sending, the same confirmation whether or not the e-mail has an
 * account, so the page cannot be used to find out who is a customer.
 */
export function RequestPasswordResetPageClient() {
  const t = useTranslations("auth");
  const form = useForm({ email: "" });
  const [sent, setSent] = useState(false);
  const submit = form.handleSubmit({
    schema: requestPasswordResetAuthBodySchema,
    fallback: t("requestReset.requestError"),
    action: async (body) => {
      await api.post("/auth/request-password-reset", body, { toast: false });
      setSent(true);
    },
  });

  return (
    <AuthCard title={t("requestReset.title")} intro={sent ? undefined : t("requestReset.intro")} testId="request-reset-page">
      {sent ? (
        <Alert severity="success" data-testid="reset-requested">
          {t("requestReset.sent")}
        </Alert>
      ) : (
        <AuthForm
          onSubmit={submit}
          error={form.formError}
          busy={form.busy}
          submitLabel={form.busy ? t("requestReset.submitting") : t("requestReset.submit")}
        >
          <EmailField label={t("fields.email")} {...form.field("email")} autoFocus />
        </AuthForm>
      )}
      <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
        <Link component={NextLink} href="/login" underline="hover">
          {t("requestReset.backToLogin")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
