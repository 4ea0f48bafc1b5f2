"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useState, type FormEvent } from "react";
import { ApiRequestError, api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { PASSWORD_CHANGED_PARAM, returnPathFrom } from "@/client/return-path";
import { decodeToken, storeToken } from "@/client/session";
import { AuthCard } from "@/components/auth-card";
import { PasswordField } from "@/components/password-field";
import { ResendVerification } from "@/components/resend-verification";
import { useSite } from "@/components/site-context";
import { accessTokenResponseSchema, loginAuthBodySchema } from "@/lib/schemas/auth";

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

type Field = "email" | "password";

/**
 * /login (core §2, §8): e-mail and password; afterwards the remembered origin or /app. An account
 * whose e-mail is not confirmed is logged in (the token says so) and offered the link again here.
 */
export function LoginPageClient() {
  const t = useTranslations("auth");
  const router = useRouter();
  const product = useSite().productName;
  const validationText = useValidationText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const change = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = loginAuthBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error, validationText));
      return;
    }
    setErrors({});
    setFormError(null);
    setUnverifiedEmail(null);
    setSending(true);
    try {
      const { access_token } = await api.post("/auth/login", parsed.data, { schema: accessTokenResponseSchema });
      storeToken(access_token);
      const claims = decodeToken(access_token);
      if (claims && !claims.isVerified) {
        setUnverifiedEmail(claims.email);
        setSending(false);
        return;
      }
      router.replace(returnPathFrom(window.location.search));
    } catch (error) {
      setSending(false);
      const wrongCredentials = error instanceof ApiRequestError && error.status === 401;
      setFormError(wrongCredentials ? t("login.invalidCredentials") : errorMessage(error, t("login.genericError")));
    }
  };

  return (
    <AuthCard title={t("login.title")} intro={t("login.intro", { product })} testId="login-page">
      <Suspense fallback={null}>
        <PasswordChangedNotice />
      </Suspense>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      {unverifiedEmail && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="unverified-notice">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t("login.notVerified", { email: unverifiedEmail })}
          </Typography>
          <ResendVerification email={unverifiedEmail} variant="outlined" />
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
            onChange={(e) => change("email", setEmail)(e.target.value)}
            error={!!errors.email}
            helperText={errors.email}
            disabled={sending}
            required
            fullWidth
            autoFocus
          />
          <PasswordField
            label={t("fields.password")}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => change("password", setPassword)(e.target.value)}
            error={!!errors.password}
            helperText={errors.password}
            disabled={sending}
            required
            fullWidth
          />
          <Box sx={{ display: "flex", justifyContent: "flex-end", mt: -1 }}>
            <Link component={NextLink} href="/request-password-reset" variant="body2" underline="hover">
              {t("login.forgotPassword")}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disableElevation disabled={sending} fullWidth>
            {sending ? t("login.submitting") : t("login.submit")}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: "center" }}>
        {t("login.noAccount")}{" "}
        <Link component={NextLink} href="/register" underline="hover" sx={{ fontWeight: 700 }}>
          {t("login.registerLink")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
