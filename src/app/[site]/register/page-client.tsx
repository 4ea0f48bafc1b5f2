"use client";
import DialogContentText from "@mui/material/DialogContentText";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiRequestError, api } from "@/client/api";
import { verifyEmailHref } from "@/client/return-path";
import { useForm } from "@/client/use-form";
import { AuthCard, AuthForm, EmailField } from "@/components/auth-card";
import { DialogFrame } from "@/components/dialog-frame";
import { LinkButton } from "@/components/link-button";
import { PasswordField } from "@/components/password-field";
import { useSite } from "@/components/site-context";
import { AUTH_ERROR_CODES, registerAuthBodySchema } from "@/lib/schemas/auth";
import { SITES, isSiteId } from "@/sites/registry";

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
  const form = useForm({ name: "", email: "", password: "" });
  /** The failure is an account that exists already: the error offers the login. */
  const [offerLogin, setOfferLogin] = useState(false);
  const [sister, setSister] = useState<{ product: string; email: string } | null>(null);

  const submit = form.handleSubmit({
    schema: registerAuthBodySchema,
    // A refusal (validation, too many attempts) in the server's words; no connection in the client's.
    fallback: t("register.generalError"),
    onError: (error, body) => {
      const code = error instanceof ApiRequestError ? error.code : undefined;
      setOfferLogin(code === AUTH_ERROR_CODES.userExists);
      if (error instanceof ApiRequestError && code === AUTH_ERROR_CODES.userOnSisterSite) {
        setSister({ product: sisterProductOf(error.body) ?? error.message, email: body.email });
        return null;
      }
      if (error instanceof ApiRequestError && code === AUTH_ERROR_CODES.userExists) return error.message;
      if (error instanceof ApiRequestError && error.status >= 500) return t("register.registrationError");
      return undefined;
    },
    action: async (body) => {
      await api.post("/auth/register", body);
      router.push(verifyEmailHref(body.email));
      return "done";
    },
  });

  const errorAction = offerLogin ? (
    <LinkButton href="/login" color="inherit" size="small">
      {t("register.loginInstead")}
    </LinkButton>
  ) : undefined;

  return (
    <AuthCard title={t("register.title")} intro={t("register.intro", { product })} testId="register-page">
      <AuthForm
        onSubmit={submit}
        error={form.formError}
        errorAction={errorAction}
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

      <DialogFrame
        testId="sister-site-dialog"
        title={t("sisterSite.title")}
        open={sister !== null}
        maxWidth="sm"
        fullWidth={false}
        onClose={() => setSister(null)}
        cancelLabel={t("sisterSite.cancel")}
        confirmAction={
          <LinkButton href="/login" variant="contained" disableElevation>
            {t("sisterSite.login")}
          </LinkButton>
        }
      >
        <DialogContentText>
          {sister && t("sisterSite.text", { email: sister.email, sisterProduct: sister.product, product })}
        </DialogContentText>
      </DialogFrame>
    </AuthCard>
  );
}
