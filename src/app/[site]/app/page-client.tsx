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
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/client/api";
import { ensurePageSession } from "@/client/page-session";
import { openedFromPage, validateOpenedPlan, type OpenedPlan } from "@/client/projects/opened-plan";
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
import { decodeToken, readToken } from "@/client/session";
import { PLAN_PARAM, planIdOf } from "@/lib/plan-param";
import type { PagePlan } from "@/lib/schemas/page-plan";

/** What the server page knows: its cookie user, and the plan it reads while it renders (page.tsx). */
export interface PageSessionProps {
  pageUserId: number | null;
  /** The plan the page brings (its id), null when it brings none. */
  pagePlanId: number | null;
  pagePlan: Promise<PagePlan | null> | null;
}

/** The meta tags by which the server page tells this module, before React runs, its cookie user and which plan it brings. */
const PAGE_USER_META = "page-user";
const PAGE_PLAN_META = "page-plan";

// Opened in the browser on /app: the plan (the one named, or the last one) and the editor's code start
// downloading now, while React hydrates the page, instead of once the plan tool has mounted. A plan the
// page itself brings is not asked for again.
if (typeof window !== "undefined" && window.location.pathname === "/app") {
  const named = planIdOf(new URLSearchParams(window.location.search).get(PLAN_PARAM));
  const id = named ?? readLastPlan();
  if (id !== null) {
    // The page brings the plan it names to its cookie user, and the last plan once the URL names it.
    const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute("content");
    const sameUser = meta(PAGE_USER_META) === String(decodeToken(readToken())?.id);
    if (!sameUser || (named !== null && meta(PAGE_PLAN_META) !== String(named))) prefetchPlan(id);
    preloadPlanEditor();
  }
}

const usedPagePlans = new WeakSet<object>();

/** The page's plan when it is the one asked for, of this browser's user, else null (then the API is asked). */
async function takePagePlan(props: PageSessionProps, id: number): Promise<OpenedPlan | null> {
  // Each render's plan opens once: a page shown again from the router's cache (back, forward) may be stale.
  if (props.pagePlan === null || props.pagePlanId !== id || usedPagePlans.has(props.pagePlan)) return null;
  usedPagePlans.add(props.pagePlan);
  const user = decodeToken(readToken());
  if (!user || user.id !== props.pageUserId) return null;
  try {
    const brought = await props.pagePlan;
    if (!brought || brought.id !== id || brought.userId !== user.id) return null;
    return openedFromPage(brought);
  } catch {
    return null; // the server's read failed: the API decides
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

function PlanTool(props: PageSessionProps) {
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
  // The latest render's props for the load below (set before it runs: effects run in order).
  const pageSession = useRef(props);
  useEffect(() => {
    pageSession.current = props;
  });
  const load = async (signal: AbortSignal): Promise<OpenedPlan> => {
    const id = planId ?? 0;
    const ask = () => getPlan(id, { toast: false, signal });
    const prefetched = takePrefetchedPlan(id);
    if (prefetched) return { plan: await prefetched.catch(ask), trusted: false };
    const brought = await takePagePlan(pageSession.current, id);
    return brought ?? { plan: await ask(), trusted: false };
  };
  const plan = useLoad(planId === null ? null : `plan:${planId}`, 0, load, describe);
  const gone = plan.failure instanceof ApiRequestError && plan.failure.status === 404;
  const modalOpen = modalChoice ?? ((planId === null && lastPlan === null) || gone);

  useEffect(() => {
    if (plan.data) rememberLastPlan(plan.data.plan.id);
    if (gone) forgetLastPlan();
  }, [plan.data, gone]);

  const parsed = useMemo(() => (plan.data ? validateOpenedPlan(plan.data) : null), [plan.data]);

  const openPlan = (id: number) => {
    setModalChoice(false);
    router.push(`/app?${PLAN_PARAM}=${id}`);
  };
  const modal = (
    <ProjectModal
      open={modalOpen}
      onClose={() => setModalChoice(false)}
      onOpenPlan={openPlan}
      preferredProjectId={plan.data?.plan.project_id ?? null}
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
          key={plan.data.plan.id}
          plan={plan.data.plan}
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
export function AppPageClient(props: PageSessionProps) {
  // A browser whose token is of another user than the page's cookie (or that has no cookie yet) gets one.
  useEffect(() => void ensurePageSession(props.pageUserId), [props.pageUserId]);
  return (
    <>
      {props.pageUserId !== null && <meta name={PAGE_USER_META} content={String(props.pageUserId)} />}
      {props.pagePlanId !== null && <meta name={PAGE_PLAN_META} content={String(props.pagePlanId)} />}
      <ProtectedRoute>
        <Suspense fallback={<LoadingScreen />}>
          <PlanTool {...props} />
        </Suspense>
      </ProtectedRoute>
    </>
  );
}
