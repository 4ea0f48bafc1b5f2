"use client";
/**
 * Save to and load from a .json file (content §2: "save-to-file warning", "save to and load from a
 * .json file"). The file format and its checks live in ./plan-file.ts.
 */
import { FileImportDialog } from "./file-import-dialog";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useFormatter, useTranslations } from "next-intl";
import { useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from "react";
import { useValidationText } from "@/client/form-errors";
import { useSite } from "@/components/site-context";
import { MAX_PLAN_FILE_BYTES, parsePlanFile, planFileName, serializePlanFile, type PlanFileResult } from "@/editor/core/file/plan-file";
import type { PlanContent } from "@/lib/elements/plan-content";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/plan-limits";
import { saveBlobAs } from "@/client/save-file";

export interface SaveToFileDialogProps {
  open: boolean;
  /** The plan's name: the file's name and the name recorded in it. */
  planName: string;
  /** The content to save, read when the user clicks Download (so it is the latest, unsaved edits included). */
  getContent: () => PlanContent;
  onClose: () => void;
}

/**
 * The save-to-file warning with its Download button: tells the user what a file is (a snapshot that
 * later edits do not reach, without the background image, that replaces the drawing when loaded), then
 * downloads `<plan name>.json`.
 */
export function SaveToFileDialog({ open, planName, getContent, onClose }: SaveToFileDialogProps) {
  const t = useTranslations("editorSync.file.save");
  const site = useSite();
  const [error, setError] = useState<string | null>(null);

  const download = () => {
    try {
      const text = serializePlanFile({ name: planName, site: site.id, content: getContent() });
      saveBlobAs(new Blob([text], { type: "application/json" }), planFileName(planName));
      setError(null);
      onClose();
    } catch (failure) {
      // Out of memory for a huge plan, or a browser that refuses blob downloads.
      console.error("save to file failed", failure);
      setError(t("error"));
    }
  };

  const titleId = "save-to-file-dialog-title";
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="save-to-file-dialog">
      <DialogTitle id={titleId}>{t("title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <DialogContentText>{t("snapshot")}</DialogContentText>
          <Alert severity="warning">{t("noBackground")}</Alert>
          <DialogContentText>{t("loadReplaces")}</DialogContentText>
          {error && (
            <Alert severity="error" data-testid="save-to-file-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t("cancel")}
        </Button>
        <Button onClick={download} variant="contained" disableElevation autoFocus data-testid="save-to-file-download">
          {t("download")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Opens the file chooser; call it from a click (browsers open a chooser only on a user gesture). */
export interface LoadFromFileHandle {
  pick: () => void;
}

export interface LoadFromFileProps {
  ref?: Ref<LoadFromFileHandle>;
  /** A checked plan content; the caller puts it into the store as one undoable step. */
  onLoad: (content: PlanContent) => void;
}

type LoadStep =
  | { step: "reading"; fileName: string }
  | { step: "ready"; fileName: string; result: Extract<PlanFileResult, { ok: true }> }
  | { step: "failed"; fileName: string; message: string };

/**
 * Load from file: a hidden file input and the confirmation. `ref.current.pick()` opens the chooser
 * (e.g. from a toolbar menu item); the chosen file is checked with the server's schema, then a dialog
 * says what loading will do. A bad file gets a message in the user's language and changes nothing; only
 * "Load" calls `onLoad`.
 */
export function LoadFromFile({ ref, onLoad }: LoadFromFileProps) {
  const t = useTranslations("editorSync.file.load");
  const format = useFormatter();
  const validationText = useValidationText();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<LoadStep | null>(null);
  // Answers for a file the user has since replaced (or cancelled) are dropped.
  const reading = useRef(0);

  useImperativeHandle(ref, () => ({ pick: () => input.current?.click() }), []);

  const problemText = (result: Extract<PlanFileResult, { ok: false }>): string => {
    switch (result.reason) {
      case "tooLarge":
        return t("errors.tooLarge", { mb: MAX_PLAN_CONTENT_BYTES / 1024 / 1024 });
      case "notJson":
        return t("errors.notJson");
      case "notPlan":
        return t("errors.notPlan");
      case "newerFormat":
        return t("errors.newerFormat");
      case "invalid": {
        if (!result.field) return t("errors.invalidUnknown");
        // The schema's message key where it has a text (the width rule), as the server's 400 does.
        const detail = result.issue ? validationText(result.issue) : "";
        const base = t("errors.invalid", { field: result.field });
        return detail && detail !== result.issue ? `${base} ${detail}` : base;
      }
    }
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires another change.
    event.target.value = "";
    if (!file) return;
    const ticket = ++reading.current;
    const fileName = file.name;
    if (file.size > MAX_PLAN_FILE_BYTES) {
      setState({ step: "failed", fileName, message: problemText({ ok: false, reason: "tooLarge" }) });
      return;
    }
    setState({ step: "reading", fileName });
    let text: string;
    try {
      text = await file.text();
    } catch {
      if (ticket === reading.current) setState({ step: "failed", fileName, message: t("errors.read") });
      return;
    }
    if (ticket !== reading.current) return;
    const result = parsePlanFile(text);
    setState(result.ok ? { step: "ready", fileName, result } : { step: "failed", fileName, message: problemText(result) });
  };

  const close = () => {
    reading.current += 1;
    setState(null);
  };

  const confirm = () => {
    if (state?.step !== "ready") return;
    onLoad(state.result.content);
    close();
  };

  const savedAt = state?.step === "ready" && state.result.savedAt ? new Date(state.result.savedAt) : null;
  const importTexts = {
    title: t("title"),
    fileName: (file: string) => t("fileName", { file }),
    reading: t("reading"),
    nothingChanged: t("nothingChanged"),
    cancel: t("cancel"),
    chooseOther: t("chooseOther"),
    confirm: t("confirm"),
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(event) => void onChange(event)}
        data-testid="load-from-file-input"
      />
      <FileImportDialog
        state={state}
        texts={importTexts}
        testId="load-from-file"
        onClose={close}
        onChooseOther={() => input.current?.click()}
        onConfirm={confirm}
      >
        {state?.step === "ready" && (
          <>
            <DialogContentText data-testid="load-from-file-summary">
              {t("summary", { count: state.result.elementCount })}
              {state.result.name ? ` ${t("fromPlan", { name: state.result.name })}` : ""}
              {savedAt && !Number.isNaN(savedAt.getTime())
                ? ` ${t("savedAt", { date: format.dateTime(savedAt, { dateStyle: "medium", timeStyle: "short" }) })}`
                : ""}
            </DialogContentText>
            <Alert severity="warning">{t("replaces")}</Alert>
            <DialogContentText>{t("keeps")}</DialogContentText>
          </>
        )}
      </FileImportDialog>
    </>
  );
}
