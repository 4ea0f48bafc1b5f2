"use client";
/**
 * The sign editor (spec 2-content §2, "sign editor"): the placed sign's text or value, its size (the
 * catalogue's official sizes, "follows the zoom", or a height of one's own), its rotation and its
 * variant (one of the catalogue's subSigns, hung below it); for a well its levels (dækselkote, bundkote,
 * tilslutningskote). Opened by a double-click on a sign or the toolbar's "Rediger skilt"; one save is one
 * undoable step.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { checkParameterValue } from "./sign-parameter";
import { signLibrary } from "./sign-library";
import { additionOf } from "./catalogue-additions";
import { roundMetres } from "./sign-placement";
import type { SignElement } from "@/lib/elements/sign";
import { normalizeRotation } from "@/lib/map/rotation";
import type { CatalogueSign } from "@/lib/signs/types";
import { carriesWellLevels, formatLevel, parseDecimal, parseLevel, WELL_LEVEL_FIELDS, type WellLevelField } from "@/lib/signs/well-levels";

/** A custom height between 5 cm and the schema's 50 m. */
const MIN_CUSTOM_METRES = 0.05;
const MAX_CUSTOM_METRES = 50;

type SizeChoice = `size-${number}` | "zoom" | "custom";

/** The catalogue entry of an image URL, or null (an unknown or invalid URL). */
function lookUp(imageUrl: string): CatalogueSign | null {
  try {
    return signLibrary()?.findSign(imageUrl) ?? additionOf(imageUrl);
  } catch {
    return null;
  }
}

const same = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && Math.abs(a - b) < 1e-6;

/** Which size option the stored sign has. */
export function sizeChoiceOf(element: Pick<SignElement, "heightInMeters" | "widthInMeters">, sign: CatalogueSign | null): SizeChoice {
  if (!element.heightInMeters && !element.widthInMeters) return "zoom";
  const index = (sign?.sizes ?? []).findIndex(
    (s) =>
      same(s.heightInMeters, element.heightInMeters) &&
      (element.widthInMeters === undefined || same(s.widthInMeters, element.widthInMeters)),
  );
  return index >= 0 ? `size-${index}` : "custom";
}

