"use client";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { ApiRequestError, api } from "@/client/api";
import { REGISTER_INVITE_PARAM, verifyEmailHref } from "@/client/return-path";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm, EmailField } from "@/components/auth-card";
import { PasswordField } from "@/components/password-field";
import { useSite } from "@/components/site-context";
import { registerAuthBodySchema } from "@/lib/schemas/auth";

interface InviteParams {
  email: string;
  token: string;
}

/** Opened from an invitation (/register?email=…&invite=…): hands both to the form once hydrated. */
function InviteFromQuery({ onFound }: { onFound: (invite: InviteParams) => void }) {
  const params = useSearchParams();
  const email = params.get("email");
  const token = params.get(REGISTER_INVITE_PARAM);
  useEffect(() => {
    if (email && token) onFound({ email: email.trim().toLowerCase(), token });
  }, [email, token, onFound]);
  return null;
}

/**
 * /register (core §2, §8): name, e-mail and a password of at least 6 characters, checked with the
 * server's own schema before sending; then on to the confirm-your-e-mail page. An e-mail that already
 * has an account is answered the same (nobody learns which e-mails have accounts); its owner gets a
 * mail that says so, with the sister-site notice when the account was made on a sister site.
 * Opened from an organisation's invitation, the invited e-mail is filled in and fixed, and the link's
 * token goes along: confirming the e-mail then makes the new account a member (issue 30).
 */
export function RegisterPageClient() {
  const t = useTranslations("auth");
  const ti = useTranslations("invites.register");
  const router = useRouter();
  const product = useSite().productName;
  const form = useForm({ name: "", email: "", password: "" });
  const [invite, setInvite] = useState<InviteParams | null>(null);
  const { set } = form;
  const [onInvite] = useState(() => (found: InviteParams) => {
    setInvite(found);
    set("email", found.email);
  });

  const submit = form.handleSubmit({
    schema: registerAuthBodySchema,
    input: (values) => (invite ? { ...values, email: invite.email, inviteToken: invite.token } : values),
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
      <Suspense fallback={null}>
        <InviteFromQuery onFound={onInvite} />
      </Suspense>
      {invite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="register-from-invite">
          {ti("fromInvite", { email: invite.email })}
        </Alert>
      )}
      <AuthForm
        onSubmit={submit}
        error={form.formError}
        busy={form.busy}
        submitLabel={form.busy ? t("register.submitting") : t("register.submit")}
      >
        <TextField label={t("fields.name")} autoComplete="name" autoFocus {...form.field("name")} required fullWidth />
        <EmailField
          label={t("fields.email")}
          {...form.field("email", invite ? ti("emailFixed") : undefined)}
          slotProps={invite ? { htmlInput: { readOnly: true } } : undefined}
        />
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
