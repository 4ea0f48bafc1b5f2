"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogContentText from "@mui/material/DialogContentText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/client/api";
import { sharePlan } from "@/client/projects/projects-api";
import { DialogFrame } from "@/components/dialog-frame";
import type { SignplanSummaryDto } from "@/lib/schemas/signplan";

type State = { kind: "creating" } | { kind: "ready"; link: string } | { kind: "error"; message: string };

/** The server may answer a path; the dialog shows what the recipient pastes, so make it absolute. */
function absoluteLink(link: string): string {
  try {
    return new URL(link, window.location.origin).toString();
  } catch {
    return link;
  }
}

/** A read-only link to a plan (core §4): asked for when the dialog opens, shown with a copy button. */
export function ShareLinkDialog({ plan, onClose }: { plan: SignplanSummaryDto; onClose: () => void }) {
  const t = useTranslations("projects.shareLink");
  const tp = useTranslations("projects");
  const [state, setState] = useState<State>({ kind: "creating" });
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const linkField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    sharePlan(plan.id, { toast: false })
      .then((answer) => current && setState({ kind: "ready", link: absoluteLink(answer.link) }))
      .catch((failure: unknown) => current && setState({ kind: "error", message: errorMessage(failure, t("error")) }));
    return () => {
      current = false;
    };
  }, [plan.id, t]);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      // No clipboard permission (or an insecure origin): select the text so the user can copy it.
      linkField.current?.select();
      setCopied("failed");
    }
  };

  return (
    <DialogFrame
      testId="share-link-dialog"
      title={t("title", { name: plan.name })}
      maxWidth="sm"
      onClose={onClose}
      cancelLabel={tp("close")}
    >
      <DialogContentText sx={{ mb: 2 }}>{t("intro")}</DialogContentText>
      {state.kind === "creating" && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{t("creating")}</Typography>
        </Stack>
      )}
      {state.kind === "error" && <Alert severity="error">{state.message}</Alert>}
      {state.kind === "ready" && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            label={t("link")}
            value={state.link}
            fullWidth
            inputRef={linkField}
            onFocus={(e) => e.target.select()}
            slotProps={{ htmlInput: { readOnly: true, "data-testid": "share-link" } }}
          />
          <Button variant="contained" disableElevation onClick={() => copy(state.link)} sx={{ flexShrink: 0, minHeight: 56 }} autoFocus>
            {t("copy")}
          </Button>
        </Stack>
      )}
      {copied && (
        <Alert severity={copied === "yes" ? "success" : "warning"} sx={{ mt: 2 }} role="status">
          {copied === "yes" ? t("copied") : t("copyFailed")}
        </Alert>
      )}
    </DialogFrame>
  );
}
