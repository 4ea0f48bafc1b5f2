"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogContentText from "@mui/material/DialogContentText";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useState } from "react";
import { ApiRequestError, api } from "@/client/api";
import { DEFAULT_AFTER_LOGIN, PASSWORD_CHANGED_PARAM, firstOrganisationHref, returnPathFrom } from "@/client/return-path";
import { decodeToken, storeToken } from "@/client/session";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm, EmailField } from "@/components/auth-card";
import { DialogFrame } from "@/components/dialog-frame";
import { PasswordField } from "@/components/password-field";
import { ResendVerification } from "@/components/resend-verification";
import { useSite } from "@/components/site-context";
import { SISTER_NOTICE_PARAM, loginAuthBodySchema, loginResponseSchema } from "@/lib/schemas/auth";
import { SITES, isSiteId } from "@/sites/registry";

/** Says so when the user arrives from a successful password reset (read from the query after hydration). */
function PasswordChangedNotice() {
  const t = useTranslations("auth.login");
  if (useSearchParams().get(PASSWORD_CHANGED_PARAM) !== "done") return null;
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      {t("passwordChanged")}
    </Alert>
  );
}

/**
 * The notice of core §1 that the e-mail has an account on a sister site whose login works here too,
 * shown when the user arrives from the link in the mail that registering with that e-mail sent.
 */
function SisterSiteNotice() {
  const t = useTranslations("auth.sisterSite");
  const product = useSite().productName;
  const params = useSearchParams();
  const [closed, setClosed] = useState(false);
  const sister = params.get(SISTER_NOTICE_PARAM);
  const email = params.get("email");
  if (!isSiteId(sister) || !email) return null;
  const close = () => setClosed(true);
  return (
    <DialogFrame
      testId="sister-site-dialog"
      title={t("title")}
      open={!closed}
      maxWidth="sm"
      fullWidth={false}
      onClose={close}
      cancelLabel={t("cancel")}
      confirmAction={
        <Button variant="contained" disableElevation onClick={close}>
          {t("login")}
        </Button>
      }
    >
      <DialogContentText>{t("text", { email, sisterProduct: SITES[sister].productName, product })}</DialogContentText>
    </DialogFrame>
  );
}

/**
 * /login (core §2, §8): e-mail and password; afterwards the remembered origin or /app. An account
 * whose e-mail is not confirmed is logged in (the token says so) and offered the link again here.
 */
export function LoginPageClient() {
  const t = useTranslations("auth");
  const router = useRouter();
  const product = useSite().productName;
  const form = useForm({ email: "", password: "" });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const submit = form.handleSubmit({
    schema: loginAuthBodySchema,
    fallback: t("login.genericError"),
    onError: (error) => (error instanceof ApiRequestError && error.status === 401 ? t("login.invalidCredentials") : undefined),
    action: async (body) => {
      setUnverifiedEmail(null);
      const { access_token, firstLogin } = await api.post("/auth/login", body, { schema: loginResponseSchema });
      storeToken(access_token);
      const claims = decodeToken(access_token);
      if (claims && !claims.isVerified) {
        setUnverifiedEmail(claims.email);
        return;
      }
      const next = returnPathFrom(window.location.search);
      // Core §2: the first login offers to create the organisation (skippable) to a user in none; one
      // who was on the way to a page of their own (an invitation, say) goes there instead.
      const offer = firstLogin && claims?.organizationId == null && next === DEFAULT_AFTER_LOGIN;
      router.replace(offer ? firstOrganisationHref(next) : next);
      return "done";
    },
  });

  return (
    <AuthCard title={t("login.title")} intro={t("login.intro", { product })} testId="login-page">
      <Suspense fallback={null}>
        <PasswordChangedNotice />
        <SisterSiteNotice />
      </Suspense>
      {unverifiedEmail && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="unverified-notice">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t("login.notVerified", { email: unverifiedEmail })}
          </Typography>
          <ResendVerification email={unverifiedEmail} variant="outlined" />
        </Alert>
      )}
      <AuthForm
        onSubmit={submit}
        error={form.formError}
        busy={form.busy}
        submitLabel={form.busy ? t("login.submitting") : t("login.submit")}
      >
        <EmailField label={t("fields.email")} {...form.field("email")} autoFocus />
        <PasswordField label={t("fields.password")} autoComplete="current-password" {...form.field("password")} required fullWidth />
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: -1 }}>
          <Link component={NextLink} href="/request-password-reset" variant="body2" underline="hover">
            {t("login.forgotPassword")}
          </Link>
        </Box>
      </AuthForm>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: "center" }}>
        {t("login.noAccount")}{" "}
        <Link component={NextLink} href="/register" underline="hover" sx={{ fontWeight: 700 }}>
          {t("login.registerLink")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
