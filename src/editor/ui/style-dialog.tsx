"use client";
import Autocomplete from "@mui/material/Autocomplete";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { StyleField, StyleValues } from "../kinds/types";
import { useValidationText } from "@/client/form-errors";
import { DialogFrame } from "@/components/dialog-frame";
import { decimalText, parseDecimal } from "@/lib/decimal-text";
import { elementFieldSchema } from "@/lib/elements/common";
import { getElementDefinition, type ElementKind } from "@/lib/elements/registry";

export type { StyleValues };

/** What a field's input holds while the user edits it. */
type Draft = Record<string, string | boolean>;

/** A number as the user's language writes it ("0,5"), which `valueOf` reads back. */
const draftOf = (field: StyleField, value: StyleValues[string] | undefined, locale: string): string | boolean =>
  field.type === "boolean"
    ? value === true
    : value === undefined
      ? ""
      : typeof value === "number"
        ? decimalText(value, locale)
        : String(value);

/** The draft as the element stores it: numbers as numbers (a decimal comma accepted), an empty text as absent. */
function valueOf(field: StyleField, draft: string | boolean | undefined): StyleValues[string] | undefined {
  if (field.type === "boolean") return draft === true;
  const text = typeof draft === "string" ? draft.trim() : "";
  if (text === "") return undefined;
  return field.type === "number" ? parseDecimal(text) : text;
}

/** A drawn sample of a choice's option (the kind's own SVG), as an image beside its name. */
function Sample({ svg }: { svg: string }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- an inline SVG sample, not a page image
    <img alt="" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={120} height={24} style={{ marginRight: 12 }} />
  );
}

/**
 * The style dialog of a kind (spec 2-content §2, "colour and width dialogs for line, arrow, …"): its
 * fields come from the kind's editor module, and the values are checked with the kind's own schema, so
 * the width message is the specification's 'Bredde skal være mellem 0.1 og 100 meter', as on the server.
 */
export function StyleDialog({
  kind,
  fields,
  initial,
  forDrawing,
  title,
  testId = "style-dialog",
  onClose,
  onApply,
}: {
  kind: ElementKind;
  fields: readonly StyleField[];
  initial: StyleValues;
  /** True when it sets the style of the next drawing rather than of selected elements. */
  forDrawing: boolean;
  /** Another title than the colour-and-width one (a kind's add and edit dialogs). */
  title?: string;
  testId?: string;
  onClose: () => void;
  onApply: (values: StyleValues) => void;
}) {
  const t = useTranslations("editor.styleDialog");
  const validationText = useValidationText();
  const locale = useLocale();
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(fields.map((f) => [f.key, draftOf(f, initial[f.key], locale)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: string, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed: StyleValues = {};
    const found: Record<string, string> = {};
    // Validate only these fields, with the stored schema's own rules and message keys.
    const schema = getElementDefinition(kind).schema;
    for (const field of fields) {
      const value = valueOf(field, draft[field.key]);
      if (field.type === "text" && field.required && value === undefined) {
        found[field.key] = validationText("textRequired");
        continue;
      }
      const result = elementFieldSchema(schema, field.key)?.safeParse(value);
      if (result && !result.success) {
        const key = result.error?.issues[0]?.message ?? "";
        const text = validationText(key);
        found[field.key] = text === key ? validationText("invalidValue") : text;
      } else if (value !== undefined) parsed[field.key] = value;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(parsed);
  };

  const current = Object.fromEntries(fields.map((f) => [f.key, valueOf(f, draft[f.key]) ?? ""])) as StyleValues;
  const label = (key: string) => t(`fields.${key}` as never);
  const option = (key: string, value: string) => t(`options.${key}.${value}` as never);

  return (
    <DialogFrame
      testId={testId}
      title={title ?? (forDrawing ? t("titleDrawing") : t("title"))}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t("cancel")}
      confirmLabel={t("save")}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {fields.map((field) => {
          const common = {
            label: label(field.key),
            error: !!errors[field.key],
            helperText: errors[field.key],
          };
          const value = draft[field.key];
          switch (field.type) {
            case "boolean":
              return (
                <FormControlLabel
                  key={field.key}
                  label={label(field.key)}
                  control={
                    <Checkbox
                      checked={value === true}
                      onChange={(e) => set(field.key, e.target.checked)}
                      slotProps={{ input: { "data-testid": `style-${field.key}` } as object }}
                    />
                  }
                />
              );
            case "choice":
            case "colour":
              if (field.type === "choice" || field.options) {
                const options = field.options ?? [];
                const sample = field.type === "choice" ? field.sample : undefined;
                return (
                  <TextField
                    key={field.key}
                    {...common}
                    select
                    value={value}
                    onChange={(e) => set(field.key, e.target.value)}
                    slotProps={{ htmlInput: { "data-testid": `style-${field.key}` } }}
                  >
                    {options.map((o) => (
                      <MenuItem key={o} value={o} data-testid={`style-${field.key}-${o}`}>
                        {sample && <Sample svg={sample(o, current)} />}
                        {option(field.key, o)}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }
              return (
                <TextField
                  key={field.key}
                  {...common}
                  type="color"
                  value={value}
                  onChange={(e) => set(field.key, e.target.value)}
                  slotProps={{ htmlInput: { "data-testid": `style-${field.key}` } }}
                />
              );
            case "number":
              return (
                <TextField
                  key={field.key}
                  {...common}
                  value={value}
                  onChange={(e) => set(field.key, e.target.value)}
                  slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `style-${field.key}` } }}
                />
              );
            case "text":
              if (field.suggestions)
                return (
                  <Autocomplete
                    key={field.key}
                    freeSolo
                    options={field.suggestions.map((o) => option(field.key, o))}
                    inputValue={typeof value === "string" ? value : ""}
                    onInputChange={(_, text) => set(field.key, text)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        {...common}
                        slotProps={{
                          ...params.slotProps,
                          htmlInput: { ...params.slotProps.htmlInput, maxLength: field.maxLength, "data-testid": `style-${field.key}` },
                        }}
                      />
                    )}
                    slotProps={{ listbox: { "data-testid": `style-${field.key}-suggestions` } as object }}
                  />
                );
              return (
                <TextField
                  key={field.key}
                  {...common}
                  value={value}
                  onChange={(e) => set(field.key, e.target.value)}
                  multiline={field.multiline}
                  minRows={field.multiline ? 2 : undefined}
                  autoFocus={field.required}
                  slotProps={{ htmlInput: { maxLength: field.maxLength, "data-testid": `style-${field.key}` } }}
                />
              );
          }
        })}
      </Stack>
    </DialogFrame>
  );
}
