"use client";
/**
 * The user's pipe types (spec 2-content §3, "Pipe preset": name, colour, width in mm, dash pattern, text
 * above, text below), with the pipe's data beside them (kind of water, dimension, material, fall). A
 * list on the left, the chosen type's form on the right; a kind of water fills in its colour and dash
 * (the user's own looks, else PIPE_WATER_KIND_DEFAULTS), which can then be changed.
 */
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { pipeSample } from ".";
import { deletePipePreset, savePipePreset } from "./pipe-preset-api";
import { errorMessage } from "@/client/api";
import { useValidationText } from "@/client/form-errors";
import { DialogFrame } from "@/components/dialog-frame";
import { decimalText, parseDecimal } from "@/lib/decimal-text";
import type { UserSettingsStore } from "@/editor/core/settings/user-settings";
import {
  PIPE_DASH_PATTERNS,
  PIPE_WATER_KIND_DEFAULTS,
  PIPE_WATER_KINDS,
  pipeDefaults,
  type PipeLook,
  type PipeWaterKind,
} from "@/lib/elements/pipe";
import { pipePresetBodySchema, type PipePresetDto } from "@/lib/schemas/pipe-presets";

/** Materials a kloakmester writes most, offered as suggestions; any other may be typed. */
const MATERIAL_SUGGESTIONS = ["PVC", "PP", "PE", "beton", "ler", "støbejern", "rustfrit stål"];

type Draft = Record<
  "name" | "colour" | "widthMm" | "dashPattern" | "textAbove" | "textBelow" | "dimension" | "material" | "fallPerMille" | "waterKind",
  string
>;

/** The form's fields for `preset` (a new type: the defaults), numbers as the user's language writes them ("2,5"). */
const draftOf = (preset: PipePresetDto | null, locale: string): Draft => ({
  name: preset?.name ?? "",
  colour: preset?.colour ?? pipeDefaults.colour,
  widthMm: decimalText(preset?.widthMm ?? pipeDefaults.widthMm, locale),
  dashPattern: preset?.dashPattern ?? pipeDefaults.dashPattern,
  textAbove: preset?.textAbove ?? "",
  textBelow: preset?.textBelow ?? "",
  dimension: preset?.dimension !== undefined ? String(preset.dimension) : "",
  material: preset?.material ?? "",
  fallPerMille: preset?.fallPerMille !== undefined ? decimalText(preset.fallPerMille, locale) : "",
  waterKind: preset?.waterKind ?? "",
});

