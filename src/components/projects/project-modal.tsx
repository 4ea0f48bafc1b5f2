"use client";
import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { CopyPlanDialog } from "./copy-plan-dialog";
import { ListState } from "./list-state";
import { NewPlanDialog } from "./new-plan-dialog";
import { PlanList } from "./plan-list";
import { ProjectList } from "./project-list";
import { ProjectNameDialog } from "./project-name-dialog";
import { ResetPlanDialog } from "./reset-plan-dialog";
import { ShareLinkDialog } from "./share-link-dialog";
import { ShareProjectDialog } from "./share-project-dialog";
import { errorMessage } from "@/client/api";
import {
  changePlan,
  changeProject,
  listPlans,
  listProjects,
  type ListKind,
  type PlanAction,
  type ProjectAction,
} from "@/client/projects/projects-api";
import { useLoad } from "@/client/projects/use-load";
import type { ProjectDto } from "@/lib/schemas/project";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";

const KINDS: readonly ListKind[] = ["active", "archived", "deleted"];

type OpenDialog =
  | { kind: "newProject" }
  | { kind: "renameProject"; project: ProjectDto }
  | { kind: "shareProject"; project: ProjectDto }
  | { kind: "newPlan"; project: ProjectDto }
  | { kind: "copyPlan"; plan: SignplanSummaryDto }
  | { kind: "shareLink"; plan: SignplanSummaryDto }
  | { kind: "resetPlan"; plan: SignplanSummaryDto };

const PROJECT_DONE: Record<ProjectAction, "projectArchived" | "projectUnarchived" | "projectDeleted" | "projectRestored"> = {
  archive: "projectArchived",
  unarchive: "projectUnarchived",
  delete: "projectDeleted",
  restore: "projectRestored",
};
const PLAN_DONE: Record<PlanAction, "planArchived" | "planUnarchived" | "planDeleted" | "planRestored"> = {
  archive: "planArchived",
  unarchive: "planUnarchived",
  delete: "planDeleted",
  restore: "planRestored",
};

/**
 * The project modal (core §2, §4): projects on the left, by lifecycle list (active, archived, trash);
 * on the right the selected project's plans, or every archived or deleted plan. Each row carries its
 * actions; new projects and plans are made from the headers of the two columns. Opening a plan hands
 * its id to the page and closes the modal. Full screen below the medium breakpoint.
 */
