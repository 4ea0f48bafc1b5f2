"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { Suspense, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { api, errorMessage } from "@/client/api";
import { currentPath, loginHref, registerFromInviteHref } from "@/client/return-path";
import { endSessionHere, useCurrentUser } from "@/client/session";
import { useHydrated } from "@/client/use-hydrated";
import { AuthCard } from "@/components/auth-card";
import { useSite } from "@/components/site-context";
import { inviteAnswerSchema, invitationPreviewSchema, type InvitationPreviewDto } from "@/lib/schemas/organisation";

function Busy() {
  const t = useTranslations("common");
  return (
    <Box sx={{ display: "flex", justifyContent: "center", py: 4 }} role="status" aria-label={t("loading")}>
      <CircularProgress aria-hidden />
    </Box>
  );
}

/**
 * The invitation behind the link, then what the visitor can do with it: the invited account answers
 * (Accept goes to the organisation page, core §4); someone else logged in is told so and may log out;
 * a visitor logs in (an account from a sister site works: one user system) or registers with the
 * invited e-mail, and confirming it then makes them a member.
 */
function Invitation({ token }: { token: string }) {
  const t = useTranslations("invites.page");
  const tc = useTranslations("invites");
  const format = useFormatter();
  const router = useRouter();
  const product = useSite().productName;
  const hydrated = useHydrated();
  const user = useCurrentUser();
  const [preview, setPreview] = useState<InvitationPreviewDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get(`/users/invitation?token=${encodeURIComponent(token)}`, { schema: invitationPreviewSchema, toast: false })
      .then((found) => live && setPreview(found))
      .catch((error: unknown) => live && setLoadError(errorMessage(error, t("loadError"))));
    return () => {
      live = false;
    };
  }, [token, t]);

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!preview || !hydrated) return <Busy />;

  const answer = async (kind: "accept" | "decline") => {
    setBusy(kind);
    setAnswerError(null);
    try {
      const path = kind === "accept" ? "/users/acceptInvite" : "/users/declineInvite";
      const result = await api.post(path, { token }, { schema: inviteAnswerSchema, toast: false });
      if (result.hasInviteBeenAccepted) {
        toast.success(result.message);
        router.push("/organisation");
        return;
      }
      setPreview({ ...preview, state: "declined" });
    } catch (error) {
      setAnswerError(errorMessage(error, tc(kind === "accept" ? "dialog.acceptError" : "dialog.declineError")));
    }
    setBusy(null);
  };

  const organisation = preview.organization.name;
  const signedInAsInvitee = user !== null && user.email.toLowerCase() === preview.email;
  const here = currentPath();

  let actions;
  if (preview.state !== "pending") {
    actions = (
      <Alert severity={preview.state === "accepted" ? "success" : "warning"} data-testid="invitation-state">
        {t(`state.${preview.state}`)}
      </Alert>
    );
  } else if (signedInAsInvitee) {
    actions = (
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end" }}>
        <Button
          color="inherit"
          variant="outlined"
          disabled={busy !== null}
          onClick={() => void answer("decline")}
          data-testid="invitation-decline"
        >
          {t("decline")}
        </Button>
        <Button
          variant="contained"
          disableElevation
          disabled={busy !== null}
          onClick={() => void answer("accept")}
          data-testid="invitation-accept"
        >
          {t("accept")}
        </Button>
      </Stack>
    );
  } else if (user) {
    actions = (
      <Stack spacing={2}>
        <Alert severity="info" data-testid="invitation-other-user">
          {t("otherUser", { current: user.email, email: preview.email })}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={() => endSessionHere()} data-testid="invitation-logout">
            {t("logout")}
          </Button>
        </Box>
      </Stack>
    );
  } else {
    const registerHref = registerFromInviteHref(preview.email, token);
    const login = (
      <Button
        component={NextLink}
        href={loginHref(here)}
        variant={preview.hasAccount ? "contained" : "outlined"}
        disableElevation
        data-testid="invitation-login"
      >
        {t("login")}
      </Button>
    );
    const register = (
      <Button
        component={NextLink}
        href={registerHref}
        variant={preview.hasAccount ? "outlined" : "contained"}
        disableElevation
        data-testid="invitation-register"
      >
        {t("register")}
      </Button>
    );
    actions = (
      <Stack spacing={2}>
        <Typography data-testid="invitation-next-step">
          {preview.hasAccount ? t("hasAccount", { email: preview.email }) : t("noAccount", { email: preview.email, organisation })}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          {preview.hasAccount ? [login, register] : [register, login]}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="invitation-details">
      <Typography>
        {preview.invitedBy
          ? t("invitedBy", { inviter: preview.invitedBy, email: preview.email, organisation, product })
          : t("invited", { email: preview.email, organisation, product })}
      </Typography>
      <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
        <Typography sx={{ fontWeight: 700 }}>{organisation}</Typography>
        <Typography variant="body2" color="text.secondary">
          {tc("companyNumber", { number: preview.organization.cvr_number })}
        </Typography>
      </Box>
      {preview.state === "pending" && (
        <Typography variant="body2" color="text.secondary">
          {t("expires", { date: format.dateTime(new Date(preview.expiresAt), { dateStyle: "long" }) })}
        </Typography>
      )}
      {answerError && (
        <Alert severity="error" data-testid="invitation-error">
          {answerError}
        </Alert>
      )}
      {actions}
    </Stack>
  );
}

function InvitationFromQuery() {
  const t = useTranslations("invites.page");
  const token = useSearchParams().get("token");
  if (!token) return <Alert severity="error">{t("noToken")}</Alert>;
  return <Invitation key={token} token={token} />;
}

/** /invitation?token=… (issue 30): the page the invitation e-mail links to. */
export function InvitationPageClient() {
  const t = useTranslations("nav");
  return (
    <AuthCard title={t("invitation")} testId="invitation-page">
      <Suspense fallback={<Busy />}>
        <InvitationFromQuery />
      </Suspense>
    </AuthCard>
  );
}
