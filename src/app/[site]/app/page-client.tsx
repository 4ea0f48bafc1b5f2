"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FolderOpenOutlinedIcon from "@mui/icons-material/FolderOpenOutlined";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { ApiRequestError, errorMessage } from "@/client/api";
import { getPlan } from "@/client/projects/projects-api";
import { forgetLastPlan, readLastPlan, rememberLastPlan } from "@/client/projects/last-plan";
import { prefetchPlan, takePrefetchedPlan } from "@/client/projects/plan-prefetch";
import { useLoad } from "@/client/projects/use-load";
import { ProtectedRoute } from "@/components/guards";
import { LoadingScreen } from "@/components/loading-screen";
import { ProjectModal } from "@/components/projects/project-modal";
import { useSite } from "@/components/site-context";
import { PlanEditorLoader, preloadPlanEditor } from "@/editor/ui/editor-loader";
import { describeContentError } from "@/editor/ui/content-error";
import { parsePlanContent } from "@/lib/elements/plan-content";

/** The query parameter naming the open plan: /app?plan=<id>. */
const PLAN_PARAM = "plan";

function planIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

// Opened in the browser on /app: the plan (the one named, or the last one) and the editor's code start
// downloading now, while React hydrates the page, instead of once the plan tool has mounted.
if (typeof window !== "undefined" && window.location.pathname === "/app") {
  const id = planIdOf(new URLSearchParams(window.location.search).get(PLAN_PARAM)) ?? readLastPlan();
  if (id !== null) {
    prefetchPlan(id);
    preloadPlanEditor();
  }
}

/** /app without a plan: the heading and the way to the projects (the modal opens by itself). */
function NoPlan({ onOpenProjects }: { onOpenProjects: () => void }) {
  const t = useTranslations("projects");
  const tApp = useTranslations("appPage");
  const site = useSite();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }} data-testid="app-page">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 3 }}
      >
        <Typography variant="h4" component="h1">
          {tApp(`heading.${site.planKind}`)}
        </Typography>
        <Button
          variant="contained"
          disableElevation
          startIcon={<FolderOpenOutlinedIcon />}
          onClick={onOpenProjects}
          data-testid="open-projects"
        >
          {t("button")}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 1 }}>
        <Typography color="text.secondary" data-testid="no-plan">
          {t("app.noPlan")}
        </Typography>
      </Paper>
    </Container>
  );
}

function PlanTool() {
  const t = useTranslations("projects");
  const tEditor = useTranslations("editor");
  const router = useRouter();
  const planId = planIdOf(useSearchParams().get(PLAN_PARAM));
  // Without ?plan the last opened plan opens (core §2); only when there is none does the modal open.
  const [lastPlan] = useState(() => (planId === null ? readLastPlan() : null));
  useEffect(() => {
    if (planId === null && lastPlan !== null) router.replace(`/app?${PLAN_PARAM}=${lastPlan}`);
  }, [planId, lastPlan, router]);

  // null: not chosen by the user, so the modal is open exactly when no plan is.
  const [modalChoice, setModalChoice] = useState<boolean | null>(null);
  const describe = useCallback((error: unknown) => errorMessage(error, t("app.planError")), [t]);
  // The editor's code downloads while the plan does (when this page was not opened directly, too).
  useEffect(() => {
    if (planId !== null) preloadPlanEditor();
  }, [planId]);
  const load = (signal: AbortSignal) => {
    const id = planId ?? 0;
    const ask = () => getPlan(id, { toast: false, signal });
    return takePrefetchedPlan(id)?.catch(ask) ?? ask();
  };
  const plan = useLoad(planId === null ? null : `plan:${planId}`, 0, load, describe);
  const gone = plan.failure instanceof ApiRequestError && plan.failure.status === 404;
  const modalOpen = modalChoice ?? ((planId === null && lastPlan === null) || gone);

  useEffect(() => {
    if (plan.data) rememberLastPlan(plan.data.id);
    if (gone) forgetLastPlan();
  }, [plan.data, gone]);

  const parsed = useMemo(() => (plan.data ? parsePlanContent(plan.data.content) : null), [plan.data]);

  const openPlan = (id: number) => {
    setModalChoice(false);
    router.push(`/app?${PLAN_PARAM}=${id}`);
  };
  const modal = (
    <ProjectModal
      open={modalOpen}
      onClose={() => setModalChoice(false)}
      onOpenPlan={openPlan}
      preferredProjectId={plan.data?.project_id ?? null}
    />
  );

  if (planId === null)
    return (
      <>
        {lastPlan === null ? <NoPlan onOpenProjects={() => setModalChoice(true)} /> : <LoadingScreen message={tEditor("loading")} />}
        {modal}
      </>
    );

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }} data-testid="app-page">
      {plan.error ? (
        <Container maxWidth="sm" sx={{ py: 4 }}>
          <Alert severity="error" data-testid="plan-load-error">
            {plan.error}
          </Alert>
          <Button sx={{ mt: 2 }} variant="contained" disableElevation onClick={() => setModalChoice(true)}>
            {t("button")}
          </Button>
        </Container>
      ) : !plan.data || !parsed ? (
        <LoadingScreen message={t("app.loadingPlan")} />
      ) : parsed.success ? (
        <PlanEditorLoader
          key={plan.data.id}
          plan={plan.data}
          content={parsed.data}
          mode="edit"
          onOpenProjects={() => setModalChoice(true)}
          onOpenPlan={openPlan}
        />
      ) : (
        <Container maxWidth="sm" sx={{ py: 4 }}>
          <Alert severity="error" data-testid="plan-content-error">
            {tEditor("invalidContent", { field: describeContentError(parsed.error) })}
          </Alert>
        </Container>
      )}
      {modal}
    </Box>
  );
}

/** /app: the plan tool (protected): the editor of the open plan, and the project modal. */
export function AppPageClient() {
  return (
    <ProtectedRoute>
      {/* The open plan is in the query string, which a prerendered page only knows in the browser. */}
      <Suspense fallback={<LoadingScreen />}>
        <PlanTool />
      </Suspense>
    </ProtectedRoute>
  );
}
