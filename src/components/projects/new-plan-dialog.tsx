"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { errorMessage } from "@/client/api";
import { fieldErrorsOf, useValidationText, type FieldErrors } from "@/client/form-errors";
import { createPlan, uploadBackground } from "@/client/projects/projects-api";
import type { ProjectDto } from "@/lib/schemas/project";
import { MAX_BACKGROUND_BYTES, PAPER_SIZES, planNameSchema, scaleSchema, type SignplanDto } from "@/lib/schemas/signplan";
import * as z from "zod";

/** What the file input offers; the server checks the content itself (core §5). */
const BACKGROUND_ACCEPT = ".png,.jpg,.jpeg,.webp,.pdf";
const BACKGROUND_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"];
const BACKGROUND_EXTENSION = /\.(png|jpe?g|webp|pdf)$/i;
const MAX_BACKGROUND_MB = MAX_BACKGROUND_BYTES / (1024 * 1024);

/** The form's own fields; an empty paper size or scale means none (both are optional). */
const newPlanFormSchema = z.object({
  name: planNameSchema,
  paperSize: z.enum(["", ...PAPER_SIZES], { error: "paperSize" }),
  // Not a union with "": a failed union reports its own generic issue instead of the scale's message.
  scale: z.string().refine((value) => value === "" || scaleSchema.safeParse(value).success, { error: "scaleFormat" }),
});

type Field = "name" | "scale" | "file";

type Stage = "form" | "creating" | "uploading" | "backgroundFailed";

/**
 * A new plan in `project` (core §3, §5): a name, optionally a background image or PDF, a paper size and
 * a scale 1:xxx. The plan is created first and the background uploaded to it afterwards; when only the
 * upload fails the plan exists without a background, which cannot be added later, so the dialog says so
 * and stays open with the way to the new plan.
 */
export function NewPlanDialog({
  project,
  onClose,
  onCreated,
  onOpen,
}: {
  project: ProjectDto;
  onClose: () => void;
  /** The plan exists (with or without its background): the lists reload. */
  onCreated: (plan: SignplanDto, complete: boolean) => void;
  onOpen: (planId: number) => void;
}) {
  const t = useTranslations("projects.planForm");
  const tp = useTranslations("projects");
  const validationText = useValidationText();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHintId = useId();
  const [name, setName] = useState("");
  const [paperSize, setPaperSize] = useState("");
  const [scale, setScale] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>("form");
  const [created, setCreated] = useState<SignplanDto | null>(null);
  const busy = stage === "creating" || stage === "uploading";

  const pickFile = (picked: File | null) => {
    if (fileInput.current) fileInput.current.value = ""; // picking the same file again still fires change
    if (!picked) return;
    const typeOk = BACKGROUND_TYPES.includes(picked.type) || (!picked.type && BACKGROUND_EXTENSION.test(picked.name));
    if (!typeOk) {
      setFile(null);
      setErrors((e) => ({ ...e, file: t("fileType") }));
    } else if (picked.size > MAX_BACKGROUND_BYTES) {
      setFile(null);
      setErrors((e) => ({ ...e, file: t("fileTooLarge", { mb: MAX_BACKGROUND_MB }) }));
    } else {
      setFile(picked);
      setErrors((e) => ({ ...e, file: undefined }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || stage === "backgroundFailed") return;
    const parsed = newPlanFormSchema.safeParse({ name, paperSize, scale: scale.trim() });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error, validationText));
      return;
    }
    setErrors({});
    setError(null);
    setStage("creating");
    let plan: SignplanDto;
    try {
      plan = await createPlan(
        { name: parsed.data.name, project_id: project.id, paperSize: parsed.data.paperSize || undefined, scale: parsed.data.scale || undefined },
        { toast: false },
      );
    } catch (failure) {
      setError(errorMessage(failure, t("error")));
      setStage("form");
      return;
    }
    if (!file) {
      onCreated(plan, true);
      return;
    }
    setStage("uploading");
    try {
      await uploadBackground(plan.id, file, { toast: false });
      onCreated(plan, true);
    } catch {
      setCreated(plan);
      setStage("backgroundFailed");
      onCreated(plan, false);
    }
  };

  const titleId = "new-plan-dialog-title";
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="new-plan-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t("title", { project: project.name })}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {stage === "backgroundFailed" ? (
            <Alert severity="warning" data-testid="background-failed">
              {t("backgroundFailed")}
            </Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t("name")}
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  setErrors((x) => ({ ...x, name: undefined }));
                }}
                error={!!errors.name}
                helperText={errors.name}
                disabled={busy}
                required
                fullWidth
                autoFocus
                name="name"
              />
              <Box>
                <Typography component="div" variant="body2" color="text.secondary" sx={{ mb: 1 }} id={`${fileHintId}-label`}>
                  {t("background")}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
                  <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={busy} aria-describedby={fileHintId}>
                    {t("chooseFile")}
                  </Button>
                  {file && (
                    <>
                      <Typography variant="body2" sx={{ wordBreak: "break-all" }} data-testid="background-file-name">
                        {file.name}
                      </Typography>
                      <Button size="small" color="inherit" onClick={() => setFile(null)} disabled={busy}>
                        {t("removeFile")}
                      </Button>
                    </>
                  )}
                </Stack>
                <input
                  ref={fileInput}
                  type="file"
                  accept={BACKGROUND_ACCEPT}
                  hidden
                  name="file"
                  aria-labelledby={`${fileHintId}-label`}
                  onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
                />
                <FormHelperText id={fileHintId} error={!!errors.file}>
                  {errors.file ?? t("fileHint", { mb: MAX_BACKGROUND_MB })}
                </FormHelperText>
              </Box>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <TextField
                  select
                  label={t("paperSize")}
                  value={paperSize}
                  onChange={(e) => setPaperSize(e.target.value)}
                  disabled={busy}
                  fullWidth
                  name="paperSize"
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="">{t("paperNone")}</option>
                  {PAPER_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </TextField>
                <TextField
                  label={t("scale")}
                  value={scale}
                  onChange={(e) => {
                    setScale(e.target.value);
                    setErrors((x) => ({ ...x, scale: undefined }));
                  }}
                  error={!!errors.scale}
                  helperText={errors.scale ?? t("scaleHint")}
                  placeholder="1:500"
                  disabled={busy}
                  fullWidth
                  name="scale"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {stage === "backgroundFailed" && created ? (
            <>
              <Button onClick={onClose} color="inherit">
                {tp("close")}
              </Button>
              <Button onClick={() => onOpen(created.id)} variant="contained" disableElevation autoFocus>
                {t("openCreated")}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={busy} color="inherit">
                {tp("cancel")}
              </Button>
              <Button type="submit" variant="contained" disableElevation disabled={busy}>
                {stage === "creating" ? t("creating") : stage === "uploading" ? t("uploading") : t("create")}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