export function SignEditDialog({
  element,
  sign,
  replaceImageUrl,
  warning,
  onSave,
  onClose,
}: {
  element: SignElement;
  /** The catalogue entry whose options are offered (the base sign when a personal sign was deleted). */
  sign: CatalogueSign | null;
  /** Set when the dialog opened on another sign than the stored one: saving puts that sign in its place. */
  replaceImageUrl?: string;
  warning?: string | null;
  onSave: (next: SignElement) => void;
  onClose: () => void;
}) {
  const t = useTranslations("editorSigns.editDialog");
  const tValue = useTranslations("editorSigns.value");
  const format = useFormatter();
  const locale = useLocale();
  const metres = (value: number) => format.number(value, { maximumFractionDigits: 3 });
  const parameter = sign?.parameter;
  const asksName = !parameter && !!sign?.shouldPromptForName;

  const [value, setValue] = useState(element.text ?? parameter?.defaultValue ?? "");
  const [name, setName] = useState(element.name ?? "");
  const [sizeChoice, setSizeChoice] = useState<SizeChoice>(() => sizeChoiceOf(element, sign));
  const [customHeight, setCustomHeight] = useState(element.heightInMeters ? String(element.heightInMeters).replace(".", ",") : "");
  const [rotation, setRotation] = useState(String(element.rotation ?? 0));
  const variants = sign?.subSigns ?? [];
  const currentVariant = element.subSign?.imageUrl ?? "";
  const [variant, setVariant] = useState(currentVariant);
  // A variant that is itself a parametric plate (U 1.1 "200 m") carries its own value.
  const variantParameter = variant ? lookUp(variant)?.parameter : undefined;
  const [variantValue, setVariantValue] = useState(element.subSign?.text ?? "");
  const asksLevels = carriesWellLevels(element, sign);
  const [levels, setLevels] = useState<Record<WellLevelField, string>>(() => {
    const typed = (field: WellLevelField) => (element[field] === undefined ? "" : formatLevel(element[field], locale));
    return { coverLevel: typed("coverLevel"), invertLevel: typed("invertLevel"), connectionLevel: typed("connectionLevel") };
  });
  const [errors, setErrors] = useState<
    { value?: string; size?: string; rotation?: string; variantValue?: string } & Partial<Record<WellLevelField, string>>
  >({});

  // Proportions for a custom height: the catalogue's, else the sign's own stored ones.
  const aspect =
    sign?.initialHeightInMeters && sign.initialWidthInMeters
      ? sign.initialWidthInMeters / sign.initialHeightInMeters
      : element.heightInMeters && element.widthInMeters
        ? element.widthInMeters / element.heightInMeters
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    const next: SignElement = { ...element, imageUrl: replaceImageUrl ?? element.imageUrl };

    if (parameter) {
      const checked = checkParameterValue(parameter.kind, value);
      if (checked.ok) next.text = checked.value;
      else found.value = tValue(`errors.${checked.error}`);
    }
    if (asksName) {
      if (name.trim()) next.name = name.trim();
      else delete next.name;
    }

    delete next.heightInMeters;
    delete next.widthInMeters;
    if (sizeChoice === "custom") {
      const height = parseDecimal(customHeight);
      if (height === null || height < MIN_CUSTOM_METRES || height > MAX_CUSTOM_METRES) found.size = t("sizeError");
      else {
        next.heightInMeters = roundMetres(height);
        if (aspect) next.widthInMeters = roundMetres(height * aspect);
      }
    } else if (sizeChoice !== "zoom") {
      const size = sign?.sizes?.[Number(sizeChoice.slice("size-".length))];
      if (size) {
        next.heightInMeters = size.heightInMeters;
        next.widthInMeters = size.widthInMeters;
      }
    }

    if (asksLevels) {
      for (const field of WELL_LEVEL_FIELDS) {
        const level = parseLevel(levels[field]);
        if (!level.ok) found[field] = t("levels.error");
        else if (level.value === undefined) delete next[field];
        else next[field] = level.value;
      }
    }

    const degrees = parseDecimal(rotation);
    if (degrees === null) found.rotation = t("rotationError");
    else next.rotation = normalizeRotation(degrees);

    if (variant === "") delete next.subSign;
    else {
      const subSign: NonNullable<SignElement["subSign"]> =
        variant === currentVariant && element.subSign ? { ...element.subSign } : { imageUrl: variant };
      delete subSign.text;
      if (variantParameter) {
        const checked = checkParameterValue(variantParameter.kind, variantValue || variantParameter.defaultValue);
        if (checked.ok) subSign.text = checked.value;
        else found.variantValue = tValue(`errors.${checked.error}`);
      }
      next.subSign = subSign;
    }

    setErrors(found);
    if (Object.keys(found).length === 0) onSave(next);
  };

  const title = sign ? `${sign.code} ${sign.name}` : null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="sign-edit-title" data-testid="sign-edit-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sign-edit-title">{t("title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            {warning && (
              <Alert severity="warning" data-testid="sign-edit-warning">
                {warning}
              </Alert>
            )}
            {title && (
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
                <Box component="img" src={sign?.imageUrl} alt="" sx={{ width: 40, height: 40, objectFit: "contain" }} />
                <Box component="span" sx={{ fontWeight: 600 }} data-testid="sign-edit-name">
                  {title}
                </Box>
              </Box>
            )}
            {parameter && (
              <TextField
                label={tValue(`labels.${parameter.kind}`)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                error={!!errors.value}
                helperText={errors.value}
                slotProps={{ htmlInput: { "data-testid": "sign-edit-value" } }}
              />
            )}
            {asksName && (
              <TextField
                label={t("name")}
                value={name}
                onChange={(e) => setName(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 200, "data-testid": "sign-edit-text" } }}
              />
            )}
            {asksLevels && (
              <Stack spacing={1.5} data-testid="sign-edit-levels">
                <Typography variant="subtitle2" component="h3">
                  {t("levels.heading")}
                </Typography>
                {WELL_LEVEL_FIELDS.map((field) => (
                  <TextField
                    key={field}
                    label={t(`levels.${field}`)}
                    value={levels[field]}
                    onChange={(e) => setLevels((typed) => ({ ...typed, [field]: e.target.value }))}
                    error={!!errors[field]}
                    helperText={errors[field]}
                    placeholder={t("levels.placeholder")}
                    slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": `sign-edit-${field}` } }}
                  />
                ))}
              </Stack>
            )}
            <TextField
              select
              label={t("size")}
              value={sizeChoice}
              onChange={(e) => setSizeChoice(e.target.value as SizeChoice)}
              slotProps={{
                htmlInput: { "data-testid": "sign-edit-size" },
                select: { MenuProps: { slotProps: { paper: { "data-testid": "sign-edit-size-menu" } as object } } },
              }}
            >
              {(sign?.sizes ?? []).map((size, index) => (
                <MenuItem key={index} value={`size-${index}`}>
                  {size.label
                    ? t("sizeOption", { label: size.label, width: metres(size.widthInMeters), height: metres(size.heightInMeters) })
                    : t("sizeOptionPlain", { width: metres(size.widthInMeters), height: metres(size.heightInMeters) })}
                </MenuItem>
              ))}
              <MenuItem value="zoom">{t("followsZoom")}</MenuItem>
              <MenuItem value="custom">{t("custom")}</MenuItem>
            </TextField>
            {sizeChoice === "custom" && (
              <TextField
                label={t("customHeight")}
                value={customHeight}
                onChange={(e) => setCustomHeight(e.target.value)}
                error={!!errors.size}
                helperText={errors.size}
                slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "sign-edit-height" } }}
              />
            )}
            <TextField
              label={t("rotation")}
              value={rotation}
              onChange={(e) => setRotation(e.target.value)}
              error={!!errors.rotation}
              helperText={errors.rotation}
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "sign-edit-rotation" } }}
            />
            {(variants.length > 0 || currentVariant) && (
              <TextField
                select
                label={t("variant")}
                value={variant}
                onChange={(e) => setVariant(e.target.value)}
                slotProps={{
                  htmlInput: { "data-testid": "sign-edit-variant" },
                  select: { MenuProps: { slotProps: { paper: { "data-testid": "sign-edit-variant-menu" } as object } } },
                }}
              >
                <MenuItem value="">{t("noVariant")}</MenuItem>
                {variants.map((v) => (
                  <MenuItem key={v.id} value={v.imageUrl} data-testid={`sign-variant-${v.id}`}>
                    <Box component="img" src={v.imageUrl} alt="" sx={{ width: 28, height: 28, objectFit: "contain", mr: 1 }} />
                    {v.name}
                  </MenuItem>
                ))}
                {currentVariant && !variants.some((v) => v.imageUrl === currentVariant) && (
                  <MenuItem value={currentVariant}>{t("currentVariant")}</MenuItem>
                )}
              </TextField>
            )}
            {variantParameter && (
              <TextField
                label={tValue(`labels.${variantParameter.kind}`)}
                value={variantValue}
                placeholder={variantParameter.defaultValue}
                onChange={(e) => setVariantValue(e.target.value)}
                error={!!errors.variantValue}
                helperText={errors.variantValue}
                slotProps={{ htmlInput: { "data-testid": "sign-edit-variant-value" } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {t("cancel")}
          </Button>
          <Button type="submit" variant="contained" disableElevation data-testid="sign-edit-save">
            {t("save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
