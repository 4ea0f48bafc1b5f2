"use client";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useCallback, useMemo } from "react";
import { ApiRequestError } from "@/client/api";
import { getPublicPlan } from "@/client/projects/projects-api";
import { useLoad } from "@/client/projects/use-load";
import { signplanIdOfViewToken } from "@/client/projects/view-token";
import { LoadingScreen } from "@/components/loading-screen";
import { openedFromPage, validateOpenedPlan, type OpenedPlan } from "@/client/projects/opened-plan";
import { PlanEditorLoader, preloadPlanEditor } from "@/editor/ui/editor-loader";
import type { PagePlan } from "@/lib/schemas/page-plan";

/** What the server page brings: the plan its view token opens (page.tsx), read while it renders. */
export interface ViewPageProps {
  /** The token the page read the plan with; null when it brings none. */
  pageToken: string | null;
  pagePlan: Promise<PagePlan | null> | null;
}

// The editor's code starts downloading while React hydrates the page.
if (typeof window !== "undefined" && window.location.pathname === "/view") preloadPlanEditor();

/** The answer of a link that is no longer (or never was) valid: refused, gone, or not a token at all. */
const INVALID = "invalid";

function InvalidLink() {
  const t = useTranslations("projects.view");
  return (
    <Alert severity="error" data-testid="view-invalid">
      <AlertTitle>{t("invalidTitle")}</AlertTitle>
      {t("invalid")}
    </Alert>
  );
}

function SharedPlan({ pageToken, pagePlan }: ViewPageProps) {
  const t = useTranslations("projects");
  const token = useSearchParams().get("token") ?? "";
  const planId = signplanIdOfViewToken(token);
  // A refusal (expired, revoked or forged token, deleted plan) is an invalid link; anything else a failed load.
  const describe = useCallback(
    (error: unknown) => (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? INVALID : t("view.loadError")),
    [t],
  );
  const load = async (signal: AbortSignal): Promise<OpenedPlan> => {
    if (pagePlan && pageToken === token) {
      // Awaited, not .catch()ed: React's promise from the page is a thenable whose then() returns nothing.
      try {
        const brought = await pagePlan;
        if (brought && brought.id === planId) return openedFromPage(brought);
      } catch {
        // the server's read failed: the API decides
      }
    }
    return { plan: await getPublicPlan(planId ?? 0, token, signal), trusted: false };
  };
  const plan = useLoad(planId === null ? null : `view:${token}`, 0, load, describe);
  const parsed = useMemo(() => (plan.data ? validateOpenedPlan(plan.data) : null), [plan.data]);

  if (planId === null || plan.error === INVALID) return <InvalidLink />;
  if (plan.error) return <Alert severity="error">{plan.error}</Alert>;
  if (!plan.data || !parsed) return <LoadingScreen message={t("view.loading")} />;
  if (!parsed.success) return <Alert severity="error">{t("view.loadError")}</Alert>;
  return (
    <Paper
      variant="outlined"
      sx={{
        borderRadius: 1,
        overflow: "hidden",
        // On a phone the map takes the screen below the header and a trial bar (a field crew looks at the
        // plan, not the page), and no more: a map taller than the screen leaves no place to scroll the page by.
        height: { xs: "calc(100dvh - 128px)", md: "calc(100dvh - 180px)" },
        minHeight: 420,
        display: "flex",
        flexDirection: "column",
      }}
      data-testid="view-plan"
    >
      <Alert severity="info" icon={<VisibilityOutlinedIcon />} sx={{ borderRadius: 0 }} data-testid="view-read-only">
        {t("view.readOnly")}
      </Alert>
      <PlanEditorLoader plan={plan.data.plan} content={parsed.data} mode="view" viewToken={token} />
    </Paper>
  );
}

/** /view?token=…: a plan shared by link (core §2, §6, §7), read only, for anyone holding the link. */
export function ViewPageClient(props: ViewPageProps) {
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 1, sm: 3 }, px: { xs: 1, sm: 3 } }} data-testid="view-page">
      <Suspense fallback={<LoadingScreen />}>
        <SharedPlan {...props} />
      </Suspense>
    </Container>
  );
}
