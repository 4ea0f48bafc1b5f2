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
import type { ElementKind } from "@/lib/elements/registry";
import { refOf, type ElementRef } from "@/editor/core/store/plan-store";
import { useSite } from "@/components/site-context";
import { saveBlobAs } from "@/client/save-file";

/**
 * Largest file read: a GPX file spends 60–200 bytes a point on markup and extensions that are not kept,
 * so 50 MB (about 300,000 Garmin track points) still fits a plan's 20 MB once stored with each point's
 * elevation and time (about 55 bytes a point).
 */
export const MAX_KIND_FILE_BYTES = 50 * 1024 * 1024;

const formatOf = (kind: ElementKind): KindFileFormat<ElementKind> | null =>
  (editorElement(kind)?.fileFormat as KindFileFormat<ElementKind> | undefined) ?? null;

/** The format's name as users know it: the extension in capitals (GPX). */
const formatName = (format: KindFileFormat<ElementKind>) => format.extension.toUpperCase();

/** The kinds a kind's file holds: its own and its format's companion (a GPX file's waypoints are points). */
export function fileKinds(kind: ElementKind): ElementKind[] {
  const companion = formatOf(kind)?.companion;
  return companion ? [kind, companion] : [kind];
}

export interface KindFileImportHandle {
  /** Opens the file chooser for a kind's format; call it from a click (browsers need a user gesture). */
  pick: (kind: ElementKind) => void;
}

type ImportStep =
  | { step: "reading"; fileName: string }
  | { step: "ready"; fileName: string; refs: ElementRef[]; count: number; companions: number; skipped: number; split: number }
  | { step: "failed"; fileName: string; message: string };

/**
 * A hidden file input and the import dialog. A file that is not of the format, or holds nothing to draw,
 * gets a message and changes nothing; only "Import" calls `onImport` (one undoable step).
 */
export function KindFileImport({ ref, onImport }: { ref?: Ref<KindFileImportHandle>; onImport: (refs: ElementRef[]) => void }) {
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
    if (!result.ok) {
      setState({ step: "failed", fileName, message: t(`errors.${result.reason}`, words) });
      return;
    }
    // The format of `kind` read them: its elements are of that kind, its companions of the companion kind.
    const refs = result.elements.map((element) => refOf(kind, element));
    const companion = format.companion;
    if (companion) refs.push(...result.companions.map((element) => refOf(companion, element)));
    const { skipped, split } = result;
    setState({
      step: "ready",
      fileName,
      refs,
      count: result.elements.length,
      companions: refs.length - result.elements.length,
      skipped,
      split,
    });
  };

  const close = () => {
    reading.current += 1;
    setState(null);
  };

  const confirm = () => {
    if (state?.step !== "ready" || !kind) return;
    onImport(state.refs);
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
              {format?.companion && state.companions > 0
                ? state.count > 0
                  ? t("summaryBoth", {
                      count: state.count,
                      kind: tKinds(kind),
                      companions: state.companions,
                      companionKind: tKinds(format.companion),
                    })
                  : t("summary", { count: state.companions, kind: tKinds(format.companion) })
                : t("summary", { count: state.count, kind: tKinds(kind) })}
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
 * The export dialog: the selected elements of the kind and of its format's companion kind (a GPX file's
 * waypoints are the plan's points), or all of them when none is selected, written into one file named
 * after the plan, with the site's product as the program that wrote it.
 */
export function KindFileExportDialog({
  kind,
  refs,
  selection,
  planName,
  onClose,
}: {
  kind: ElementKind;
  /** All of the plan's elements; the dialog takes those of the file's kinds. */
  refs: readonly ElementRef[];
  /** Ids of the selected elements. */
  selection: ReadonlySet<string>;
  planName: string;
  onClose: () => void;
}) {
  const t = useTranslations("editorSync.file.export");
  const tKinds = useTranslations("editor.kinds");
  const site = useSite();
  const [error, setError] = useState<string | null>(null);
  const format = formatOf(kind);
  if (!format) return null;
  const kinds = fileKinds(kind);
  const ofFile = refs.filter((ref) => kinds.includes(ref.kind));
  const selected = ofFile.filter((ref) => selection.has(ref.element.id));
  const fromSelection = selected.length > 0;
  const chosen = fromSelection ? selected : ofFile;
  const elements = chosen.filter((ref) => ref.kind === kind).map((ref) => ref.element);
  const companions = format.companion ? chosen.filter((ref) => ref.kind === format.companion).map((ref) => ref.element) : [];
  const companionKind = format.companion ? tKinds(format.companion) : "";
  const words =
    elements.length > 0
      ? { count: elements.length, kind: tKinds(kind), extension: format.extension, companions: companions.length, companionKind }
      : { count: companions.length, kind: companionKind, extension: format.extension, companions: 0, companionKind };
  const both = elements.length > 0 && companions.length > 0;

  const download = () => {
    try {
      const text = format.write(elements as never, { title: planName, creator: site.productName, companions });
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
            {fromSelection ? t(both ? "selectedBoth" : "selected", words) : t(both ? "allBoth" : "all", words)}
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
