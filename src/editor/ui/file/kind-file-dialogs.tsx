"use client";
/**
 * Import and export of a kind's own file format (spec 2-content §2, "GPX import and export"): the kind's
 * editor module says which format (`fileFormat`) and converts; these dialogs read the chosen file, say
 * what it holds and add it on confirmation, or write the chosen elements into one file.
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
import { useTranslations } from "next-intl";
import { useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from "react";
import { newElementId } from "@/editor/core/interactions/editor-interactions";
import { planFileName } from "@/editor/core/file/plan-file";
import { editorElement } from "@/editor/kinds/registry";
import type { KindFileFormat } from "@/editor/kinds/types";
import { MAX_POSITIONS } from "@/lib/elements/common";
import type { AnyElement, ElementKind } from "@/lib/elements/registry";
import { saveBlobAs } from "@/client/save-file";

/**
 * Largest file read: a GPX file spends 60–200 bytes a point on elevation, time and extensions that are
 * not kept, so 50 MB (about 300,000 Garmin track points) still fits a plan's 20 MB once stored.
 */
export const MAX_KIND_FILE_BYTES = 50 * 1024 * 1024;

const formatOf = (kind: ElementKind): KindFileFormat<ElementKind> | null =>
  (editorElement(kind)?.fileFormat as KindFileFormat<ElementKind> | undefined) ?? null;

/** The format's name as users know it: the extension in capitals (GPX). */
const formatName = (format: KindFileFormat<ElementKind>) => format.extension.toUpperCase();

export interface KindFileImportHandle {
  /** Opens the file chooser for a kind's format; call it from a click (browsers need a user gesture). */
  pick: (kind: ElementKind) => void;
}

type ImportStep =
  | { step: "reading"; fileName: string }
  | { step: "ready"; fileName: string; elements: AnyElement[]; skipped: number; split: number }
  | { step: "failed"; fileName: string; message: string };

/**
 * A hidden file input and the import dialog. A file that is not of the format, or holds nothing to draw,
 * gets a message and changes nothing; only "Import" calls `onImport` (one undoable step).
 */
export function KindFileImport({
  ref,
  onImport,
}: {
  ref?: Ref<KindFileImportHandle>;
  onImport: (kind: ElementKind, elements: AnyElement[]) => void;
}) {
  const t = useTranslations("editorSync.file.import");
  const tKinds = useTranslations("editor.kinds");
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ElementKind | null>(null);
  const [state, setState] = useState<ImportStep | null>(null);
  const reading = useRef(0);
  const format = kind ? formatOf(kind) : null;

  useImperativeHandle(
    ref,
    () => ({
      pick: (next) => {
        const chosen = formatOf(next);
        if (!input.current || !chosen) return;
        setKind(next);
        // Set here, not by a render: the chooser opens within this click.
        input.current.accept = `.${chosen.extension},${chosen.mimeType}`;
        input.current.click();
      },
    }),
    [],
  );

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !kind || !format) return;
    const ticket = ++reading.current;
    const fileName = file.name;
    const words = { format: formatName(format), extension: format.extension };
    if (file.size > MAX_KIND_FILE_BYTES) {
      setState({ step: "failed", fileName, message: t("errors.tooLarge", { mb: MAX_KIND_FILE_BYTES / 1024 / 1024 }) });
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
    const result = format.read(text, newElementId, fileName);
    setState(
      result.ok
        ? { step: "ready", fileName, elements: result.elements, skipped: result.skipped, split: result.split }
        : { step: "failed", fileName, message: t(`errors.${result.reason}`, words) },
    );
  };

  const close = () => {
    reading.current += 1;
    setState(null);
  };

  const confirm = () => {
    if (state?.step !== "ready" || !kind) return;
    onImport(kind, state.elements);
    close();
  };

  const importTexts = {
    title: format ? t("title", { format: formatName(format) }) : "",
    fileName: (file: string) => t("fileName", { file }),
    reading: t("reading"),
    nothingChanged: t("nothingChanged"),
    cancel: t("cancel"),
    chooseOther: t("chooseOther"),
    confirm: t("confirm"),
  };
  return (
    <>
      <input ref={input} type="file" hidden onChange={(event) => void onChange(event)} data-testid="kind-file-input" />
      <FileImportDialog
        state={state}
        texts={importTexts}
        testId="kind-file-import"
        onClose={close}
        onChooseOther={() => input.current?.click()}
        onConfirm={confirm}
      >
        {state?.step === "ready" && kind && (
          <>
            <DialogContentText data-testid="kind-file-import-summary">
              {t("summary", { count: state.elements.length, kind: tKinds(kind) })}
            </DialogContentText>
            {state.skipped > 0 && <Alert severity="info">{t("skipped", { count: state.skipped })}</Alert>}
            {state.split > 0 && <Alert severity="info">{t("split", { count: state.split, max: MAX_POSITIONS })}</Alert>}
            <DialogContentText>{t("keeps")}</DialogContentText>
          </>
        )}
      </FileImportDialog>
    </>
  );
}

/**
 * The export dialog: the selected elements of the kind, or all of them when none is selected, written
 * into one file named after the plan.
 */
export function KindFileExportDialog({
  kind,
  elements,
  fromSelection,
  planName,
  onClose,
}: {
  kind: ElementKind;
  elements: readonly AnyElement[];
  /** True when `elements` are the selected ones rather than all of the plan's. */
  fromSelection: boolean;
  planName: string;
  onClose: () => void;
}) {
  const t = useTranslations("editorSync.file.export");
  const tKinds = useTranslations("editor.kinds");
  const [error, setError] = useState<string | null>(null);
  const format = formatOf(kind);
  if (!format) return null;
  const words = { count: elements.length, kind: tKinds(kind), extension: format.extension };

  const download = () => {
    try {
      const text = format.write(elements as never, planName);
      saveBlobAs(new Blob([text], { type: format.mimeType }), planFileName(planName, format.extension));
      onClose();
    } catch (failure) {
      console.error("export to file failed", failure);
      setError(t("error"));
    }
  };

  const titleId = "kind-file-export-title";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="kind-file-export-dialog">
      <DialogTitle id={titleId}>{t("title", { format: formatName(format) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <DialogContentText data-testid="kind-file-export-summary">
            {fromSelection ? t("selected", words) : t("all", words)}
          </DialogContentText>
          {!fromSelection && <DialogContentText>{t("selectHint")}</DialogContentText>}
          {error && (
            <Alert severity="error" data-testid="kind-file-export-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t("cancel")}
        </Button>
        <Button onClick={download} variant="contained" disableElevation autoFocus data-testid="kind-file-export-download">
          {t("download")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
