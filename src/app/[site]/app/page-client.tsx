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
import { earlyParsedContent, forgetEarlyParsedContent, takeEarlyPlanAnswer } from "@/client/early-plan";
import { getPlan } from "@/client/projects/projects-api";
import { forgetLastPlan, readLastPlan, rememberLastPlan } from "@/client/projects/last-plan";
import { useLoad } from "@/client/projects/use-load";
import { readToken } from "@/client/session";
import { ProtectedRoute } from "@/components/guards";
import { LoadingScreen } from "@/components/loading-screen";
import { ProjectModal } from "@/components/projects/project-modal";
import { useSite } from "@/components/site-context";
import { PlanEditorLoader } from "@/editor/editor-loader";
import { loadEngine } from "@/editor/engine-client";
import { describeContentError } from "@/editor/content-error";
import { planContentOf, validContent } from "@/client/plan-content";
import type { PlanContent } from "@/lib/elements/plan-content";

/** Closes the session the map engine opened before hydration, when nobody took it. */
function discardBootedPlan(): void {
  loadEngine().then(
    (engine) => engine.discardBootedSession(),
    () => {}, // no engine, nothing drawn
  );
}

/** The query parameter naming the open plan: /app?plan=<id>. */
const PLAN_PARAM = "plan";

function planIdOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /app without a plan: the heading and the way to the projects (the modal opens by itself). */
function NoPlan({ onOpenProjects }: { onOpenProjects: () => void }) {
  const t = useTranslations("projects");
  const tApp = useTranslations("appPage");
  const site = useSite();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 6 } }} data-testid="app-page">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 3 }}>
        <Typography variant="h4" component="h1">
          {tApp(`heading.${site.planKind}`)}
        </Typography>
        <Button variant="contained" disableElevation startIcon={<FolderOpenOutlinedIcon />} onClick={onOpenProjects} data-testid="open-projects">
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
  // The first load of the plan named in the URL takes the answer of the early request in the page's HTML.
  const load = (signal: AbortSignal) => {
    const id = planId ?? 0;
    return getPlan(id, { toast: false, signal, ...takeEarlyPlanAnswer(id, readToken()) });
  };
  const plan = useLoad(planId === null ? null : `plan:${planId}`, 0, load, describe);
  const gone = plan.failure instanceof ApiRequestError && plan.failure.status === 404;
  const modalOpen = modalChoice ?? ((planId === null && lastPlan === null) || gone);

  useEffect(() => {
    if (plan.data) rememberLastPlan(plan.data.id);
    if (gone) forgetLastPlan();
  }, [plan.data, gone]);

  // The engine has usually validated this very answer already, to draw it before the page hydrated.
  const parsed = useMemo(() => {
    if (!plan.data) return null;
    const early = earlyParsedContent(plan.data);
    return early ? validContent(early as PlanContent) : planContentOf(plan.data);
  }, [plan.data]);
  useEffect(() => {
    if (plan.data || plan.error) forgetEarlyParsedContent();
  }, [plan.data, plan.error]);
  // A plan the engine drew ahead of the page that the page does not show after all (an error answer,
  // content in error) is closed; and so is one still waiting when the plan tool goes away.
  const showsEditor = !!plan.data && !!parsed?.success;
  const settled = planId !== null && (!plan.loading || plan.error !== null);
  useEffect(() => {
    if (settled && !showsEditor) discardBootedPlan();
  }, [settled, showsEditor]);
  useEffect(() => () => discardBootedPlan(), []);

  const openPlan = (id: number) => {
    setModalChoice(false);
    router.push(`/app?${PLAN_PARAM}=${id}`);
  };
  const modal = <ProjectModal open={modalOpen} onClose={() => setModalChoice(false)} onOpenPlan={openPlan} preferredProjectId={plan.data?.project_id ?? null} />;

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
        <PlanEditorLoader key={plan.data.id} plan={plan.data} content={parsed.data} mode="edit" onOpenProjects={() => setModalChoice(true)} onOpenPlan={openPlan} />
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
