"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useEffect, useRef, useState } from "react";
import { ApiRequestError, api } from "@/client/api";
import { DEFAULT_AFTER_LOGIN, firstOrganisationHref } from "@/client/return-path";
import { decodeToken, storeToken, useCurrentUser } from "@/client/session";
import { AuthCard } from "@/components/auth-card";
import { LinkButton } from "@/components/link-button";
import { ResendVerification } from "@/components/resend-verification";
import { accessTokenResponseSchema } from "@/lib/schemas/auth";

function Busy({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/**
 * The link from the e-mail (?token=…): confirms the address, keeps the returned token (it says
 * isVerified) and goes on to the app (or to the organisation an invitation made them a member of); an unknown, expired or used link says so.
 */
function ConfirmEmail({ token }: { token: string }) {
  const t = useTranslations("auth.verifyEmail");
  const router = useRouter();
  const user = useCurrentUser();
  const [result, setResult] = useState<"verifying" | "invalid" | "failed">("verifying");
  // A link works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post("/auth/verify", { token }, { schema: accessTokenResponseSchema, toast: false })
      .then(({ access_token }) => {
        storeToken(access_token);
        // Registered from an organisation's invitation, they are a member now: its page first (core §4);
        // anyone else is offered the first organisation, as at a first login.
        router.replace(decodeToken(access_token)?.organizationId ? "/organisation" : firstOrganisationHref(DEFAULT_AFTER_LOGIN));
      })
      .catch((error: unknown) => setResult(error instanceof ApiRequestError && error.status === 400 ? "invalid" : "failed"));
  }, [token, router]);

  return (
    <AuthCard title={t("title")} testId="verify-email-page">
      {result === "verifying" ? (
        <Busy text={t("verifying")} />
      ) : (
        <>
          <Alert severity="error" sx={{ mb: 3 }} data-testid="invalid-link">
            {result === "invalid" ? t("invalidLink") : t("verifyError")}
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t("newLink")}
          </Typography>
          <ResendVerification email={user && !user.isVerified ? user.email : null} />
          <Divider sx={{ my: 3 }} />
          <LinkButton href="/login" variant="outlined" fullWidth>
            {t("login")}
          </LinkButton>
        </>
      )}
    </AuthCard>
  );
}

/** After sign-up, or sent by the guard: check your inbox, with the link on offer again. */
function CheckInbox({ email, fromGuard }: { email: string | null; fromGuard: boolean }) {
  const t = useTranslations("auth.verifyEmail");
  const user = useCurrentUser();
  const address = email ?? user?.email ?? null;
  return (
    <AuthCard title={t("title")} testId="verify-email-page">
      {fromGuard && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="protected-route-notice">
          {t("protectedRoute")}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }} data-testid="verify-email-text">
        {address ? t("sentTo", { email: address }) : t("sent")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("notReceived")}
      </Typography>
      <ResendVerification email={address} />
    </AuthCard>
  );
}

function EncourageVerifyEmail() {
  const params = useSearchParams();
  const token = params.get("token");
  if (token) return <ConfirmEmail key={token} token={token} />;
  return <CheckInbox email={params.get("email")} fromGuard={params.get("source") === "protected-route"} />;
}

/** /encourage-verify-email (core §2): query email and source, or the token of the confirmation link. */
export function EncourageVerifyEmailPageClient() {
  const t = useTranslations("auth.verifyEmail");
  return (
    <Suspense
      fallback={
        <AuthCard title={t("title")} testId="verify-email-page">
          <Busy text={t("loading")} />
        </AuthCard>
      }
    >
      <EncourageVerifyEmail />
    </Suspense>
  );
}
