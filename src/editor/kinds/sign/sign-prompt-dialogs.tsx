"use client";
/**
 * The small dialogs of placing a sign (spec 2-content §5): a sign flagged shouldPromptForName asks for
 * its text, and an empty text brings up the empty-sign prompt ("empty names trigger the empty sign
 * prompt"); a parametric sign asks for its value (a speed, a distance), prefilled with the catalogue's
 * default and checked per kind before it is placed.
 */
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { checkParameterValue, type ParameterKind } from "./sign-parameter";

/** Asks for the text of a sign flagged shouldPromptForName; an empty text is passed on as "" (the caller prompts). */
export function SignNameDialog({
  signLabel,
  initial = "",
  onSubmit,
  onCancel,
  submitLabel,
}: {
  signLabel: string;
  initial?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  /** The confirm button's label where the sign is not placed ("Tilføj" to a sign list). */
  submitLabel?: string;
}) {
  const t = useTranslations("editorSigns.nameDialog");
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="sign-name-title" data-testid="sign-name-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sign-name-title">{t("title")}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {signLabel}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t("label")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, "data-testid": "sign-name-input" } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} color="inherit">
            {t("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation data-testid="sign-name-submit">
            {submitLabel ?? t("place")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "The sign has no text. Place it without text?" with Back (to the text) and Place anyway. */
export function EmptySignPrompt({ onBack, onPlaceAnyway }: { onBack: () => void; onPlaceAnyway: () => void }) {
  const t = useTranslations("editorSigns.emptySign");
  return (
    <Dialog open onClose={onBack} fullWidth maxWidth="xs" aria-labelledby="empty-sign-title" data-testid="empty-sign-prompt">
      <DialogTitle id="empty-sign-title">{t("title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("text")}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onBack} color="inherit" autoFocus data-testid="empty-sign-back">
          {t("back")}
        </Button>
        <Button onClick={onPlaceAnyway} variant="contained" disableElevation data-testid="empty-sign-place">
          {t("placeAnyway")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks for the value of a parametric sign, checked per kind; submits it in the form the sign shows. */
export function SignValueDialog({
  signLabel,
  kind,
  initial,
  onSubmit,
  onCancel,
  submitLabel,
}: {
  signLabel: string;
  kind: ParameterKind;
  initial: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** The confirm button's label where the sign is not placed ("Tilføj" to a sign list). */
  submitLabel?: string;
}) {
  const t = useTranslations("editorSigns.value");
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkParameterValue(kind, value);
    if (!checked.ok) return setError(t(`errors.${checked.error}`));
    onSubmit(checked.value);
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="sign-value-title" data-testid="sign-value-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sign-value-title">{t("title")}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {signLabel}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t(`labels.${kind}`)}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error}
            slotProps={{
              htmlInput: {
                inputMode: kind === "speed" ? "numeric" : kind === "distance" || kind === "length" || kind === "text" ? "text" : "decimal",
                "data-testid": "sign-value-input",
              },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} color="inherit">
            {t("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation data-testid="sign-value-submit">
            {submitLabel ?? t("place")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
