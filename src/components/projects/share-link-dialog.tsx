"use client";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogContentText from "@mui/material/DialogContentText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/client/api";
import { getShareLink, revokeShareLink, sharePlan } from "@/client/projects/projects-api";
import { DialogFrame } from "@/components/dialog-frame";
import type { ShareLinkDto, SignplanSummaryDto } from "@/lib/schemas/signplan";

/** How long a link lasts, counted from when it is chosen. */
type Expiry = "7" | "30" | "90" | "never";
const EXPIRY_CHOICES: readonly Expiry[] = ["7", "30", "90", "never"];
const EXPIRY_LABELS = { "7": "expiry7", "30": "expiry30", "90": "expiry90", never: "expiryNever" } as const;
/**
 * A new link lasts 30 days unless the user picks otherwise: long enough for an authority to look at a
 * plan while its permit is handled, and a forgotten link still ends by itself.
 */
const DEFAULT_EXPIRY: Expiry = "30";

function expiresAtOf(choice: Expiry): string | null {
  return choice === "never" ? null : new Date(Date.now() + Number(choice) * 24 * 3600_000).toISOString();
}

type State =
  | { kind: "loading" }
  | { kind: "loadError"; message: string }
  /** No active link; `revoked` when the user has just revoked one here. */
  | { kind: "none"; revoked: boolean }
  /** `choice` is "" while the link keeps an expiry that was not picked in this dialog. */
  | { kind: "ready"; link: ShareLinkDto; choice: Expiry | ""; confirmRevoke: boolean };

/** The server may answer a path; the dialog shows what the recipient pastes, so make it absolute. */
function absoluteLink(link: string): string {
  try {
    return new URL(link, window.location.origin).toString();
  } catch {
    return link;
  }
}