export function ProjectModal({
  open,
  onClose,
  onOpenPlan,
  preferredProjectId,
}: {
  open: boolean;
  onClose: () => void;
  onOpenPlan: (planId: number) => void;
  /** The project of the open plan, selected first. */
  preferredProjectId?: number | null;
}) {
  const t = useTranslations("projects");
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("md"));
  const [kind, setKind] = useState<ListKind>("active");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** Bumped after every change, so the lists load again (and keep showing the old rows meanwhile). */
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [busy, setBusy] = useState(false);
  /**
   * The outcome of the latest action, shown at the top of the modal (not as a toast, which would sit on
   * top of the rows' menus); a failure is shown the same way, as the rows have no room for it.
   */
  const [notice, setNotice] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const describe = useCallback((error: unknown) => errorMessage(error, t("loadError")), [t]);
  const projects = useLoad(open ? `projects:${kind}` : null, version, (signal) => listProjects(kind, { toast: false, signal }), describe);
  // The active projects name the plans of the other lists and are the targets of a copy.
  const activeProjects = useLoad(
    open ? "projects:active" : null,
    version,
    (signal) => listProjects("active", { toast: false, signal }),
    describe,
  );

  const shown = kind === "active" ? activeProjects : projects;
  const selected: ProjectDto | null = useMemo(() => {
    if (kind !== "active" || !activeProjects.data?.length) return null;
    const list = activeProjects.data;
    return list.find((p) => p.id === selectedId) ?? list.find((p) => p.id === preferredProjectId) ?? list[0] ?? null;
  }, [kind, activeProjects.data, selectedId, preferredProjectId]);

  const plansKey = !open ? null : kind === "active" ? (selected ? `plans:project:${selected.id}` : null) : `plans:${kind}`;
  const plans = useLoad(
    plansKey,
    version,
    (signal) =>
      listPlans(kind === "active" && selected ? { projectId: selected.id } : { kind: kind === "archived" ? "archived" : "deleted" }, {
        toast: false,
        signal,
      }),
    describe,
  );

  const projectNames = useMemo(() => {
    if (kind === "active") return null;
    const names = new Map<number, string>();
    for (const project of [...(activeProjects.data ?? []), ...(projects.data ?? [])]) names.set(project.id, project.name);
    return names;
  }, [kind, activeProjects.data, projects.data]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ severity: "success", text: done });
    } catch (error) {
      setNotice({ severity: "error", text: errorMessage(error, t("actionError")) });
    } finally {
      setBusy(false);
      reload();
    }
  };

  const changed = (done: string) => {
    setDialog(null);
    setNotice({ severity: "success", text: done });
    reload();
  };

  const openPlan = (planId: number) => {
    setDialog(null);
    onOpenPlan(planId);
  };

  const emptyProjects = shown.data?.length === 0 ? t(`empty.${kind}`) : null;
  const emptyPlans =
    plans.data?.length === 0
      ? t(kind === "active" ? "empty.plans" : kind === "archived" ? "empty.archivedPlans" : "empty.deletedPlans")
      : null;
  // A user with one project and no plan yet, as after confirming the e-mail: say what to do first.
  const newcomer = kind === "active" && !!selected && plans.data?.length === 0 && activeProjects.data?.length === 1;
  const plansHeading =
    kind === "active"
      ? selected
        ? t("plansHeading", { project: selected.name })
        : t("newPlan")
      : kind === "archived"
        ? t("archivedPlansHeading")
        : t("deletedPlansHeading");

  const pane = { display: "flex", flexDirection: "column", minHeight: 0 } as const;
  const paneHeader = {
    px: 2,
    py: 1,
    minHeight: 56,
    alignItems: "center",
    justifyContent: "space-between",
    gap: 1,
    borderBottom: 1,
    borderColor: "divider",
  } as const;

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="lg"
        aria-labelledby="project-modal-title"
        data-testid="project-modal"
        slotProps={{ paper: { sx: { height: { md: "min(760px, 90vh)" } } } }}
      >
        <DialogTitle id="project-modal-title" sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", pr: 1.5 }}>
          {t("title")}
          <IconButton aria-label={t("close")} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <Box sx={{ px: { xs: 1, sm: 3 }, borderBottom: 1, borderColor: "divider" }}>
          <Tabs
            value={kind}
            onChange={(_, value: ListKind) => {
              setKind(value);
              setNotice(null);
            }}
            aria-label={t("tabsLabel")}
            variant="fullWidth"
            sx={{ maxWidth: 480 }}
          >
            {KINDS.map((k) => (
              <Tab key={k} value={k} label={t(`tabs.${k}`)} id={`projects-tab-${k}`} aria-controls="projects-tabpanel" />
            ))}
          </Tabs>
        </Box>
        {notice && (
          <Alert
            severity={notice.severity}
            role={notice.severity === "error" ? "alert" : "status"}
            onClose={() => setNotice(null)}
            closeText={t("close")}
            sx={{ mx: { xs: 1, sm: 3 }, mt: 1.5 }}
            data-testid="project-modal-notice"
          >
            {notice.text}
          </Alert>
        )}
        <DialogContent
          id="projects-tabpanel"
          role="tabpanel"
          aria-labelledby={`projects-tab-${kind}`}
          sx={{ p: 0, display: "flex", flexDirection: { xs: "column", md: "row" }, overflow: { md: "hidden" } }}
        >
          <Box
            component="section"
            aria-labelledby="projects-column-heading"
            // Longhands: a responsive border shorthand would reset the colour inside its media query.
            sx={{
              ...pane,
              width: { md: 360 },
              flexShrink: 0,
              borderColor: "divider",
              borderStyle: "solid",
              borderWidth: { xs: "0 0 1px 0", md: "0 1px 0 0" },
            }}
          >
            <Stack direction="row" sx={paneHeader}>
              <Typography id="projects-column-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t("projectsHeading")}
              </Typography>
              {kind === "active" && (
                <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ kind: "newProject" })} disabled={busy}>
                  {t("newProject")}
                </Button>
              )}
            </Stack>
            {/* On a phone the plans follow below, so a long project list scrolls by itself. */}
            <Box sx={{ overflowY: "auto", flex: 1, maxHeight: { xs: "40vh", md: "none" } }}>
              <ListState loading={shown.loading && !shown.data} error={shown.error} empty={emptyProjects} onRetry={reload} />
              {shown.data && (
                <ProjectList
                  kind={kind}
                  projects={shown.data}
                  selectedId={selected?.id ?? null}
                  disabled={busy}
                  onSelect={(project) => setSelectedId(project.id)}
                  onRename={(project) => setDialog({ kind: "renameProject", project })}
                  onShare={(project) => setDialog({ kind: "shareProject", project })}
                  onChange={(project, action) =>
                    run(() => changeProject(project.id, action, { toast: false }), t(`done.${PROJECT_DONE[action]}`))
                  }
                />
              )}
            </Box>
          </Box>
          <Box component="section" aria-labelledby="plans-column-heading" sx={{ ...pane, flex: 1 }}>
            <Stack direction="row" sx={paneHeader}>
              <Typography id="plans-column-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 700, wordBreak: "break-word" }}>
                {plansHeading}
              </Typography>
              {kind === "active" && (
                <Button
                  size="small"
                  variant="contained"
                  disableElevation
                  startIcon={<AddIcon />}
                  onClick={() => selected && setDialog({ kind: "newPlan", project: selected })}
                  disabled={busy || !selected}
                  sx={{ flexShrink: 0 }}
                >
                  {t("newPlan")}
                </Button>
              )}
            </Stack>
            <Box sx={{ overflowY: { md: "auto" }, flex: 1 }}>
              {newcomer && (
                <Alert severity="info" sx={{ m: 2, mb: 0 }} data-testid="projects-welcome">
                  <AlertTitle>{t("welcome.title")}</AlertTitle>
                  {t("welcome.text", { button: t("newPlan") })}
                </Alert>
              )}
              {kind === "active" && !selected && !activeProjects.loading ? (
                <Typography color="text.secondary" sx={{ p: 2 }}>
                  {t("selectProject")}
                </Typography>
              ) : (
                <ListState
                  loading={(plans.loading || (kind === "active" && !selected)) && !plans.data}
                  error={plans.error}
                  empty={emptyPlans}
                  onRetry={reload}
                />
              )}
              {plans.data && (
                <PlanList
                  kind={kind}
                  plans={plans.data}
                  projectNames={projectNames}
                  disabled={busy}
                  onOpen={(plan) => openPlan(plan.id)}
                  onCopy={(plan) => setDialog({ kind: "copyPlan", plan })}
                  onShareLink={(plan) => setDialog({ kind: "shareLink", plan })}
                  onReset={(plan) => setDialog({ kind: "resetPlan", plan })}
                  onChange={(plan, action) => run(() => changePlan(plan.id, action, { toast: false }), t(`done.${PLAN_DONE[action]}`))}
                />
              )}
            </Box>
          </Box>
        </DialogContent>
      </Dialog>

      {dialog?.kind === "newProject" && (
        <ProjectNameDialog
          onClose={() => setDialog(null)}
          onSaved={(project) => {
            setSelectedId(project.id);
            changed(t("done.projectCreated"));
          }}
        />
      )}
      {dialog?.kind === "renameProject" && (
        <ProjectNameDialog project={dialog.project} onClose={() => setDialog(null)} onSaved={() => changed(t("done.projectRenamed"))} />
      )}
      {dialog?.kind === "shareProject" && (
        <ShareProjectDialog project={dialog.project} onClose={() => setDialog(null)} onShared={() => changed(t("done.projectShared"))} />
      )}
      {dialog?.kind === "newPlan" && (
        <NewPlanDialog
          project={dialog.project}
          onClose={() => setDialog(null)}
          onCreated={(plan, complete) => {
            // The user made it to draw it: the editor opens on it.
            if (complete) openPlan(plan.id);
            else reload(); // the dialog stays open and says the background is missing
          }}
          onOpen={openPlan}
        />
      )}
      {dialog?.kind === "copyPlan" && (
        <CopyPlanDialog
          plan={dialog.plan}
          projects={activeProjects.data ?? []}
          onClose={() => setDialog(null)}
          onCopied={() => changed(t("done.planCopied"))}
        />
      )}
      {dialog?.kind === "shareLink" && <ShareLinkDialog plan={dialog.plan} onClose={() => setDialog(null)} />}
      {dialog?.kind === "resetPlan" && (
        <ResetPlanDialog plan={dialog.plan} onClose={() => setDialog(null)} onReset={() => changed(t("done.planReset"))} />
      )}
    </>
  );
}
