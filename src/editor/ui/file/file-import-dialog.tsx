"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogContentText from "@mui/material/DialogContentText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { DialogFrame } from "@/components/dialog-frame";

/** Where an import is: the file being read, refused with a message, or read and waiting for confirmation. */
export type ImportDialogStep = { step: "reading" | "ready"; fileName: string } | { step: "failed"; fileName: string; message: string };

/** The texts of an import dialog; every import names them alike in its own namespace. */
export interface ImportDialogTexts {
  title: string;
  fileName: (file: string) => string;
  reading: string;
  nothingChanged: string;
  cancel: string;
  chooseOther: string;
  confirm: string;
}

/**
 * The frame every file import shares (a plan file, a GPX file): the file's name, reading, a refusal that
 * changed nothing with a way to choose another file, or what was read (`children`) and a confirmation.
 * Test ids are `<testId>-dialog`, `-error`, `-choose-other` and `-confirm`.
 */
export function FileImportDialog({
  state,
  texts,
  testId,
  onClose,
  onChooseOther,
  onConfirm,
  children,
}: {
  state: ImportDialogStep | null;
  texts: ImportDialogTexts;
  testId: string;
  onClose: () => void;
  onChooseOther: () => void;
  onConfirm: () => void;
  /** What the file holds, shown once it is read. */
  children: ReactNode;
}) {
  return (
    <DialogFrame
      testId={`${testId}-dialog`}
      title={texts.title}
      open={state !== null}
      onClose={onClose}
      maxWidth="sm"
      cancelLabel={texts.cancel}
      confirmAction={
        state?.step === "failed" ? (
          <Button onClick={onChooseOther} variant="outlined" data-testid={`${testId}-choose-other`}>
            {texts.chooseOther}
          </Button>
        ) : (
          <Button
            onClick={onConfirm}
            variant="contained"
            disableElevation
            disabled={state?.step !== "ready"}
            data-testid={`${testId}-confirm`}
          >
            {texts.confirm}
          </Button>
        )
      }
    >
      <Stack spacing={1.5} data-step={state?.step}>
        {state && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all" }}>
            {texts.fileName(state.fileName)}
          </Typography>
        )}
        {state?.step === "reading" && <DialogContentText>{texts.reading}</DialogContentText>}
        {state?.step === "failed" && (
          <>
            <Alert severity="error" data-testid={`${testId}-error`}>
              {state.message}
            </Alert>
            <DialogContentText>{texts.nothingChanged}</DialogContentText>
          </>
        )}
        {state?.step === "ready" && children}
      </Stack>
    </DialogFrame>
  );
}