function ExpirySelect({
  value,
  onChange,
  disabled,
  helperText,
  placeholder,
}: {
  value: Expiry | "";
  onChange: (choice: Expiry) => void;
  disabled: boolean;
  helperText?: string;
  /** Shown when no choice is selected. */
  placeholder?: string;
}) {
  const t = useTranslations("projects.shareLink");
  return (
    <TextField
      select
      label={t("expiry")}
      value={value}
      onChange={(e) => onChange(e.target.value as Expiry)}
      disabled={disabled}
      helperText={helperText}
      sx={{ minWidth: 220 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, renderValue: (v) => (v ? t(EXPIRY_LABELS[v as Expiry]) : placeholder) },
        htmlInput: { "data-testid": "share-link-expiry" },
      }}
    >
      {EXPIRY_CHOICES.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {t(EXPIRY_LABELS[choice])}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A plan's read-only link (core §4): the active one with a copy button, its expiry (which can be
 * changed), and revoking it; a plan without one gets one made here, with the expiry the user picks.
 */
export function ShareLinkDialog({ plan, onClose }: { plan: SignplanSummaryDto; onClose: () => void }) {
  const t = useTranslations("projects.shareLink");
  const tp = useTranslations("projects");
  const format = useFormatter();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [newExpiry, setNewExpiry] = useState<Expiry>(DEFAULT_EXPIRY);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const linkField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    getShareLink(plan.id, { toast: false })
      .then((link) => {
        if (!current) return;
        setState(
          link ? { kind: "ready", link, choice: link.expiresAt ? "" : "never", confirmRevoke: false } : { kind: "none", revoked: false },
        );
      })
      .catch((failure: unknown) => current && setState({ kind: "loadError", message: errorMessage(failure, t("loadError")) }));
    return () => {
      current = false;
    };
  }, [plan.id, t]);

  /** One request at a time; its failure is shown at the top of the dialog. */
  const run = async (action: () => Promise<void>, fallback: string) => {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
    } finally {
      setPending(false);
    }
  };

  const create = () =>
    run(async () => {
      const link = await sharePlan(plan.id, expiresAtOf(newExpiry), { toast: false });
      setCopied(null);
      setState({ kind: "ready", link, choice: newExpiry, confirmRevoke: false });
    }, t("error"));

  const changeExpiry = (choice: Expiry) =>
    run(async () => {
      const link = await sharePlan(plan.id, expiresAtOf(choice), { toast: false });
      setState({ kind: "ready", link, choice, confirmRevoke: false });
    }, t("expiryError"));

  const revoke = () =>
    run(async () => {
      await revokeShareLink(plan.id, { toast: false });
      setCopied(null);
      setNewExpiry(DEFAULT_EXPIRY);
      setState({ kind: "none", revoked: true });
    }, t("revokeError"));

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

  const formatExpiry = (expiresAt: string) => format.dateTime(new Date(expiresAt), { dateStyle: "long", timeStyle: "short" });

  return (
    <DialogFrame
      testId="share-link-dialog"
      title={t("title", { name: plan.name })}
      maxWidth="sm"
      onClose={onClose}
      cancelLabel={tp("close")}
      pending={pending}
      error={error}
    >
      <DialogContentText sx={{ mb: 2 }}>{t("intro")}</DialogContentText>
      {state.kind === "loading" && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{t("loading")}</Typography>
        </Stack>
      )}
      {state.kind === "loadError" && <Alert severity="error">{state.message}</Alert>}
      {state.kind === "none" && (
        <Stack spacing={2}>
          {state.revoked && (
            <Alert severity="info" role="status" data-testid="share-link-revoked">
              {t("revoked")}
            </Alert>
          )}
          <Typography>{t("none")}</Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            <ExpirySelect value={newExpiry} onChange={setNewExpiry} disabled={pending} />
            <Button variant="contained" disableElevation onClick={create} disabled={pending} sx={{ minHeight: 56 }}>
              {pending ? t("creating") : t("create")}
            </Button>
          </Stack>
        </Stack>
      )}
      {state.kind === "ready" && (
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              label={t("link")}
              value={absoluteLink(state.link.link)}
              fullWidth
              inputRef={linkField}
              onFocus={(e) => e.target.select()}
              slotProps={{ htmlInput: { readOnly: true, "data-testid": "share-link" } }}
            />
            <Button
              variant="contained"
              disableElevation
              onClick={() => copy(absoluteLink(state.link.link))}
              sx={{ flexShrink: 0, minHeight: 56 }}
              autoFocus
            >
              {t("copy")}
            </Button>
          </Stack>
          {copied && (
            <Alert severity={copied === "yes" ? "success" : "warning"} role="status">
              {copied === "yes" ? t("copied") : t("copyFailed")}
            </Alert>
          )}
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={1}
            sx={{ alignItems: { sm: "flex-start" }, justifyContent: "space-between" }}
          >
            <ExpirySelect
              value={state.choice}
              onChange={changeExpiry}
              disabled={pending}
              placeholder={state.link.expiresAt ? t("until", { date: formatExpiry(state.link.expiresAt) }) : undefined}
              helperText={
                state.choice === ""
                  ? undefined
                  : state.link.expiresAt
                    ? t("expiresOn", { date: formatExpiry(state.link.expiresAt) })
                    : t("noExpiry")
              }
            />
            {!state.confirmRevoke && (
              <Button
                color="error"
                variant="outlined"
                onClick={() => setState({ ...state, confirmRevoke: true })}
                disabled={pending}
                sx={{ minHeight: 56 }}
              >
                {t("revoke")}
              </Button>
            )}
          </Stack>
          {state.confirmRevoke && (
            <Alert severity="warning" data-testid="share-link-revoke-confirm">
              {t("revokeQuestion")}
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: "flex-end" }}>
                <Button color="inherit" onClick={() => setState({ ...state, confirmRevoke: false })} disabled={pending} autoFocus>
                  {t("revokeCancel")}
                </Button>
                <Button color="error" variant="contained" disableElevation onClick={revoke} disabled={pending}>
                  {t("revokeConfirm")}
                </Button>
              </Stack>
            </Alert>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