/** A typed number with a decimal comma accepted; blank is none, anything else not a number stays text (the schema refuses it). */
const numberOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const value = parseDecimal(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

export function Sample({ svg, width = 120 }: { svg: string; width?: number }) {
  // eslint-disable-next-line @next/next/no-img-element -- an inline SVG sample, not a page image
  return <img alt="" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={width} height={24} />;
}

export function PipePresetsDialog({
  presets,
  settings,
  onChanged,
  onClose,
}: {
  presets: readonly PipePresetDto[];
  /** The user's settings, which keep the kinds of water's looks. */
  settings: UserSettingsStore;
  /** The list after a save or a delete. */
  onChanged: (presets: PipePresetDto[]) => void;
  onClose: () => void;
}) {
  const t = useTranslations("editorPipes");
  const locale = useLocale();
  const tStyle = useTranslations("editor.styleDialog");
  const validationText = useValidationText();
  const [selectedId, setSelectedId] = useState<string | null>(presets[0]?.id ?? null);
  const selected = presets.find((p) => p.id === selectedId) ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(selected, locale));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const [view, setView] = useState<"types" | "waterKinds">("types");
  // The kinds of water's looks as the user edits them: their own, else the defaults.
  const [waterKindLooks, setWaterKindLooks] = useState(
    () =>
      Object.fromEntries(PIPE_WATER_KINDS.map((kind) => [kind, settings.getPipeWaterKindLook(kind)])) as Record<PipeWaterKind, PipeLook>,
  );

  const choose = (preset: PipePresetDto | null) => {
    setSelectedId(preset?.id ?? null);
    setDraft(draftOf(preset, locale));
    setErrors({});
  };

  const chooseWaterKind = (value: string) => {
    const look = value ? waterKindLooks[value as PipeWaterKind] : null;
    setDraft((d) => ({ ...d, waterKind: value, ...(look ? { colour: look.colour, dashPattern: look.dashPattern } : {}) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (view === "waterKinds") return saveWaterKinds();
    const parsed = pipePresetBodySchema.safeParse({
      name: draft.name,
      colour: draft.colour,
      widthMm: numberOf(draft.widthMm) ?? Number.NaN,
      dashPattern: draft.dashPattern,
      textAbove: draft.textAbove,
      textBelow: draft.textBelow,
      dimension: numberOf(draft.dimension),
      material: draft.material,
      fallPerMille: numberOf(draft.fallPerMille),
      waterKind: draft.waterKind || undefined,
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Draft] ??= validationText(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = await savePipePreset(parsed.data, selected?.id);
      const next = [...presets.filter((p) => p.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name, "da"));
      onChanged(next);
      setSelectedId(saved.id);
      setDraft(draftOf(saved, locale));
      toast.success(t("saved", { name: saved.name }), { autoClose: 2000 });
    } catch (error) {
      toast.error(errorMessage(error, t("errors.save")));
    } finally {
      setPending(false);
    }
  };

  const lookOf = (kind: PipeWaterKind): PipeLook => waterKindLooks[kind];
  const setLook = (kind: PipeWaterKind, change: Partial<PipeLook>) =>
    setWaterKindLooks((looks) => ({ ...looks, [kind]: { ...looks[kind], ...change } }));
  const saveWaterKinds = async () => {
    setPending(true);
    try {
      // A look equal to the default is stored as the default, so a later change of defaults reaches it.
      await Promise.all(
        PIPE_WATER_KINDS.map((kind) => {
          const look = waterKindLooks[kind];
          const standard = PIPE_WATER_KIND_DEFAULTS[kind];
          return settings.setPipeWaterKindLook(
            kind,
            look.colour === standard.colour && look.dashPattern === standard.dashPattern ? null : look,
          );
        }),
      );
      toast.success(t("waterKinds.saved"), { autoClose: 2000 });
    } catch (error) {
      toast.error(errorMessage(error, t("errors.save")));
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    if (!selected) return;
    setPending(true);
    try {
      await deletePipePreset(selected.id);
      const next = presets.filter((p) => p.id !== selected.id);
      onChanged(next);
      choose(next[0] ?? null);
    } catch (error) {
      toast.error(errorMessage(error, t("errors.delete")));
    } finally {
      setPending(false);
    }
  };

  const text = (key: keyof Draft, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[key]}
      helperText={errors[key]}
      slotProps={{ htmlInput: { "data-testid": `pipe-preset-${key}` } }}
      {...extra}
    />
  );

  return (
    <DialogFrame
      testId="pipe-presets-dialog"
      title={t("presets.title")}
      maxWidth="md"
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      cancelLabel={t("presets.close")}
      confirmLabel={view === "waterKinds" ? t("waterKinds.save") : selected ? t("presets.save") : t("presets.create")}
    >
      <Tabs value={view} onChange={(_, next: "types" | "waterKinds") => setView(next)} sx={{ mb: 1 }}>
        <Tab value="types" label={t("presets.tab")} data-testid="pipe-presets-tab-types" />
        <Tab value="waterKinds" label={t("waterKinds.tab")} data-testid="pipe-presets-tab-waterKinds" />
      </Tabs>
      {view === "waterKinds" ? (
        <Stack spacing={1.5} sx={{ minHeight: 380, pt: 1 }} data-testid="pipe-water-kinds">
          <Typography variant="body2" color="text.secondary">
            {t("waterKinds.hint")}
          </Typography>
          {PIPE_WATER_KINDS.map((kind) => (
            <Stack key={kind} direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography sx={{ width: 140 }}>{t(`waterKinds.${kind}`)}</Typography>
              <TextField
                size="small"
                type="color"
                label={tStyle("fields.colour")}
                value={lookOf(kind).colour}
                onChange={(e) => setLook(kind, { colour: e.target.value })}
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { "data-testid": `water-kind-${kind}-colour` } }}
              />
              <TextField
                select
                size="small"
                label={tStyle("fields.dashPattern")}
                value={lookOf(kind).dashPattern}
                onChange={(e) => setLook(kind, { dashPattern: e.target.value as PipeLook["dashPattern"] })}
                sx={{ flex: 1 }}
              >
                {PIPE_DASH_PATTERNS.map((pattern) => (
                  <MenuItem key={pattern} value={pattern}>
                    <Box component="span" sx={{ mr: 1.5, display: "inline-flex" }}>
                      <Sample svg={pipeSample(pattern, { colour: lookOf(kind).colour })} width={80} />
                    </Box>
                    {tStyle(`options.dashPattern.${pattern}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Box sx={{ display: "flex", gap: 2, minHeight: 380 }}>
          <Box sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: "divider", pr: 1 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => choose(null)}
              data-testid="pipe-preset-new"
              fullWidth
              sx={{ justifyContent: "flex-start" }}
            >
              {t("presets.new")}
            </Button>
            {presets.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
                {t("presets.empty")}
              </Typography>
            )}
            <List dense data-testid="pipe-preset-list">
              {presets.map((preset) => (
                <ListItemButton
                  key={preset.id}
                  selected={preset.id === selectedId}
                  onClick={() => choose(preset)}
                  data-testid="pipe-preset-item"
                >
                  <ListItemText
                    primary={preset.name}
                    secondary={<Sample svg={pipeSample(preset.dashPattern, { colour: preset.colour })} width={90} />}
                  />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Stack spacing={1.5} sx={{ flex: 1, pt: 1 }}>
            {text("name", t("presets.name"), { autoFocus: true, required: true })}
            <TextField
              select
              size="small"
              label={t("presets.waterKind")}
              value={draft.waterKind}
              onChange={(e) => chooseWaterKind(e.target.value)}
              slotProps={{ htmlInput: { "data-testid": "pipe-preset-waterKind" } }}
            >
              <MenuItem value="">{t("waterKinds.none")}</MenuItem>
              {PIPE_WATER_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind} data-testid={`pipe-preset-waterKind-${kind}`}>
                  {t(`waterKinds.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              {text("colour", tStyle("fields.colour"), { type: "color", sx: { width: 110 } })}
              {text("widthMm", tStyle("fields.widthMm"), { sx: { width: 130 } })}
              <TextField
                select
                size="small"
                label={tStyle("fields.dashPattern")}
                value={draft.dashPattern}
                onChange={(e) => set("dashPattern", e.target.value)}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { "data-testid": "pipe-preset-dashPattern" } }}
              >
                {PIPE_DASH_PATTERNS.map((pattern) => (
                  <MenuItem key={pattern} value={pattern} data-testid={`pipe-preset-dashPattern-${pattern}`}>
                    <Box component="span" sx={{ mr: 1.5, display: "inline-flex" }}>
                      <Sample svg={pipeSample(pattern, { colour: draft.colour })} width={80} />
                    </Box>
                    {tStyle(`options.dashPattern.${pattern}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Stack direction="row" spacing={1}>
              {text("dimension", tStyle("fields.dimension"), { sx: { width: 140 } })}
              {text("material", tStyle("fields.material"), {
                sx: { flex: 1 },
                slotProps: { htmlInput: { list: "pipe-materials", "data-testid": "pipe-preset-material" } },
              })}
              {text("fallPerMille", tStyle("fields.fallPerMille"), { sx: { width: 110 } })}
            </Stack>
            <datalist id="pipe-materials">
              {MATERIAL_SUGGESTIONS.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
            {text("textAbove", tStyle("fields.textAbove"))}
            {text("textBelow", tStyle("fields.textBelow"))}
            <Typography variant="caption" color="text.secondary">
              {t("presets.labelHint")}
            </Typography>
            {selected && (
              <Box>
                <Button color="error" onClick={remove} disabled={pending} data-testid="pipe-preset-delete">
                  {t("presets.delete")}
                </Button>
              </Box>
            )}
          </Stack>
        </Box>
      )}
    </DialogFrame>
  );
}
