"use client";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { StyleField } from "../kinds/types";
import { useValidationText } from "@/client/form-errors";
import { DialogFrame } from "@/components/dialog-frame";
import { elementFieldSchema } from "@/lib/elements/common";
import { getElementDefinition, type ElementKind } from "@/lib/elements/registry";

export type StyleValues = Record<string, string | number>;

/**
 * The colour and width dialog (spec 2-content §2, "colour and width dialogs for line, arrow, …"): its
 * fields come from the kind's editor module, and the values are checked with the kind's own schema, so
 * the width message is the specification's 'Bredde skal være mellem 0.1 og 100 meter', as on the server.
 */
export function StyleDialog({
  kind,
  fields,
  initial,
  forDrawing,
  onClose,
  onApply,
}: {
  kind: ElementKind;
  fields: readonly StyleField[];
  initial: StyleValues;
  /** True when it sets the style of the next drawing rather than of selected elements. */
  forDrawing: boolean;
  onClose: () => void;
  onApply: (values: StyleValues) => void;
}) {
  const t = useTranslations("editor.styleDialog");
  const validationText = useValidationText();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, String(initial[f.key] ?? "")])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed: StyleValues = {};
    for (const field of fields)
      parsed[field.key] = field.type === "metres" ? Number(values[field.key]?.replace(",", ".")) : (values[field.key] ?? "");
    // Validate only these fields, with the stored schema's own rules and message keys.
    const schema = getElementDefinition(kind).schema;
    const found: Record<string, string> = {};
    for (const field of fields) {
      const result = elementFieldSchema(schema, field.key)?.safeParse(values[field.key]?.trim() === "" ? undefined : parsed[field.key]);
      if (result && !result.success) {
        const key = result.error?.issues[0]?.message ?? "";
        const text = validationText(key);
        found[field.key] = text === key ? validationText("invalidValue") : text;
      }
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(parsed);
  };

  return (
    <DialogFrame
      testId="style-dialog"
      title={forDrawing ? t("titleDrawing") : t("title")}
      onClose={onClose}
      onSubmit={submit}
      cancelLabel={t("cancel")}
      confirmLabel={t("save")}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {fields.map((field) =>
          field.type === "colour" ? (
            <TextField
              key={field.key}
              label={t("colour")}
              type="color"
              value={values[field.key]}
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
              error={!!errors[field.key]}
              helperText={errors[field.key]}
              slotProps={{ htmlInput: { "data-testid": `style-${field.key}` } }}
            />
          ) : (
            <TextField
              key={field.key}
              label={t("width")}
              value={values[field.key]}
              onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
              error={!!errors[field.key]}
              helperText={errors[field.key]}
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `style-${field.key}` } }}
            />
          ),
        )}
      </Stack>
    </DialogFrame>
  );
}
