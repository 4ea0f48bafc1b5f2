"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ApiRequestError, api, errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { verifyEmailHref } from "@/client/return-path";
import { AuthCard } from "@/components/auth-card";
import { LinkButton } from "@/components/link-button";
import { PasswordField } from "@/components/password-field";
import { useSite } from "@/components/site-context";
import { AUTH_ERROR_CODES, registerAuthBodySchema } from "@/lib/schemas/auth";
import { SITES, isSiteId } from "@/sites/registry";

type Field = "name" | "email" | "password";

/** The sister site named in a USER_ON_SISTER_SITE answer. */
function sisterProductOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { productName, site } = body as { productName?: unknown; site?: unknown };
  if (typeof productName === "string" && productName) return productName;
  return isSiteId(site) ? SITES[site].productName : null;
}

/**
 * /register (core §2, §8): name, e-mail and a password of at least 6 characters, checked with the
 * server's own schema before sending; then on to the confirm-your-e-mail page. An e-mail that already
 * has an account on a sister site gets the notice that the same login works here.
 */
export function RegisterPageClient() {
  const t = useTranslations("auth");
  const router = useRouter();
  const product = useSite().productName;
  const validationText = useValidationText();
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<{ message: string; offerLogin: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const [sister, setSister] = useState<{ product: string; email: string } | null>(null);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = registerAuthBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error, validationText));
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      await api.post("/auth/register", parsed.data);
      router.push(verifyEmailHref(parsed.data.email));
    } catch (error) {
      setSending(false);
      if (error instanceof ApiRequestError && error.code === AUTH_ERROR_CODES.userOnSisterSite) {
        setSister({ product: sisterProductOf(error.body) ?? error.message, email: parsed.data.email });
      } else if (error instanceof ApiRequestError && error.code === AUTH_ERROR_CODES.userExists) {
        setFormError({ message: error.message, offerLogin: true });
      } else if (error instanceof ApiRequestError && error.status >= 500) {
        setFormError({ message: t("register.registrationError"), offerLogin: false });
      } else {
        // A refusal (validation, too many attempts) in the server's words; no connection in the client's.
        setFormError({ message: errorMessage(error, t("register.generalError")), offerLogin: false });
      }
    }
  };

  return (
    <AuthCard title={t("register.title")} intro={t("register.intro", { product })} testId="register-page">
      {formError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="form-error"
          action={
            formError.offerLogin ? (
              <LinkButton href="/login" color="inherit" size="small">
                {t("register.loginInstead")}
              </LinkButton>
            ) : undefined
          }
        >
          {formError.message}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <TextField label={t("fields.name")} autoComplete="name" helperText={errors.name} autoFocus {...bind("name")} />
          <TextField
            label={t("fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            helperText={errors.email}
            {...bind("email")}
          />
          <PasswordField
            label={t("fields.password")}
            autoComplete="new-password"
            helperText={errors.password ?? t("fields.passwordHint")}
            {...bind("password")}
          />
          <Button type="submit" variant="contained" size="large" disableElevation disabled={sending} fullWidth>
            {sending ? t("register.submitting") : t("register.submit")}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: "center" }}>
        {t("register.haveAccount")}{" "}
        <Link component={NextLink} href="/login" underline="hover" sx={{ fontWeight: 700 }}>
          {t("register.loginLink")}
        </Link>
      </Typography>

      <Dialog open={sister !== null} onClose={() => setSister(null)} aria-labelledby="sister-site-title" data-testid="sister-site-dialog">
        <DialogTitle id="sister-site-title">{t("sisterSite.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {sister && t("sisterSite.text", { email: sister.email, sisterProduct: sister.product, product })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setSister(null)} color="inherit">
            {t("sisterSite.cancel")}
          </Button>
          <LinkButton href="/login" variant="contained" disableElevation>
            {t("sisterSite.login")}
          </LinkButton>
        </DialogActions>
      </Dialog>
    </AuthCard>
  );
}
