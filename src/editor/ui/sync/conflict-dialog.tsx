"use client";
/**
 * What the user sees when another user changed the open plan (core §4 "Live collaboration", §8
 * "Conflict detected on a plan"; content §4 "Conflict"):
 * - <ConflictDialog>: the autosaver is in conflict (a save answered 409, or another user saved while
 *   there were local edits). Saving is paused; the user chooses between taking the other version over
 *   and keeping their own as a copy. Nothing is lost either way.
 * - <RemoteChangeNotice>: another user's save was loaded while there were no local edits; a small
 *   non-modal note, because nothing of the user's was affected.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogContentText from "@mui/material/DialogContentText";
import Snackbar from "@mui/material/Snackbar";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "@/client/api";
import { DialogFrame } from "@/components/dialog-frame";
import { savePlan } from "@/client/projects/plan-save-api";
import { copyPlan } from "@/client/projects/projects-api";
import type { AutosaveConflict, Autosaver } from "@/editor/core/store/autosave";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { reloadFromServer, type RemoteReload } from "@/editor/ui/sync/use-plan-sync";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";

export interface ConflictDialogProps {
  /** usePlanSync().conflict: the conflict to resolve; null shows nothing (but a finished copy's result). */
  conflict: AutosaveConflict | null;
  /** usePlanSync().conflictDialogOpen: false after "Later" until the user asks for the dialog again. */
  open: boolean;
  /** The open plan: its id, its name (for the copy's name) and its project (where the copy goes). */
  plan: Pick<SignplanSummaryDto, "id" | "name" | "project_id">;
  store: PlanStore;
  autosaver: Autosaver;
  /** "Later": hides the dialog; saving stays paused and the save-state indicator offers it again. */
  onClose: () => void;
  /** Opens another plan in the editor (the copy just made). */
  onOpenPlan: (planId: number) => void;
}

/** How far "keep my version as a copy" got, so a retry after a failure neither copies twice nor skips a step. */
interface CopyProgress {
  conflictId: number;
  copy: { id: number; name: string; version: number };
  saved: boolean;
}

/**
 * The conflict dialog. Mount it for as long as the editor is open (it decides itself when to show), so
 * that the result of "keep my version as a copy" stays visible after the conflict is resolved.
 */
export function ConflictDialog({ conflict, open, plan, store, autosaver, onClose, onOpenPlan }: ConflictDialogProps) {
  const t = useTranslations("editorSync.conflict");
  const [busy, setBusy] = useState<"reload" | "copy" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ id: number; name: string } | null>(null);
  // A ref, not state: the steps of one attempt read and write it across awaits.
  const progress = useRef<CopyProgress | null>(null);

  const reload = async () => {
    setBusy("reload");
    setError(null);
    try {
      await reloadFromServer(plan.id, store, autosaver);
      toast.info(t("reloaded"), { toastId: "plan-reloaded" });
    } catch (failure) {
      setError(errorMessage(failure, t("reloadError")));
    } finally {
      setBusy(null);
    }
  };

  const keepCopy = async () => {
    if (!conflict) return;
    setBusy("copy");
    setError(null);
    try {
      let step = progress.current?.conflictId === conflict.id ? progress.current : null;
      if (!step) {
        // The copy starts as the server's version (with the background image), then gets ours.
        const name = t("copyName", { name: plan.name });
        const created = await copyPlan(plan.id, { name, project_id: plan.project_id }, { toast: false });
        step = { conflictId: conflict.id, copy: { id: created.id, name: created.name, version: created.version }, saved: false };
        progress.current = step;
      }
      if (!step.saved) {
        // The latest local content, also on a retry: edits made since the first attempt belong in it.
        const saved = await savePlan(step.copy.id, { version: step.copy.version, content: store.getContent() }, { toast: false });
        step.copy.version = saved.version;
        step.saved = true;
      }
      await reloadFromServer(plan.id, store, autosaver);
      progress.current = null;
      setDone({ id: step.copy.id, name: step.copy.name });
    } catch (failure) {
      const saved = progress.current?.saved ? progress.current.copy : null;
      // Once the copy holds the user's version, say so: only the reload is left to retry.
      setError(saved ? t("copySavedReloadError", { name: saved.name }) : errorMessage(failure, t("copyError")));
    } finally {
      setBusy(null);
    }
  };

  if (done) {
    return (
      <DialogFrame
        testId="conflict-dialog"
        title={t("copiedTitle")}
        onClose={() => setDone(null)}
        cancelLabel={t("close")}
        cancelTestId="conflict-copied-close"
        confirmAction={
          <Button
            onClick={() => {
              setDone(null);
              onOpenPlan(done.id);
            }}
            variant="contained"
            disableElevation
            data-testid="conflict-open-copy"
          >
            {t("openCopy")}
          </Button>
        }
      >
        <Alert severity="success" data-testid="conflict-copied">
          {t("copied", { name: done.name })}
        </Alert>
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      testId="conflict-dialog"
      title={t("title")}
      open={open && conflict !== null}
      // Not dismissed by Escape or the backdrop while a step runs; "Later" is the explicit way out.
      onClose={onClose}
      pending={busy !== null}
      maxWidth="sm"
      cancelLabel={t("later")}
      cancelTestId="conflict-later"
      confirmAction={
        <>
          <Button onClick={keepCopy} disabled={busy !== null} variant="outlined" data-testid="conflict-keep-copy">
            {busy === "copy" ? t("copying") : t("keepCopy")}
          </Button>
          <Button onClick={reload} disabled={busy !== null} variant="contained" disableElevation data-testid="conflict-reload">
            {busy === "reload" ? t("reloading") : t("reload")}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>
        {conflict?.reason === "remote-update" ? t("textRemoteUpdate") : t("textSaveRejected")}
      </DialogContentText>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("nothingLost")}
      </Alert>
      <Box component="dl" sx={{ m: 0, "& dt": { fontWeight: 700 }, "& dd": { m: 0, mb: 1.5 } }}>
        <Typography component="dt" variant="body2">
          {t("reload")}
        </Typography>
        <Typography component="dd" variant="body2" color="text.secondary">
          {t("reloadExplain")}
        </Typography>
        <Typography component="dt" variant="body2">
          {t("keepCopy")}
        </Typography>
        <Typography component="dd" variant="body2" color="text.secondary">
          {t("keepCopyExplain", { name: t("copyName", { name: plan.name }) })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("pausedHint")}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="conflict-error">
          {error}
        </Alert>
      )}
    </DialogFrame>
  );
}

/**
 * The non-modal note after another user's save was loaded into the editor while there were no local
 * edits (the spec's "conflict flag and message"): it names what happened and that nothing was lost.
 */
export function RemoteChangeNotice({ reload, onClose }: { reload: RemoteReload | null; onClose: () => void }) {
  const t = useTranslations("editorSync.conflict");
  return (
    <Snackbar
      // A new reload shows the note afresh (and restarts its timer).
      key={reload?.version ?? "none"}
      open={reload !== null}
      autoHideDuration={10_000}
      onClose={(_event, reason) => {
        if (reason !== "clickaway") onClose(); // a click on the map must not hide it unread
      }}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
    >
      <Alert severity="info" variant="filled" onClose={onClose} data-testid="remote-change-notice" sx={{ maxWidth: 520 }}>
        {t("remoteNotice")}
      </Alert>
    </Snackbar>
  );
}
