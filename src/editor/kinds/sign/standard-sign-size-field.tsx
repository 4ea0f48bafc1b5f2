"use client";
/**
 * The standard sign size (spec 2-content §3: "optional; empty means the size follows the zoom level
 * dynamically"), at the foot of the sign gallery. Saved when the field is left or Enter is pressed; the
 * field shows the settings' value, so a save the server refuses is seen going back.
 */
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useLocale, useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import { useValidationText } from "@/client/form-errors";
import { decimalText, parseDecimal } from "@/lib/decimal-text";
import { STANDARD_SIGN_SIZE_MAX, STANDARD_SIGN_SIZE_MIN, userSettingsSchema } from "@/lib/schemas/signs";

export function StandardSignSizeField({ value, onChange }: { value: number | null; onChange: (size: number | null) => void }) {
  const t = useTranslations("editorSigns.standardSize");
  const locale = useLocale();
  const format = (size: number | null) => (size === null ? "" : decimalText(size, locale));
  const validation = useValidationText();
  /** What the user is typing; null while the field shows the stored value. */
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    const parsed = userSettingsSchema.shape.standardSignSize.safeParse(text === "" ? null : parseDecimal(text));
    if (!parsed.success) return setError(validation(parsed.error.issues[0]?.message ?? "standardSignSize"));
    setError(null);
    setDraft(null);
    if (parsed.data !== value) onChange(parsed.data);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") commit();
    if (event.key === "Escape" && draft !== null) {
      // Escape undoes the typing; the gallery closes on a second one.
      event.preventDefault();
      setDraft(null);
      setError(null);
    }
  };

  return (
    <TextField
      size="small"
      fullWidth
      label={t("label")}
      placeholder={t("placeholder")}
      value={draft ?? format(value)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      error={!!error}
      helperText={error ?? t("helper", { min: STANDARD_SIGN_SIZE_MIN, max: STANDARD_SIGN_SIZE_MAX })}
      slotProps={{
        htmlInput: { "data-testid": "standard-sign-size", inputMode: "decimal", autoComplete: "off" },
        input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
      }}
    />
  );
}
