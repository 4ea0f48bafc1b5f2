"use client";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ApiRequestError, api } from "@/client/api";
import { verifyEmailHref } from "@/client/return-path";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm, EmailField } from "@/components/auth-card";
import { PasswordField } from "@/components/password-field";
import { useSite } from "@/components/site-context";
import { registerAuthBodySchema } from "@/lib/schemas/auth";

/**
 * /register (core §2, §8): name, e-mail and a password of at least 6 characters, checked with the
 * server's own schema before sending; then on to the confirm-your-e-mail page. An e-mail that already
 * has an account is answered the same (nobody learns which e-mails have accounts); its owner gets a
 * mail that says so, with the sister-site notice when the account was made on a sister site.
 */
export function RegisterPageClient() {
  const t = useTranslations("auth");
  const router = useRouter();
  const product = useSite().productName;
  const form = useForm({ name: "", email: "", password: "" });

  const submit = form.handleSubmit({
    schema: registerAuthBodySchema,
    // A refusal (validation, too many attempts) in the server's words; no connection in the client's.
    fallback: t("register.generalError"),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status >= 500) return t("register.registrationError");
      return undefined;
    },
    action: async (body) => {
      await api.post("/auth/register", body);
      router.push(verifyEmailHref(body.email));
      return "done";
    },
  });

  return (
    <AuthCard title={t("register.title")} intro={t("register.intro", { product })} testId="register-page">
      <AuthForm
        onSubmit={submit}
        error={form.formError}
        busy={form.busy}
        submitLabel={form.busy ? t("register.submitting") : t("register.submit")}
      >
        <TextField label={t("fields.name")} autoComplete="name" autoFocus {...form.field("name")} required fullWidth />
        <EmailField label={t("fields.email")} {...form.field("email")} />
        <PasswordField
          label={t("fields.password")}
          autoComplete="new-password"
          {...form.field("password", t("fields.passwordHint"))}
          required
          fullWidth
        />
      </AuthForm>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: "center" }}>
        {t("register.haveAccount")}{" "}
        <Link component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 700 }}>
          {t("register.loginLink")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
