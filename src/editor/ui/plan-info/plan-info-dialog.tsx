"use client";
/**
 * "Planoplysninger" / "Planuppgifter": what authorities ask a plan to state beyond the drawing (the
 * person responsible for the marking and their phone, contractor, client, plan number, period and phase;
 * src/lib/elements/plan-info.ts), printed on the export's title block when given. Every field is
 * optional; the values are checked with the schema the server validates the plan with, so the messages
 * are the same words. Saving hands the whole information to `onSave`, which the editor makes one
 * undoable change of the plan.
 */
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { fetchExportOrganisation } from "../export/export-organisation";
import { DialogFrame } from "@/components/dialog-frame";
import { PLAN_INFO_TEXT_MAX, planInfoSchema, type PlanInfo } from "@/lib/elements/plan-info";
import { PLAN_PHASES, type PlanPhase } from "@/lib/elements/phase";

const TEXT_FIELDS = ["responsiblePerson", "responsiblePhone", "contractor", "client", "planNumber"] as const;
const DATE_FIELDS = ["periodFrom", "periodTo"] as const;
type TextKey = (typeof TEXT_FIELDS)[number];
type DateKey = (typeof DATE_FIELDS)[number];
type Field = TextKey | DateKey | "phase";

/** What the inputs hold: text as typed, dates as the date input's YYYY-MM-DD, "" for none. */
type Draft = Record<TextKey | DateKey, string> & { phase: PlanPhase | "" };

function draftOf(info: PlanInfo): Draft {
  const draft = Object.fromEntries([...TEXT_FIELDS, ...DATE_FIELDS].map((key) => [key, info[key] ?? ""])) as Draft;
  draft.phase = info.phase ?? "";
  return draft;
}

/**
 * The draft as stored: empty fields are absent (not ""), so a cleared field is not printed; fields this
 * dialog does not know (from a newer client) are kept as they were.
 */
function infoOf(draft: Draft, initial: PlanInfo): Record<string, unknown> {
  const info: Record<string, unknown> = { ...initial };
  for (const key of [...TEXT_FIELDS, ...DATE_FIELDS]) {
    const value = draft[key].trim();
    if (value) info[key] = value;
    else delete info[key];
  }
  if (draft.phase) info.phase = draft.phase;
  else delete info.phase;
  return info;
}

/** Mounted while it is open, so it starts from the plan's information every time. */
export function PlanInfoDialog({
  initial,
  onClose,
  onSave,
}: {
  /** The plan's information when the dialog opened. */
  initial: PlanInfo;
  onClose: () => void;
  onSave: (info: PlanInfo) => void;
}) {
  const t = useTranslations("editorPlanInfo");
  const tPage = useTranslations("editorExport.page");
  const validationText = useValidationText();
  /** What the title block prints as the contractor when the field is left empty: the user's organisation. */
  const [defaultContractor, setDefaultContractor] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchExportOrganisation().then(
      (organisation) =>
        live && organisation && setDefaultContractor(tPage("organisation", { name: organisation.name, number: organisation.cvr_number })),
    );
    return () => {
      live = false;
    };
  }, [tPage]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = planInfoSchema.safeParse(infoOf(draft, initial));
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error, validationText));
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  const textInput = (
    key: TextKey,
    extra: { type?: string; autoComplete?: string; autoFocus?: boolean; placeholder?: string; hint?: string } = {},
  ) => (
    <TextField
      key={key}
      label={t(`fields.${key}`)}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[key]}
      helperText={errors[key] ?? extra.hint}
      placeholder={extra.placeholder}
      fullWidth
      type={extra.type}
      autoFocus={extra.autoFocus}
      slotProps={{
        ...(extra.placeholder && { inputLabel: { shrink: true } }),
        htmlInput: { maxLength: PLAN_INFO_TEXT_MAX, autoComplete: extra.autoComplete ?? "off", "data-testid": `plan-info-${key}` },
      }}
    />
  );

  const dateInput = (key: DateKey) => (
    <TextField
      key={key}
      label={t(`fields.${key}`)}
      type="date"
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[key]}
      helperText={errors[key]}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": `plan-info-${key}` } }}
    />
  );

  return (
    <DialogFrame
      testId="plan-info-dialog"
      title={t("title")}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
      cancelLabel={t("cancel")}
      confirmLabel={t("save")}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("intro")}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {textInput("responsiblePerson", { autoFocus: true, autoComplete: "name" })}
          {textInput("responsiblePhone", { type: "tel", autoComplete: "tel" })}
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {textInput("contractor", {
            autoComplete: "organization",
            ...(defaultContractor && {
              placeholder: defaultContractor,
              hint: !draft.contractor.trim() ? t("contractorDefault") : undefined,
            }),
          })}
          {textInput("client")}
        </Stack>
        {textInput("planNumber")}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {DATE_FIELDS.map(dateInput)}
        </Stack>
        <TextField
          select
          label={t("fields.phase")}
          value={draft.phase}
          onChange={(e) => set("phase", e.target.value as Draft["phase"])}
          error={!!errors.phase}
          helperText={errors.phase}
          fullWidth
          slotProps={{ htmlInput: { "data-testid": "plan-info-phase" } }}
        >
          <MenuItem value="" data-testid="plan-info-phase-none">
            {t("phases.none")}
          </MenuItem>
          {PLAN_PHASES.map((phase) => (
            <MenuItem key={phase} value={phase} data-testid={`plan-info-phase-${phase}`}>
              {t(`phases.${phase}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </DialogFrame>
  );
}
